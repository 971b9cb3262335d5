/** Query keys of responsible play: the player's limits, exclusion and reality check in one answer. */
export const protectionKeys = {
  view: ["user", "protection"] as const,
};
