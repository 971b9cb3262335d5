import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { auditLog } from "../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { balanceAfter, DuplicateJournalError, InsufficientFundsError, postJournal, reverseJournal, withMoneyTx } from "./ledger.service.ts";
import { balancesOf, createUser, expectLedgerClean, fund, moneySnapshot } from "./testing.ts";

describe("ledger: postJournal / reverseJournal / withMoneyTx", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(async () => expectLedgerClean(t));
  afterAll(async () => t.close());

  it("posts a balanced journal: balances, balance_after, an outbox row per player", async () => {
    const a = await createUser(t);
    await fund(t, a.id, 10_000);
    const posted = await t.ctx.db.transaction((tx) =>
      postJournal(tx, {
        kind: "transfer_in",
        userId: a.id,
        entries: [
          { account: { userId: a.id, kind: "main" }, amount: -2_500 },
          { account: { userId: a.id, kind: "game" }, amount: 2_500 },
        ],
      }),
    );
    expect(balanceAfter(posted, { userId: a.id, kind: "main" })).toBe(7_500);
    expect(balanceAfter(posted, { userId: a.id, kind: "game" })).toBe(2_500);
    expect(await balancesOf(t, a.id)).toMatchObject({ balance: 7_500, game_balance: 2_500 });
    const outbox = await t.ctx.db.execute(
      sql`select topic, user_id from outbox where (payload ->> 'journal_id')::bigint = ${posted.journalId}`,
    );
    expect(rowsOf(outbox)).toEqual([{ topic: "balance", user_id: a.id }]);
  });

  it("refuses an unbalanced or one-sided journal and writes nothing", async () => {
    const a = await createUser(t);
    await fund(t, a.id, 1_000);
    const before = await moneySnapshot(t.ctx.db);
    const bad = [
      [{ account: { userId: a.id, kind: "main" as const }, amount: 5 }],
      [
        { account: { userId: a.id, kind: "main" as const }, amount: -5 },
        { account: { code: "house:promo" }, amount: 4 },
      ],
      [
        { account: { userId: a.id, kind: "main" as const }, amount: -0.5 },
        { account: { code: "house:promo" }, amount: 0.5 },
      ],
      [
        { account: { userId: a.id, kind: "main" as const }, amount: -5 },
        { account: { code: "house:Not Valid" }, amount: 5 },
      ],
    ];
    for (const entries of bad) {
      await expect(t.ctx.db.transaction((tx) => postJournal(tx, { kind: "x", userId: a.id, entries }))).rejects.toThrow();
    }
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);
  });

  it("refuses a debit beyond the balance (conditional update) and changes nothing", async () => {
    const a = await createUser(t);
    await fund(t, a.id, 1_000);
    const before = await moneySnapshot(t.ctx.db);
    const attempt = t.ctx.db.transaction((tx) =>
      postJournal(tx, {
        kind: "transfer_in",
        userId: a.id,
        entries: [
          { account: { userId: a.id, kind: "main" }, amount: -1_001 },
          { account: { userId: a.id, kind: "game" }, amount: 1_001 },
        ],
      }),
    );
    await expect(attempt).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);
  });

  it("creates a player's ledger accounts lazily, and answers 404 for an unknown player", async () => {
    const a = await createUser(t, { accounts: false });
    const count = async () =>
      rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from ledger_accounts where user_id = ${a.id}`))[0]?.n;
    expect(await count()).toBe(0);
    await fund(t, a.id, 300);
    expect(await count()).toBe(6);
    expect((await balancesOf(t, a.id)).balance).toBe(300);
    await expect(fund(t, 987_654_321, 5)).rejects.toMatchObject({ status: 404, code: "NOT_FOUND" });
  });

  it("a unique key is used by one journal only", async () => {
    const a = await createUser(t);
    const post = () =>
      t.ctx.db.transaction((tx) =>
        postJournal(tx, {
          kind: "claim",
          userId: a.id,
          uniqueKey: `claim:${a.id}:2024-01-01`,
          entries: [
            { account: { userId: a.id, kind: "main" }, amount: 100 },
            { account: { code: "house:promo" }, amount: -100 },
          ],
        }),
      );
    await post();
    await expect(post()).rejects.toBeInstanceOf(DuplicateJournalError);
    expect((await balancesOf(t, a.id)).balance).toBe(100);
  });

  it("reversing a journal restores every balance, once", async () => {
    const a = await createUser(t);
    await fund(t, a.id, 5_000);
    const before = await balancesOf(t, a.id);
    const posted = await t.ctx.db.transaction((tx) =>
      postJournal(tx, {
        kind: "cash_in",
        userId: a.id,
        entries: [
          { account: { userId: a.id, kind: "main" }, amount: 1_000 },
          { account: { code: "external:wallet:1" }, amount: -1_000 },
          { account: { userId: a.id, kind: "game" }, amount: 100 },
          { account: { code: "house:promo" }, amount: -100 },
        ],
      }),
    );
    await t.ctx.db.transaction((tx) => reverseJournal(tx, posted.journalId));
    expect(await balancesOf(t, a.id)).toEqual(before);
    await expect(t.ctx.db.transaction((tx) => reverseJournal(tx, posted.journalId))).rejects.toMatchObject({
      status: 409,
      code: "ALREADY_REVERSED",
    });
  });

  it("journals, entries and the audit log refuse UPDATE and DELETE", async () => {
    const a = await createUser(t);
    await fund(t, a.id, 10);
    await t.ctx.db.insert(auditLog).values({ actorId: a.id, action: "test.entry" });
    for (const stmt of [sql`update journals set memo = 'x'`, sql`delete from journal_entries`, sql`update audit_log set action = 'x'`]) {
      await expect(t.ctx.db.execute(stmt)).rejects.toThrow();
    }
  });

  it("keeps balances above 2^31 exact", async () => {
    const a = await createUser(t);
    const big = 2 ** 31 + 12_345;
    await fund(t, a.id, 9_999_999_999);
    await fund(t, a.id, big);
    expect((await balancesOf(t, a.id)).balance).toBe(9_999_999_999 + big);
  });

  it("withMoneyTx retries a deadlock or serialization failure, and only those", async () => {
    let calls = 0;
    const value = await withMoneyTx(t.ctx.db, async () => {
      calls++;
      if (calls < 3) throw Object.assign(new Error("deadlock detected"), { code: calls === 1 ? "40P01" : "40001" });
      return "done";
    });
    expect(value).toBe("done");
    expect(calls).toBe(3);
    let other = 0;
    await expect(
      withMoneyTx(t.ctx.db, async () => {
        other++;
        throw Object.assign(new Error("unique"), { code: "23505" });
      }),
    ).rejects.toThrow("unique");
    expect(other).toBe(1);
    let always = 0;
    await expect(
      withMoneyTx(t.ctx.db, async () => {
        always++;
        throw Object.assign(new Error("deadlock"), { code: "40P01" });
      }),
    ).rejects.toMatchObject({ status: 503, code: "BUSY" });
    expect(always).toBe(5);
  });
});
