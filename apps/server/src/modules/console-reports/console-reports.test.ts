import { cashReportSchema, dailyPnlSchema, drawPnlSchema, reconciliationSchema } from "@shwe/contracts";
import { yangonDate, yangonDayBounds } from "@shwe/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { ManualClock } from "../../lib/clock.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { call, createUser, DEFAULT_PASSWORD, expectErrorBody, expectLedgerClean, fund, type TestUser } from "../ledger/testing.ts";
import { bet, createDraw, passDrawTime, testScheduler } from "../lottery/lottery.test-helpers.ts";
import { voidDraw } from "../lottery/settlement.service.ts";
import { connectTestProvider, nextId, player, wallet } from "../providers/wallet.test-helpers.ts";
import { csvCell, toCsv } from "./csv.ts";

/** Parses the CSV the reports write (quoted cells, CRLF) into header → value records. */
function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  const [head, ...body] = rows;
  return body.map((r) => Object.fromEntries((head ?? []).map((h, i) => [h, r[i] ?? ""])));
}

const sum = (rows: Record<string, string>[], column: string) => rows.reduce((s, r) => s + Number(r[column]), 0);

/** Ledger totals computed straight from journal entries on the players' accounts (independent of the report's query). */
async function ledgerTotal(t: TestApp, kinds: string[], accountKind: string): Promise<number> {
  const res = await t.ctx.db.execute(sql`
    select coalesce(sum(e.amount), 0)::bigint as s
      from journal_entries e join journals j on j.id = e.journal_id join ledger_accounts a on a.id = e.account_id
     where a.user_id is not null and a.kind = ${accountKind} and j.kind in (${sql.join(
       kinds.map((k) => sql`${k}`),
       sql`, `,
     )})`);
  return Number(rowsOf<{ s: string }>(res)[0]?.s ?? 0);
}

