/** Query keys of the game catalogue pages. */
export const catalogueKeys = {
  categoryProviders: (category: string) => ["games", "providers", category] as const,
  providerGames: (category: string, provider: string) => ["games", "list", category, provider] as const,
  providerDirectory: ["games", "provider-directory"] as const,
};
