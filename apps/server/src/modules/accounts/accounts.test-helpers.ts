import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { expect } from "vitest";
import type { ZodApp } from "../../app-context.ts";
import { type Db, rowsOf } from "../../db/client.ts";

/** Helpers shared by the account tests (not a test file itself). */

/** A fresh, valid Myanmar mobile number (09 + 9 digits) that no other test uses. */
export function newPhone(): string {
  return `097${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The code of the newest SMS sent to the phone, read from the demo outbox like a client would. */
export async function codeFromOutbox(app: ZodApp, phone: string): Promise<string> {
  const res = await app.inject({ method: "GET", url: `/api/dev/outbox?phone=${phone}` });
  expect(res.statusCode).toBe(200);
  const text: string = res.json().data[0]?.text ?? "";
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in outbox for ${phone}: ${text}`);
  return code;
}

export async function post(app: ZodApp, url: string, payload: unknown, token?: string) {
  return app.inject({ method: "POST", url, payload: payload as object, ...(token ? { headers: auth(token) } : {}) });
}

/** send_otp → outbox → verify_otp: the otp_token of a verified phone. */
export async function verifiedPhone(app: ZodApp, phone: string, purpose: "register" | "reset" | "login"): Promise<string> {
  const sent = await post(app, "/api/user/send_otp", { phone, purpose });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = await codeFromOutbox(app, phone);
  const verified = await post(app, "/api/user/verify_otp", { phone, purpose, code });
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json().otp_token as string;
}

export interface Registered {
  id: number;
  phone: string;
  password: string;
  token: string;
  referralCode: string;
}

/** A new player through the real sign-up flow. */
export async function registerPlayer(app: ZodApp, extra: { referral_code?: string; password?: string } = {}): Promise<Registered> {
  const phone = newPhone();
  const password = extra.password ?? "correct horse 1";
  const otpToken = await verifiedPhone(app, phone, "register");
  const res = await post(app, "/api/user/verify_register", {
    phone,
    name: "Test Player",
    password,
    otp_token: otpToken,
    ...(extra.referral_code ? { referral_code: extra.referral_code } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return { id: body.user.id, phone, password, token: body.token, referralCode: body.user.referral_code };
}

export async function loginAs(app: ZodApp, phone: string, password: string): Promise<string> {
  const res = await post(app, "/api/user/login", { phone, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

const COUNTED = ["users", "auth_tokens", "otp_codes", "otp_proofs", "lvl2_uploads", "ledger_accounts"] as const;

/** Row counts of the account tables, to show that a refusal changed nothing. */
export async function rowCounts(db: Db): Promise<Record<(typeof COUNTED)[number], number>> {
  const out = {} as Record<(typeof COUNTED)[number], number>;
  for (const table of COUNTED) {
    const res = await db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    out[table] = Number(rowsOf<{ n: number }>(res)[0]?.n);
  }
  return out;
}

/** Live (unrevoked, unexpired) tokens of an account. */
export async function liveTokens(db: Db, userId: number): Promise<number> {
  const res = await db.execute(
    sql`select count(*)::int as n from auth_tokens where user_id = ${userId} and revoked_at is null and expires_at > now()`,
  );
  return Number(rowsOf<{ n: number }>(res)[0]?.n);
}

export async function auditActions(db: Db, action: string, targetId: string | number): Promise<Record<string, unknown>[]> {
  const res = await db.execute(
    sql`select actor_id, action, target_type, target_id, before, after, ip from audit_log where action = ${action} and target_id = ${String(targetId)} order by id`,
  );
  return rowsOf<Record<string, unknown>>(res);
}

export async function pngImage(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 160, b: 40 } } })
    .png()
    .toBuffer();
}

export interface FilePart {
  name: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body for app.inject. */
export function multipart(parts: (FilePart | { name: string; value: string })[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----shwe${randomInt(0, 1e9)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ("data" in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.data,
        Buffer.from("\r\n"),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
