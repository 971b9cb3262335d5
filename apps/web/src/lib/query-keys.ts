/**
 * Query keys that belong to no feature: the root every player-owned key sits under, and the keys of
 * the shared components. Each feature builds its own keys in its `api/query-keys.ts`, and no other
 * file writes a key out (apps/server/src/architecture.test.ts holds it).
 */
export const sharedKeys = {
  /** Everything the signed-in player owns sits under ["user", …]: dropped at sign-out or when another player signs in. */
  player: ["user"] as const,
  /** The player's profile: read by the session (every page), written by the profile page. */
  profile: ["user", "profile"] as const,
  /** components/social-links.tsx: the operator's social links. */
  socialLinks: ["content", "social-links"] as const,
};
