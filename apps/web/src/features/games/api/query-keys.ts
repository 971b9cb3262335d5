/** Query keys of the game reports and the referral card; under ["user", …], so sign-out drops them. */
export const gamesKeys = {
  referralHistory: ["user", "referral-history"] as const,
  /** The provider code is at index 3: a page keeps the last period's rows only for the same provider. */
  report: (pCode: string, start: string, end: string) => ["user", "games", "report", pCode, start, end] as const,
  history: (start: string, end: string) => ["user", "games", "history", start, end] as const,
};
