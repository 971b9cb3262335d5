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
