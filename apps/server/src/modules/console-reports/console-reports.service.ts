import type { BalancesReport, CashReport, DailyPnl, DrawPnl, Reconciliation, ReportQuery } from "@shwe/contracts";
import { yangonDate } from "@shwe/domain";
import type { AppContext } from "../../app-context.ts";
import { yangonDayRange } from "../ledger/history-range.ts";
import { cashByMethod, dailyPnl, drawPnl, outstandingBalances, reconcileRounds } from "./console-reports.repository.ts";
import { type CsvCell, toCsv } from "./csv.ts";

/**
 * The console's reports: every figure read from the ledger (journals and their entries on the
 * players' accounts), so that a report, its CSV and the ledger agree to the kyat. Ranges are
 * Asia/Yangon days (default today, at most 366 days).
 */
export interface ReportFile {
  filename: string;
  csv: string;
}

function range(ctx: AppContext, query: ReportQuery) {
  const { from, to } = yangonDayRange(query.start_date, query.end_date, ctx.clock.now());
  return { from, to, fromDay: yangonDate(from), toDay: yangonDate(new Date(to.getTime() - 1)) };
}

const file = (name: string, fromDay: string, toDay: string, columns: string[], rows: CsvCell[][]): ReportFile => ({
  filename: `${name}-${fromDay}-to-${toDay}.csv`,
  csv: toCsv(columns, rows),
});

export async function dailyPnlReport(ctx: AppContext, query: ReportQuery): Promise<DailyPnl | ReportFile> {
  const { from, to, fromDay, toDay } = range(ctx, query);
  const rows = (await dailyPnl(ctx.db, from, to)).map((r) => ({ ...r, net: r.stakes - r.payouts - r.refunds }));
  const totals = rows.reduce(
    (t, r) => ({ stakes: t.stakes + r.stakes, payouts: t.payouts + r.payouts, refunds: t.refunds + r.refunds, net: t.net + r.net }),
    { stakes: 0, payouts: 0, refunds: 0, net: 0 },
  );
  if (query.format === "csv") {
    return file(
      "profit-and-loss",
      fromDay,
      toDay,
      ["day", "product", "game", "stakes", "payouts", "refunds", "net"],
      rows.map((r) => [r.day, r.product, r.game, r.stakes, r.payouts, r.refunds, r.net]),
    );
  }
  return { from: fromDay, to: toDay, data: rows, totals };
}

export async function drawPnlReport(ctx: AppContext, query: ReportQuery): Promise<DrawPnl | ReportFile> {
  const { from, to, fromDay, toDay } = range(ctx, query);
  const rows = (await drawPnl(ctx.db, from, to)).map((r) => ({
    draw_id: r.drawId,
    type: r.type,
    draw_at: r.drawAt.toISOString(),
    status: r.status,
    number: r.number,
    stakes: r.stakes,
    payouts: r.payouts,
    refunds: r.refunds,
    net: r.stakes - r.payouts - r.refunds,
  }));
  if (query.format === "csv") {
    return file(
      "draws",
      fromDay,
      toDay,
      ["draw_id", "game", "draw_at", "status", "number", "stakes", "payouts", "refunds", "net"],
      rows.map((r) => [r.draw_id, r.type, r.draw_at, r.status, r.number, r.stakes, r.payouts, r.refunds, r.net]),
    );
  }
  return { from: fromDay, to: toDay, data: rows };
}

export async function cashReport(ctx: AppContext, query: ReportQuery): Promise<CashReport | ReportFile> {
  const { from, to, fromDay, toDay } = range(ctx, query);
  const rows = (await cashByMethod(ctx.db, from, to)).map((r) => ({
    day: r.day,
    payment_method: r.paymentMethod,
    cash_in: r.cashIn,
    cash_in_count: r.cashInCount,
    cash_out: r.cashOut,
    cash_out_count: r.cashOutCount,
  }));
  if (query.format === "csv") {
    return file(
      "cash",
      fromDay,
      toDay,
      ["day", "payment_method", "cash_in", "cash_in_count", "cash_out", "cash_out_count"],
      rows.map((r) => [r.day, r.payment_method, r.cash_in, r.cash_in_count, r.cash_out, r.cash_out_count]),
    );
  }
  const totals = rows.reduce(
    (t, r) => ({
      cash_in: t.cash_in + r.cash_in,
      cash_in_count: t.cash_in_count + r.cash_in_count,
      cash_out: t.cash_out + r.cash_out,
      cash_out_count: t.cash_out_count + r.cash_out_count,
    }),
    { cash_in: 0, cash_in_count: 0, cash_out: 0, cash_out_count: 0 },
  );
  return { from: fromDay, to: toDay, data: rows, totals };
}

export async function balancesReport(ctx: AppContext, format: ReportQuery["format"]): Promise<BalancesReport | ReportFile> {
  const at = ctx.clock.now();
  const data = await outstandingBalances(ctx.db);
  if (format === "csv") {
    const day = yangonDate(at);
    return file(
      "balances",
      day,
      day,
      ["balance", "players", "total"],
      data.map((r) => [r.balance, r.players, r.total]),
    );
  }
  return { at: at.toISOString(), data, total: data.reduce((s, r) => s + r.total, 0) };
}

export async function reconciliationReport(ctx: AppContext, query: ReportQuery): Promise<Reconciliation | ReportFile> {
  const { from, to, fromDay, toDay } = range(ctx, query);
  const found = await reconcileRounds(ctx.db, from, to);
  const mismatches = found.mismatches.map((m) => ({
    provider: m.provider,
    round_id: m.roundId,
    user_id: m.userId,
    status: m.status,
    created_at: m.createdAt.toISOString(),
    callback_bets: m.callbackBets,
    callback_payouts: m.callbackPayouts,
    round_bet: m.roundBet,
    round_payout: m.roundPayout,
    ledger_net: m.ledgerNet,
  }));
  if (query.format === "csv") {
    return file(
      "provider-reconciliation",
      fromDay,
      toDay,
      [
        "provider",
        "round_id",
        "user_id",
        "status",
        "created_at",
        "callback_bets",
        "callback_payouts",
        "round_bet",
        "round_payout",
        "ledger_net",
      ],
      mismatches.map((m) => [
        m.provider,
        m.round_id,
        m.user_id,
        m.status,
        m.created_at,
        m.callback_bets,
        m.callback_payouts,
        m.round_bet,
        m.round_payout,
        m.ledger_net,
      ]),
    );
  }
  return { from: fromDay, to: toDay, rounds: found.rounds, callbacks: found.callbacks, mismatches };
}

export function isReportFile(value: unknown): value is ReportFile {
  return typeof value === "object" && value !== null && "csv" in value && "filename" in value;
}
