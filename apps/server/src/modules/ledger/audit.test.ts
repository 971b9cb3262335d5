import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { auditLedger } from "./audit.ts";
import { postJournal } from "./ledger.service.ts";
import { createUser, fund } from "./testing.ts";

/** Each test breaks one invariant behind the ledger's back and expects the auditor to name it. */
describe("ledger auditor (I1–I8)", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  const invariants = async () => (await auditLedger(t.ctx.db)).violations.map((v) => v.invariant);

  it("is clean on a freshly seeded database and skips nothing", async () => {
    const player = await createUser(t);
    await fund(t, player.id, 1_000);
    const report = await auditLedger(t.ctx.db);
    expect(report).toEqual({ ok: true, violations: [], skipped: [] });
  });

  it("I2 and I3: a balance changed without a journal", async () => {
    const player = await createUser(t);
    await fund(t, player.id, 1_000);
    await t.ctx.db.execute(sql`update ledger_accounts set balance = balance + 5 where user_id = ${player.id} and kind = 'main'`);
    const found = await invariants();
    expect(found).toContain("I2");
    expect(found).toContain("I3");
  });

  it("I1: a journal with a single entry", async () => {
    const res = await t.ctx.db.execute(sql`insert into journals (kind) values ('broken') returning id`);
    const journalId = Number((res as unknown as { rows: { id: number }[] }).rows[0]?.id);
    await t.ctx.db.execute(sql`insert into ledger_accounts (kind, code, balance) values ('house_x', 'house:x', 7)`);
    await t.ctx.db.execute(
      sql`insert into journal_entries (journal_id, account_id, amount, balance_after) select ${journalId}, id, 7, 7 from ledger_accounts where code = 'house:x'`,
    );
    const found = await invariants();
    expect(found).toContain("I1");
    expect(found).toContain("I2");
  });

  it("I4: the non-negative CHECK removed", async () => {
    await t.ctx.db.execute(sql`alter table ledger_accounts drop constraint ledger_accounts_player_nonneg`);
    expect(await invariants()).toEqual(["I4"]);
  });

  it("I5: a 'reversal' that does not mirror its journal", async () => {
    const player = await createUser(t);
    await fund(t, player.id, 1_000);
    const original = await t.ctx.db.transaction((tx) =>
      postJournal(tx, {
        kind: "transfer_in",
        userId: player.id,
        entries: [
          { account: { userId: player.id, kind: "main" }, amount: -400 },
          { account: { userId: player.id, kind: "game" }, amount: 400 },
        ],
      }),
    );
    await t.ctx.db.transaction((tx) =>
      postJournal(tx, {
        kind: "transfer_in_reversal",
        userId: player.id,
        reversesId: original.journalId,
        entries: [
          { account: { userId: player.id, kind: "main" }, amount: 300 },
          { account: { userId: player.id, kind: "game" }, amount: -300 },
        ],
      }),
    );
    expect(await invariants()).toEqual(["I5"]);
  });

  it("I6: bet lines of settled and void draws, their payouts and their journals", async () => {
    const player = await createUser(t);
    await fund(t, player.id, 10_000);
    await t.ctx.db.execute(sql`insert into draws (id, type, draw_at, closes_at, status, odds, result_source, result, void_reason)
      values (1, '2D', now(), now(), 'settled', 85, 'manual', '07', null), (2, '2D', now() + interval '1 hour', now(), 'void', 85, 'manual', null, 'closed')`);
    const stake = async (slipId: number, drawId: number, lines: [number, string, number, string, number][]) => {
      const total = lines.reduce((sum, l) => sum + l[2], 0);
      await t.ctx.db.execute(
        sql`insert into bet_slips (id, user_id, draw_id, type, total) values (${slipId}, ${player.id}, ${drawId}, '2D', ${total})`,
      );
      for (const [id, number, amount, status, win] of lines) {
        await t.ctx.db.execute(sql`insert into bet_lines (id, slip_id, draw_id, user_id, number, amount, odds, status, win_amount)
          values (${id}, ${slipId}, ${drawId}, ${player.id}, ${number}, ${amount}, 85, ${status}, ${win})`);
      }
      await t.ctx.db.transaction((tx) =>
        postJournal(tx, {
          kind: "lottery_bet",
          userId: player.id,
          uniqueKey: `bet:${slipId}`,
          entries: [
            { account: { userId: player.id, kind: "main" }, amount: -total },
            { account: { code: "house:lottery:0" }, amount: total },
          ],
        }),
      );
    };
    await stake(1, 1, [
      [1, "07", 100, "won", 8_500],
      [2, "08", 100, "lost", 0],
    ]);
    const win = await t.ctx.db.transaction((tx) =>
      postJournal(tx, {
        kind: "lottery_win",
        userId: player.id,
        uniqueKey: "settle:1",
        entries: [
          { account: { userId: player.id, kind: "main" }, amount: 8_500 },
          { account: { code: "house:lottery:0" }, amount: -8_500 },
        ],
      }),
    );
    await t.ctx.db.execute(sql`update bet_lines set settled_journal_id = ${win.journalId} where id = 1`);
    expect(await auditLedger(t.ctx.db)).toEqual({ ok: true, violations: [], skipped: [] });

    // A won line paying the wrong amount, a line left pending on a settled draw, a void draw's line never refunded.
    await stake(2, 1, [
      [3, "07", 100, "won", 8_000],
      [4, "09", 100, "pending", 0],
    ]);
    await stake(3, 2, [[5, "11", 100, "pending", 0]]);
    const details = (await auditLedger(t.ctx.db)).violations.map((v) => `${v.invariant} ${v.detail}`);
    expect(details).toEqual([
      "I6 bet line 4 (pending, draw settled) is not won or lost on a settled draw",
      "I6 bet line 5 (pending, draw void) is not refunded on a void draw",
      "I6 bet line 3 (won) pays 8000, should pay 8500",
      "I6 bet line 3 (won, win 8000) has 0 payout journals crediting 0",
    ]);
  });

  it("I7: a pending cash-out whose amount was never held", async () => {
    const player = await createUser(t);
    await t.ctx.db.execute(
      sql`insert into cash_requests (user_id, kind, payment_method_id, amount, account_number, holder_name) values (${player.id}, 'out', 1, 5000, '0911111111', 'X')`,
    );
    const report = await auditLedger(t.ctx.db);
    expect(report.violations.map((v) => v.invariant)).toEqual(["I7", "I7"]);
    expect(report.violations[0]?.detail).toContain("without exactly one hold");
  });

  it("I8: an append-only trigger disabled", async () => {
    await t.ctx.db.execute(sql`alter table journal_entries disable trigger journal_entries_append_only`);
    const report = await auditLedger(t.ctx.db);
    expect(report.violations).toEqual([{ invariant: "I8", detail: "trigger journal_entries_append_only is missing or disabled" }]);
  });
});
