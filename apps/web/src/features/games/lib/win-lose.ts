/** Win/lose of a round or a sum of rounds: payout minus bet (spec §2). */
export function winLose(row: { bet_amount: number; payout_amount: number }): number {
  return row.payout_amount - row.bet_amount;
}

/** Green for a win, red for a loss, plain for even. */
export function winLoseTone(value: number): string {
  if (value > 0) return "text-win";
  if (value < 0) return "text-danger";
  return "text-muted";
}

/** A signed amount with thousands separators, so a win and a loss differ without colour: +1,500 / -2,000 / 0. */
export function formatSigned(value: number, format: (n: number) => string): string {
  return value > 0 ? `+${format(value)}` : format(value);
}

/** The figures above a game report: bets (rolled-back rounds not counted), staked and paid; `partial` when they cover only the rounds shown. */
export interface ReportTotals {
  bets: number;
  bet: number;
  payout: number;
  partial: boolean;
}

/**
 * The totals of one provider's report in a period. While more pages remain than are shown, they are
 * the server's sums for the whole period (transition/history) when known; otherwise they are summed
 * over the rounds shown and marked partial. With every page shown, the sums of the rounds are exact.
 */
export function reportTotals(
  pCode: string,
  rows: readonly { bet_amount: number; payout_amount: number; status: string }[],
  hasMore: boolean,
  summary: readonly { p_code: string; bets: number; bet_amount: number; payout_amount: number }[] | undefined,
): ReportTotals {
  const code = pCode.trim().toUpperCase();
  const provider = hasMore ? summary?.find((s) => s.p_code.toUpperCase() === code) : undefined;
  if (provider) return { bets: provider.bets, bet: provider.bet_amount, payout: provider.payout_amount, partial: false };
  let bets = 0;
  let bet = 0;
  let payout = 0;
  for (const r of rows) {
    if (r.status !== "rolled_back") bets += 1;
    bet += r.bet_amount;
    payout += r.payout_amount;
  }
  return { bets, bet, payout, partial: hasMore };
}
