import { pointListSchema } from "@shwe/contracts";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { createTestApp, onRealPostgres, type TestApp } from "../../test/test-app.ts";
import { postJournal } from "../ledger/ledger.service.ts";
import { balancesOf, call, createUser, expectLedgerClean } from "../ledger/testing.ts";

/**
 * Point-reward claims under concurrency (reliability.md). PGlite runs one statement at a time, so
 * these run only on real PostgreSQL (set TEST_DATABASE_URL).
 */
const count = async (t: TestApp, query: ReturnType<typeof sql>) => Number(rowsOf<{ n: number }>(await t.ctx.db.execute(query))[0]?.n);
const tally = (results: { statusCode: number }[]) => {
  const out: Record<number, number> = {};
  for (const r of results) out[r.statusCode] = (out[r.statusCode] ?? 0) + 1;
  return out;
};

describe.skipIf(!onRealPostgres)("point claims under concurrency (real PostgreSQL only: set TEST_DATABASE_URL to run)", () => {
  let t: TestApp;
  let rewardId: number;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { enabled: false, factor: 1 } } });
    const list = pointListSchema.parse((await call(t, "GET", "/api/point/list")).json());
    const reward = list.data.find((r) => r.points === 100);
    if (!reward) throw new Error("the seeded 100-point reward is missing");
    rewardId = reward.id;
  });
  afterEach(async () => expectLedgerClean(t));
  afterAll(async () => t.close());

  async function playerWithPoints(points: number) {
    const p = await createUser(t);
    await t.ctx.db.transaction(async (tx) => {
      await postJournal(tx, {
        kind: "test_points",
        userId: p.id,
        entries: [
          { account: { userId: p.id, kind: "point" }, amount: points },
          { account: { code: "house:points" }, amount: -points },
        ],
      });
    });
    return p;
  }

  it("concurrent point-reward claims → points never negative: 60 claims of 100 against 1,050 points → exactly 10 paid", async () => {
    const p = await playerWithPoints(1_050);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call(t, "POST", "/api/point/claim", { token: p.token, body: { point_id: rewardId }, headers: { "idempotency-key": `race-${i}` } }),
      ),
    );
    expect(tally(results)).toEqual({ 200: 10, 422: 50 });
    for (const r of results.filter((x) => x.statusCode === 422)) expect(r.json().code).toBe("INSUFFICIENT_POINTS");
    expect(await balancesOf(t, p.id)).toMatchObject({ point: 50, balance: 10_000 });
    expect(await count(t, sql`select count(*)::int as n from point_claims where user_id = ${p.id}`)).toBe(10);
    expect(await count(t, sql`select count(*)::int as n from ledger_accounts where user_id is not null and balance < 0`)).toBe(0);
  });

  it("one Idempotency-Key sent 40 times at once pays once; every answer is that one claim", async () => {
    const p = await playerWithPoints(1_000);
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        call(t, "POST", "/api/point/claim", { token: p.token, body: { point_id: rewardId }, headers: { "idempotency-key": "same-key" } }),
      ),
    );
    // Requests that meet the key while its first use is still running wait for it, then replay it.
    expect(tally(results)).toEqual({ 200: 40 });
    expect(new Set(results.map((r) => r.json().claim_id)).size).toBe(1);
    expect(results.filter((r) => r.headers["idempotent-replayed"] === "true").length).toBe(39);
    expect(await balancesOf(t, p.id)).toMatchObject({ point: 900, balance: 1_000 });
    expect(await count(t, sql`select count(*)::int as n from point_claims where user_id = ${p.id}`)).toBe(1);
  });

  it("claims racing settlement of new points: the balance ends exactly at earned − spent, never below 0", async () => {
    const p = await playerWithPoints(300);
    const earn = () =>
      t.ctx.db.transaction(async (tx) => {
        await postJournal(tx, {
          kind: "test_points",
          userId: p.id,
          entries: [
            { account: { userId: p.id, kind: "point" }, amount: 50 },
            { account: { code: "house:points" }, amount: -50 },
          ],
        });
      });
    const claims = Array.from({ length: 30 }, () => call(t, "POST", "/api/point/claim", { token: p.token, body: { point_id: rewardId } }));
    const earned = Array.from({ length: 20 }, () => earn());
    const results = await Promise.all(claims);
    await Promise.all(earned);
    const paid = results.filter((r) => r.statusCode === 200).length;
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 422)).toBe(true);
    expect(paid).toBeGreaterThanOrEqual(3);
    expect(paid).toBeLessThanOrEqual(13);
    expect(await balancesOf(t, p.id)).toMatchObject({ point: 300 + 20 * 50 - paid * 100, balance: paid * 1_000 });
  });
});
