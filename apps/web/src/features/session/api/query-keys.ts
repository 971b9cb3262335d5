/** Query keys of the session feature; the profile's key is shared (lib/query-keys.ts). Under ["user", …], so sign-out drops them. */
export const sessionKeys = {
  avatar: (url: string | null | undefined) => ["user", "avatar", url] as const,
};