describe("console reports", () => {
  let t: TestApp;
  let clock: ManualClock;
  let admin: TestUser;
  let operator: TestUser;
  const today = () => yangonDate(clock.now());

  beforeAll(async () => {
    clock = new ManualClock(new Date());
    t = await createTestApp({ clock, config: { rateLimits: { enabled: false, factor: 1 } } });
    connectTestProvider(t);
    admin = await createUser(t, { role: "admin" });
    operator = await createUser(t, { role: "operator" });

    // Lottery: two players bet on a fair 2D draw that settles, and on a 3D draw that is voided.
    const alice = await createUser(t);
    const bob = await createUser(t);
    await fund(t, alice.id, 100_000);
    await fund(t, bob.id, 100_000);
    const settled = await createDraw(t, "2D");
    for (const n of ["00", "11", "22", "33", "44", "55", "66", "77", "88", "99"]) {
      expect((await bet(t, alice.token, "2D", settled, [{ number: n, amount: 500 }])).statusCode).toBe(201);
    }
    expect((await bet(t, bob.token, "2D", settled, [{ number: "12", amount: 1_000 }])).statusCode).toBe(201);
    const voided = await createDraw(t, "3D");
    expect((await bet(t, bob.token, "3D", voided, [{ number: "123", amount: 2_000 }])).statusCode).toBe(201);
    await voidDraw(t.ctx, voided, "Test void", null);
    // Both draws are held now: a draw an hour ahead would fall on tomorrow's report late in a Yangon evening.
    await passDrawTime(t, voided);
    const drawAt = await passDrawTime(t, settled);
    clock.set(new Date(drawAt.getTime() + 1_000));
    await testScheduler(t).tick();

    // Casino: a round lost and a round won.
    const carol = await player(t, 50_000);
    const lost = nextId("r");
    await wallet(t, "debit", { player: carol.userCode, transaction_id: nextId("d"), round_id: lost, amount: 4_000 });
    await wallet(t, "credit", { player: carol.userCode, transaction_id: nextId("c"), round_id: lost, amount: 0 });
    const won = nextId("r");
    await wallet(t, "debit", { player: carol.userCode, transaction_id: nextId("d"), round_id: won, amount: 1_000 });
    await wallet(t, "credit", { player: carol.userCode, transaction_id: nextId("c"), round_id: won, amount: 2_500 });

    // Cash: a cash-in approved and a cash-out paid.
    const dave = await createUser(t);
    await fund(t, dave.id, 30_000);
    const cin = await call(t, "POST", "/api/cash-in", {
      token: dave.token,
      body: { payment_method_id: 1, amount: 20_000, last_six_digits: "123456" },
    });
    await call(t, "POST", `/api/admin/cash-requests/${(cin.json() as { id: number }).id}/approve`, { token: operator.token, body: {} });
    const cout = await call(t, "POST", "/api/cash-out", {
      token: dave.token,
      body: {
        payment_method_id: 1,
        amount: 15_000,
        account_number: "09791234567",
        holder_name: 'Dave, "D" =1',
        password: DEFAULT_PASSWORD,
      },
    });
    await call(t, "POST", `/api/admin/cash-requests/${(cout.json() as { id: number }).id}/approve`, { token: operator.token, body: {} });
  }, 120_000);
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  const report = (path: string, query = "", token = operator.token) =>
    call(t, "GET", `/api/admin/reports/${path}?start_date=${today()}&end_date=${today()}${query}`, { token });

  it("profit and loss per day and game agrees with the ledger, and its CSV with the JSON", async () => {
    const pnl = dailyPnlSchema.parse((await report("pnl")).json());
    const lottery = pnl.data.filter((r) => r.product === "lottery");
    const casino = pnl.data.filter((r) => r.product === "casino");
    expect(lottery.find((r) => r.game === "2D")).toMatchObject({ stakes: 6_000 });
    expect(lottery.find((r) => r.game === "3D")).toMatchObject({ stakes: 2_000, refunds: 2_000, payouts: 0, net: 0 });
    expect(casino).toEqual([expect.objectContaining({ game: "GDG", stakes: 5_000, payouts: 2_500, net: 2_500 })]);

    // Against the ledger itself.
    expect(lottery.reduce((s, r) => s + r.stakes, 0)).toBe(-(await ledgerTotal(t, ["lottery_bet"], "main")));
    expect(lottery.reduce((s, r) => s + r.payouts, 0)).toBe(await ledgerTotal(t, ["lottery_win"], "main"));
    expect(lottery.reduce((s, r) => s + r.refunds, 0)).toBe(await ledgerTotal(t, ["lottery_refund"], "main"));
    expect(casino.reduce((s, r) => s + r.stakes, 0)).toBe(-(await ledgerTotal(t, ["casino_bet", "casino_bet_rollback"], "game")));
    expect(casino.reduce((s, r) => s + r.payouts, 0)).toBe(await ledgerTotal(t, ["casino_win", "casino_bonus", "casino_jackpot"], "game"));
    expect(pnl.totals.net).toBe(pnl.totals.stakes - pnl.totals.payouts - pnl.totals.refunds);

    const res = await report("pnl", "&format=csv");
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="profit-and-loss-${today()}-to-${today()}.csv"`);
    const rows = parseCsv(res.body);
    expect(rows).toHaveLength(pnl.data.length);
    for (const column of ["stakes", "payouts", "refunds", "net"] as const) expect(sum(rows, column)).toBe(pnl.totals[column]);
  });

  it("lists each draw held with its stakes, wins, refunds and result", async () => {
    const draws = drawPnlSchema.parse((await report("draws")).json());
    const settled = draws.data.find((d) => d.type === "2D");
    expect(settled).toMatchObject({ status: "settled", stakes: 6_000, number: expect.stringMatching(/^\d\d$/) });
    const n = settled?.number ?? "";
    expect(settled?.payouts).toBe(n === "12" ? 85_000 : n[0] === n[1] ? 500 * 85 : 0);
    expect(settled?.net).toBe(6_000 - (settled?.payouts ?? 0));
    expect(draws.data.find((d) => d.type === "3D")).toMatchObject({ status: "void", stakes: 2_000, refunds: 2_000, net: 0 });
    const csv = parseCsv((await report("draws", "&format=csv")).body);
    expect(sum(csv, "stakes")).toBe(draws.data.reduce((s, d) => s + d.stakes, 0));
  });

  it("totals cash-in and cash-out per payment method from the ledger; text cells are safe in a spreadsheet", async () => {
    const cash = cashReportSchema.parse((await report("cash")).json());
    expect(cash.totals).toEqual({ cash_in: 20_000, cash_in_count: 1, cash_out: 15_000, cash_out_count: 1 });
    expect(cash.totals.cash_in).toBe(await ledgerTotal(t, ["cash_in"], "main"));
    expect(cash.totals.cash_out).toBe(-(await ledgerTotal(t, ["cash_out_paid"], "hold")));
    const csv = parseCsv((await report("cash", "&format=csv")).body);
    expect(sum(csv, "cash_in")).toBe(20_000);
    expect(csvCell('Dave, "D" =1')).toBe('"Dave, ""D"" =1"');
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell(-500)).toBe("-500");
    expect(toCsv(["a", "b"], [[1, null]])).toBe("a,b\r\n1,\r\n");
  });

  it("answers what players' balances hold now, equal to the ledger accounts", async () => {
    const res = (await call(t, "GET", "/api/admin/reports/balances", { token: operator.token })).json() as {
      data: { balance: string; total: number }[];
      total: number;
    };
    const direct = rowsOf<{ s: string }>(
      await t.ctx.db.execute(
        sql`select coalesce(sum(a.balance), 0)::bigint as s from ledger_accounts a join users u on u.id = a.user_id and u.role = 'player'`,
      ),
    )[0]?.s;
    expect(res.total).toBe(Number(direct));
    expect(res.data.find((r) => r.balance === "main")?.total).toBeGreaterThan(0);
  });

  it("reconciles provider rounds with their stored callbacks and the ledger, and names a round that disagrees", async () => {
    const clean = reconciliationSchema.parse((await report("reconciliation")).json());
    expect(clean.rounds).toBe(2);
    expect(clean.callbacks).toBeGreaterThanOrEqual(4);
    expect(clean.mismatches).toEqual([]);
    // A round row changed behind the ledger's back shows up.
    await t.ctx.db.execute(sql`update provider_rounds set payout = payout + 1 where id = (select max(id) from provider_rounds)`);
    const off = reconciliationSchema.parse((await report("reconciliation")).json());
    expect(off.mismatches).toHaveLength(1);
    expect(off.mismatches[0]).toMatchObject({ provider: "GDG", callback_payouts: 2_500, round_payout: 2_501, ledger_net: 1_500 });
    await t.ctx.db.execute(sql`update provider_rounds set payout = payout - 1 where id = (select max(id) from provider_rounds)`);
  });

  it("days are the server clock's Yangon days: a millisecond past midnight, yesterday's play is yesterday's", async () => {
    const stamps = rowsOf<{ first: Date | string; last: Date | string }>(
      await t.ctx.db.execute(sql`select min(created_at) as first, max(created_at) as last from journals where kind like 'casino%'`),
    )[0];
    const day = yangonDate(new Date(stamps?.first ?? ""));
    expect(yangonDate(new Date(stamps?.last ?? "")), "the casino play of one Yangon day").toBe(day);
    const before = clock.now();
    clock.set(new Date(yangonDayBounds(day).end.getTime() + 1));
    try {
      const next = yangonDate(clock.now());
      const casino = (pnl: { data: { product: string }[] }) => pnl.data.filter((r) => r.product === "casino");
      expect(casino(dailyPnlSchema.parse((await report("pnl")).json()))).toEqual([]);
      const both = dailyPnlSchema.parse(
        (await call(t, "GET", `/api/admin/reports/pnl?start_date=${day}&end_date=${next}`, { token: operator.token })).json(),
      );
      expect(casino(both)).toEqual([expect.objectContaining({ day, game: "GDG", stakes: 5_000, payouts: 2_500 })]);
    } finally {
      clock.set(before);
    }
  });

  it("refuses a bad range and players", async () => {
    expectErrorBody(await call(t, "GET", "/api/admin/reports/pnl?start_date=2026-02-30", { token: admin.token }), 400, "VALIDATION_FAILED");
    expectErrorBody(await call(t, "GET", "/api/admin/reports/pnl?format=xls", { token: admin.token }), 400, "VALIDATION_FAILED");
    const p = await createUser(t);
    expectErrorBody(await call(t, "GET", "/api/admin/reports/pnl", { token: p.token }), 403, "FORBIDDEN");
  });
});
