/** Query keys of the rewards: the promotion switch, a day's pocket winners, the player's promotion history. */
export const rewardKeys = {
  promoMaintain: ["content", "promo-maintain"] as const,
  pocketWinners: (date: string) => ["pocket", "winners", date] as const,
  /** The claimable balance is part of the key: the list refreshes after a claim or a weekly credit. */
  promotionHistory: (userId: number | undefined, pBalance: number) => ["user", userId, "promotion-history", pBalance] as const,
};
