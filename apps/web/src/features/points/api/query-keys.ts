/** Query keys of the points page: the rewards and the warning text in each language, the player's history. */
export const pointKeys = {
  listAll: ["points", "list"] as const,
  list: (lng: string) => ["points", "list", lng] as const,
  warning: (lng: string) => ["points", "warning", lng] as const,
  historyAll: (userId: number | undefined) => ["user", userId, "point-history"] as const,
  history: (userId: number | undefined, lng: string) => ["user", userId, "point-history", lng] as const,
};
