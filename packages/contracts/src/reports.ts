import { z } from "zod";
import { daySchema } from "./common.ts";

/**
 * Console reports (operators): profit and loss per day and game or provider, per draw, cash-in and
 * cash-out per payment method, outstanding player balances, and the provider reconciliation. Every
 * report answers JSON, or CSV with `format=csv`. Days are Asia/Yangon days; amounts are kyat.
 */

const money = z.number().int();

export const reportQuerySchema = z.strictObject({
  start_date: daySchema.optional(),
  end_date: daySchema.optional(),
  format: z.enum(["json", "csv"]).optional(),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** One day of one lottery game or casino provider, from the house's side. */
export const dailyPnlRowSchema = z.object({
  day: z.string(),
  /** "lottery" (game = 1D, 2D, …) or "casino" (game = provider code). */
  product: z.enum(["lottery", "casino"]),
  game: z.string(),
  /** Stakes taken (lottery slips; casino bets less rolled-back bets). */
  stakes: money,
  /** Wins paid (lottery wins; casino wins, bonuses and jackpots). */
  payouts: money,
  /** Stakes given back (voided lottery draws). */
  refunds: money,
  /** stakes − payouts − refunds: the house's result. */
  net: money,
});
export const dailyPnlSchema = z.object({
  from: z.string(),
  to: z.string(),
  data: z.array(dailyPnlRowSchema),
  totals: dailyPnlRowSchema.omit({ day: true, product: true, game: true }),
});
export type DailyPnl = z.infer<typeof dailyPnlSchema>;

export const drawPnlRowSchema = z.object({
  draw_id: z.number().int(),
  type: z.string(),
  draw_at: z.string(),
  status: z.string(),
  number: z.string().nullable(),
  stakes: money,
  payouts: money,
  refunds: money,
  net: money,
});
export const drawPnlSchema = z.object({ from: z.string(), to: z.string(), data: z.array(drawPnlRowSchema) });
export type DrawPnl = z.infer<typeof drawPnlSchema>;

export const cashReportRowSchema = z.object({
  day: z.string(),
  payment_method: z.string(),
  cash_in: money,
  cash_in_count: z.number().int(),
  cash_out: money,
  cash_out_count: z.number().int(),
});
export const cashReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  data: z.array(cashReportRowSchema),
  totals: z.object({ cash_in: money, cash_in_count: z.number().int(), cash_out: money, cash_out_count: z.number().int() }),
});
export type CashReport = z.infer<typeof cashReportSchema>;

/** What the house owes players now, by balance. */
export const balancesReportSchema = z.object({
  at: z.string(),
  data: z.array(z.object({ balance: z.string(), players: z.number().int(), total: money })),
  total: money,
});
export type BalancesReport = z.infer<typeof balancesReportSchema>;

/** A provider round whose stored callbacks, round row and ledger do not agree. */
export const reconciliationRowSchema = z.object({
  provider: z.string(),
  round_id: z.string(),
  user_id: z.number().int(),
  status: z.string(),
  created_at: z.string(),
  /** Debits answered OK and not rolled back, per the stored callbacks. */
  callback_bets: money,
  /** Credits answered OK, per the stored callbacks. */
  callback_payouts: money,
  round_bet: money,
  round_payout: money,
  /** The player's game balance change the round's journals made. */
  ledger_net: money,
});
export const reconciliationSchema = z.object({
  from: z.string(),
  to: z.string(),
  rounds: z.number().int(),
  callbacks: z.number().int(),
  mismatches: z.array(reconciliationRowSchema),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;
