import type { Clock } from "./clock.ts";

/**
 * The public data every visitor sees the same (today's numbers, winners, the game catalogue, site
 * content), grouped by what changes it:
 *   lottery   – draws created, closed, resulted, settled or voided; lottery games switched or reordered;
 *   catalogue – categories, providers and games edited by operators;
 *   content   – marquee text, social links and banners edited by operators.
 */
export type PublicScope = "lottery" | "catalogue" | "content";

export const PUBLIC_SCOPES: readonly PublicScope[] = ["lottery", "catalogue", "content"];

interface Entry<T> {
  value: T;
  /** Engine time at which the read that produced `value` started. */
  readAt: number;
}

interface Scope<T> {
  generation: number;
  entries: Map<string, Entry<T>>;
  loading: Map<string, Promise<T>>;
}

/**
 * A small in-process cache of public answers with a short time to live.
 *
 * - A value is reused for at most `ttlMs` of engine time (ctx.clock) after the read that produced it
 *   started, so a change made by another server process shows within `ttlMs`.
 * - A change made in this process calls `invalidate(scope)` once it is committed: the next request
 *   reads again. A read that was already running when the change was committed is answered to its
 *   callers but never stored, so an older value cannot come back after an invalidation.
 * - Concurrent misses of one key share a single read.
 * - At most `maxEntries` keys per scope are kept (oldest dropped first).
 * - `ttlMs` 0 turns caching off: every call reads.
 */
export class PublicCache<T> {
  private readonly scopes = new Map<PublicScope, Scope<T>>();

  constructor(
    private readonly clock: Clock,
    readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {
    for (const name of PUBLIC_SCOPES) this.scopes.set(name, { generation: 0, entries: new Map(), loading: new Map() });
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The cached value of `key`, or the result of `load()` (stored unless the scope changed meanwhile). */
  get(scopeName: PublicScope, key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const scope = this.scope(scopeName);
    const now = this.clock.now().getTime();
    const hit = scope.entries.get(key);
    if (hit && now >= hit.readAt && now - hit.readAt < this.ttlMs) return Promise.resolve(hit.value);
    const running = scope.loading.get(key);
    if (running) return running;

    const generation = scope.generation;
    const promise = load().then((value) => {
      if (scope.generation === generation) this.store(scope, key, { value, readAt: now });
      return value;
    });
    scope.loading.set(key, promise);
    const forget = () => {
      if (scope.loading.get(key) === promise) scope.loading.delete(key);
    };
    promise.then(forget, forget);
    return promise;
  }

  /** Forgets every value of the scope (all scopes when none is named); reads in flight are not stored. */
  invalidate(scopeName?: PublicScope): void {
    for (const name of scopeName ? [scopeName] : PUBLIC_SCOPES) {
      const scope = this.scope(name);
      scope.generation++;
      scope.entries.clear();
      scope.loading.clear();
    }
  }

  /** Number of values held (for tests and diagnostics). */
  size(scopeName: PublicScope): number {
    return this.scope(scopeName).entries.size;
  }

  private scope(name: PublicScope): Scope<T> {
    const scope = this.scopes.get(name);
    if (!scope) throw new Error(`unknown public cache scope ${name}`);
    return scope;
  }

  private store(scope: Scope<T>, key: string, entry: Entry<T>): void {
    scope.entries.delete(key);
    scope.entries.set(key, entry);
    while (scope.entries.size > this.maxEntries) {
      const oldest = scope.entries.keys().next();
      if (oldest.done) break;
      scope.entries.delete(oldest.value);
    }
  }
}
