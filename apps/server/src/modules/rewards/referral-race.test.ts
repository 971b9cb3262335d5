import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { createTestApp, onRealPostgres, type TestApp } from "../../test/test-app.ts";
import { balancesOf, call, expectLedgerClean } from "../ledger/testing.ts";
import { connectTestProvider, expectRoundsReconciled } from "../providers/wallet.test-helpers.ts";
import { CLAIM, holdOf, loseRound, newDevice, provenPhone, signUp, signUpOk } from "./referral.test-helpers.ts";

/**
 * Referral races on real PostgreSQL (PGlite runs one statement at a time, so these run only with
 * TEST_DATABASE_URL set): concurrent claims move the amount once, concurrent sign-ups from one
 * device flag the referrer once, and claims racing the flag never pay held earnings.
 */
const count = async (t: TestApp, query: ReturnType<typeof sql>) => Number(rowsOf<{ n: number }>(await t.ctx.db.execute(query))[0]?.n);
const statuses = (results: { statusCode: number }[]) => {
  const out: Record<number, number> = {};
  for (const r of results) out[r.statusCode] = (out[r.statusCode] ?? 0) + 1;
  return out;
};

describe.skipIf(!onRealPostgres)("referral races on real PostgreSQL (set TEST_DATABASE_URL to run)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { enabled: false, factor: 1 } } });
    connectTestProvider(t);
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await expectRoundsReconciled(t);
    await t.close();
  });

  it("30 concurrent claims (some sharing a key) → the referral amount moves to main exactly once", async () => {
    const referrer = await signUpOk(t, { device: newDevice() });
    const referee = await signUpOk(t, { device: newDevice(), referralCode: referrer.referralCode });
    await loseRound(t, referee.id, 60_000); // 3,000
    const shared = `shared-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(t, "POST", CLAIM, { token: referrer.token, headers: { "idempotency-key": i < 5 ? shared : `own-${Date.now()}-${i}` } }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const bodies = new Set(ok.map((r) => r.body));
    expect(bodies.size).toBe(1);
    expect(ok[0]?.json()).toMatchObject({ amount: 3_000, balance: 3_000, game_refer_amt: 0 });
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(422);
      expect(r.json().code).toBe("NOTHING_TO_CLAIM");
    }
    expect(await count(t, sql`select count(*)::int as n from journals where kind = 'referral_claim' and user_id = ${referrer.id}`)).toBe(1);
    expect(await balancesOf(t, referrer.id)).toMatchObject({ balance: 3_000, game_refer_amt: 0 });
    await expectLedgerClean(t);
  }, 120_000);

  it("8 concurrent sign-ups from one device → the referrer is flagged once, every sign-up succeeds", async () => {
    const referrer = await signUpOk(t, { device: newDevice() });
    const device = newDevice();
    const proofs = [];
    for (let i = 0; i < 8; i++) proofs.push(await provenPhone(t));
    const results = await Promise.all(proofs.map((proof) => signUp(t, { device, proof, referralCode: referrer.referralCode })));
    expect(statuses(results)).toEqual({ 201: 8 });
    expect(await holdOf(t, referrer.id)).toBe("held");
    expect(
      await count(t, sql`select count(*)::int as n from audit_log where action = 'referral.flag' and target_id = ${String(referrer.id)}`),
    ).toBe(1);
    const groups = rowsOf<{ groups: { refereeIds: number[] }[] }>(
      await t.ctx.db.execute(sql`select groups from referral_holds where referrer_id = ${referrer.id}`),
    )[0]?.groups;
    expect(groups?.[0]?.refereeIds).toHaveLength(8);
  }, 120_000);

  it("claims racing the sign-up that flags the referrer: earnings move at most once, and never after the flag", async () => {
    const referrer = await signUpOk(t, { device: newDevice() });
    const device = newDevice();
    const a = await signUpOk(t, { device, referralCode: referrer.referralCode });
    await signUpOk(t, { device, referralCode: referrer.referralCode });
    await loseRound(t, a.id, 20_000); // 1,000
    const proof = await provenPhone(t);
    const [flagging, ...claims] = await Promise.all([
      signUp(t, { device, proof, referralCode: referrer.referralCode }),
      ...Array.from({ length: 10 }, (_, i) =>
        call(t, "POST", CLAIM, { token: referrer.token, headers: { "idempotency-key": `race-${Date.now()}-${i}` } }),
      ),
    ]);
    expect(flagging?.statusCode).toBe(201);
    expect(await holdOf(t, referrer.id)).toBe("held");
    const ok = claims.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeLessThanOrEqual(1);
    for (const r of claims.filter((x) => x.statusCode !== 200)) expect(["NOTHING_TO_CLAIM", "REFERRAL_HELD"]).toContain(r.json().code);
    const balances = await balancesOf(t, referrer.id);
    expect(balances.balance + balances.game_refer_amt).toBe(1_000);
    expect(balances.balance).toBe(ok.length === 1 ? 1_000 : 0);
    // Once flagged, a claim is refused whatever is left.
    await loseRound(t, a.id, 2_000);
    expect((await call(t, "POST", CLAIM, { token: referrer.token, body: {} })).json().code).toBe("REFERRAL_HELD");
  }, 120_000);
});
