/**
 * The shared zod schemas (packages/contracts) that the account calls check what they send and what
 * comes back with. With zod they weigh about 36 KB gzip, more than the rest of an account page, so
 * they are not part of the page's first download: the first call loads them, and the forms start
 * loading them as soon as the player is in a field (`preloadSchemas`), while the fields are typed.
 * A load that fails rejects with a TypeError, which the forms say as a lost connection.
 */
export function accountSchemas() {
  return import("@shwe/contracts");
}

/** Starts loading the schemas ahead of the first call; a failure is left to that call. */
export function preloadSchemas(): void {
  accountSchemas().catch(() => undefined);
}
