import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { seedDatabase } from "../../db/seed.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { createSystemAccounts } from "../ledger/ledger.repository.ts";
import { createUser, expectLedgerClean, fund } from "../ledger/testing.ts";
import { betPathCounts, LOTTERY_HOUSE_SHARDS, lotteryHouse, lotteryHouseCodes } from "./betting.service.ts";
import { bet, createDraw } from "./lottery.test-helpers.ts";

/**
 * The lottery's house shards exist from the server's start (lottery.seed.ts), so no slip of a new
 * deployment is handed back by bet_place (HOUSE_ACCOUNT) to create one on the general path while
 * holding its rows (docs/decisions/0028).
 */
describe("the lottery's house shards at start", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  async function shards(): Promise<{ code: string; kind: string; balance: number }[]> {
    return rowsOf<{ code: string; kind: string; balance: number }>(
      await t.ctx.db.execute(sql`
        select code, kind, balance from ledger_accounts where code like 'house:lottery:%' order by id`),
    ).map((r) => ({ code: r.code, kind: r.kind, balance: Number(r.balance) }));
  }

  it("a fresh app has all 16 shards, at zero, and the ledger is clean", async () => {
    expect(LOTTERY_HOUSE_SHARDS).toBe(16);
    expect(await shards()).toEqual(
      Array.from({ length: 16 }, (_, shard) => ({ code: `house:lottery:${shard}`, kind: `house_lottery_${shard}`, balance: 0 })),
    );
    await expectLedgerClean(t);
  });

  it("a slip on a fresh app goes in one call (no HOUSE_ACCOUNT hand-back to the general path)", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 10_000);
    const drawId = await createDraw(t, "2D");
    const before = betPathCounts(t.ctx);
    const res = await bet(t, u.token, "2D", drawId, [{ number: "42", amount: 1_000 }]);
    expect(res.statusCode, res.body).toBe(201);
    const after = betPathCounts(t.ctx);
    expect({ oneCall: after.oneCall - before.oneCall, general: after.general - before.general }).toEqual({ oneCall: 1, general: 0 });
    const house = (await shards()).find((s) => s.code === lotteryHouse(u.id).code);
    expect(house?.balance).toBe(1_000);
  });

  it("every start is idempotent: a second seeding creates nothing and changes no balance", async () => {
    const before = await shards();
    await seedDatabase(t.ctx.db, t.config);
    expect(await shards()).toEqual(before);
    expect(await createSystemAccounts(t.ctx.db, lotteryHouseCodes())).toBe(0);
  });

  it("a missing shard is still created by the general path (HOUSE_ACCOUNT), and two starts at once create each shard once", async () => {
    // A shard nobody has bet on yet (no entries), deleted as on a database from before this seeder.
    const entriesOf = async (code: string) =>
      Number(
        rowsOf<{ n: number }>(
          await t.ctx.db.execute(sql`
            select count(*)::int as n from journal_entries e join ledger_accounts a on a.id = e.account_id where a.code = ${code}`),
        )[0]?.n,
      );
    let u = await createUser(t);
    // A player of another shard than the slip above's (consecutive ids are).
    while ((await entriesOf(lotteryHouse(u.id).code)) > 0) u = await createUser(t);
    await fund(t, u.id, 10_000);
    const code = lotteryHouse(u.id).code;
    await t.ctx.db.execute(sql`delete from ledger_accounts where code = ${code}`);
    const drawId = await createDraw(t, "2D");
    const before = betPathCounts(t.ctx);
    const res = await bet(t, u.token, "2D", drawId, [{ number: "07", amount: 500 }]);
    expect(res.statusCode, res.body).toBe(201);
    const after = betPathCounts(t.ctx);
    expect({ oneCall: after.oneCall - before.oneCall, general: after.general - before.general }).toEqual({ oneCall: 0, general: 1 });
    expect((await shards()).find((s) => s.code === code)?.balance).toBe(500);

    // Two instances starting at once on a database missing every shard without entries.
    await t.ctx.db.execute(sql`
      delete from ledger_accounts a where a.code like 'house:lottery:%'
        and not exists (select 1 from journal_entries e where e.account_id = a.id)`);
    const missing = LOTTERY_HOUSE_SHARDS - (await shards()).length;
    expect(missing).toBeGreaterThan(0);
    const created = await Promise.all([
      createSystemAccounts(t.ctx.db, lotteryHouseCodes()),
      createSystemAccounts(t.ctx.db, lotteryHouseCodes()),
    ]);
    expect(created[0] + created[1]).toBe(missing);
    expect((await shards()).map((s) => s.code).sort()).toEqual(lotteryHouseCodes().sort());
  });
});
