import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { rowsOf } from "../../db/client.ts";
import type { TestApp } from "../../test/test-app.ts";
import { newPhone, verifiedPhone } from "../accounts/accounts.test-helpers.ts";
import { fund } from "../ledger/testing.ts";
import { nextId, userCodeOf, wallet } from "../providers/wallet.test-helpers.ts";

/** Fixtures of the referral farming tests (not a test file). */

export const CLAIM = "/api/user/claim_game_refer_amt";
export const newDevice = () => randomBytes(12).toString("base64url");

export interface Signed {
  id: number;
  phone: string;
  token: string;
  referralCode: string;
}

/** The real sign-up, from a device id and a client IP. */
export interface SignUpOptions {
  device?: string;
  ip?: string;
  /** The User-Agent header (none when absent). */
  userAgent?: string;
  referralCode?: string;
  /** A phone already proven (provenPhone); a new one otherwise. */
  proof?: { phone: string; otpToken: string };
}

/**
 * Each sign-up without an address of its own comes from a different one, so only the tests about
 * shared addresses (which pass `ip`) meet the same-address-and-browser signal of self-referral.
 */
let lastOctet = 0;
const nextAddress = () => `198.51.100.${(lastOctet++ % 240) + 10}`;

export async function signUp(t: TestApp, opts: SignUpOptions = {}) {
  const { phone, otpToken } = opts.proof ?? (await provenPhone(t));
  return t.app.inject({
    method: "POST",
    url: "/api/user/verify_register",
    remoteAddress: opts.ip ?? nextAddress(),
    headers: { ...(opts.device ? { "x-device-id": opts.device } : {}), ...(opts.userAgent ? { "user-agent": opts.userAgent } : {}) },
    payload: {
      phone,
      name: "Referral Test",
      password: "correct horse 1",
      otp_token: otpToken,
      ...(opts.referralCode ? { referral_code: opts.referralCode } : {}),
    },
  });
}

export async function signUpOk(t: TestApp, opts: SignUpOptions = {}): Promise<Signed> {
  const res = await signUp(t, opts);
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return { id: body.user.id, phone: body.user.phone, token: body.token, referralCode: body.user.referral_code };
}

/** The referee plays one casino round and loses `loss` (funded first). */
export async function loseRound(t: TestApp, refereeId: number, loss: number) {
  await fund(t, refereeId, loss, "game");
  const player = await userCodeOf(t, refereeId);
  const round = nextId("r");
  expect((await wallet(t, "debit", { player, transaction_id: nextId("d"), round_id: round, amount: loss })).answer.status).toBe("OK");
  expect((await wallet(t, "credit", { player, transaction_id: nextId("c"), round_id: round, amount: 0 })).answer.status).toBe("OK");
}

export async function holdOf(t: TestApp, referrerId: number): Promise<string | undefined> {
  const res = await t.ctx.db.execute(sql`select status from referral_holds where referrer_id = ${referrerId}`);
  return rowsOf<{ status: string }>(res)[0]?.status;
}

export async function auditActions(t: TestApp, referrerId: number): Promise<{ action: string; actor_id: number | null; after: unknown }[]> {
  const res = await t.ctx.db.execute(
    sql`select action, actor_id, after from audit_log where action like 'referral.%' and target_id = ${String(referrerId)} order by id`,
  );
  return rowsOf(res);
}

/** A phone proven for sign-up (so sign-ups can then be sent at once). */
export async function provenPhone(t: TestApp): Promise<{ phone: string; otpToken: string }> {
  const phone = newPhone();
  return { phone, otpToken: await verifiedPhone(t.app, phone, "register") };
}
