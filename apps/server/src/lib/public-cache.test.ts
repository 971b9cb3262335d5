import { describe, expect, it } from "vitest";
import { ManualClock } from "./clock.ts";
import { PublicCache } from "./public-cache.ts";

/** A load whose answer the test decides, and that counts how often it ran. */
function source(initial: string) {
  let value = initial;
  let reads = 0;
  return {
    set(next: string) {
      value = next;
    },
    get reads() {
      return reads;
    },
    load: async () => {
      reads++;
      return value;
    },
  };
}

function deferred<T>() {
  let resolve: (v: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("public cache", () => {
  it("reuses a value for less than the time to live, by the engine clock, then reads again", async () => {
    const clock = new ManualClock(new Date("2026-03-01T00:00:00Z"));
    const cache = new PublicCache<string>(clock, 2000);
    const db = source("v1");
    expect(await cache.get("catalogue", "k", db.load)).toBe("v1");
    db.set("v2");
    clock.advance(1999);
    expect(await cache.get("catalogue", "k", db.load)).toBe("v1");
    expect(db.reads).toBe(1);
    clock.advance(1);
    expect(await cache.get("catalogue", "k", db.load)).toBe("v2");
    expect(db.reads).toBe(2);
  });

  it("reads again when the clock goes back before the read", async () => {
    const clock = new ManualClock(new Date("2026-03-01T00:00:00Z"));
    const cache = new PublicCache<string>(clock, 2000);
    const db = source("v1");
    await cache.get("lottery", "k", db.load);
    db.set("v2");
    clock.advance(-1);
    expect(await cache.get("lottery", "k", db.load)).toBe("v2");
  });

  it("invalidating a scope forgets its values at once and leaves the other scopes alone", async () => {
    const clock = new ManualClock(new Date("2026-03-01T00:00:00Z"));
    const cache = new PublicCache<string>(clock, 60_000);
    const lottery = source("draws-1");
    const catalogue = source("games-1");
    await cache.get("lottery", "k", lottery.load);
    await cache.get("catalogue", "k", catalogue.load);
    lottery.set("draws-2");
    catalogue.set("games-2");
    cache.invalidate("lottery");
    expect(await cache.get("lottery", "k", lottery.load)).toBe("draws-2");
    expect(await cache.get("catalogue", "k", catalogue.load)).toBe("games-1");
    cache.invalidate();
    expect(await cache.get("catalogue", "k", catalogue.load)).toBe("games-2");
  });

  it("keys are separate: one key's value never answers another", async () => {
    const cache = new PublicCache<string>(new ManualClock(new Date()), 60_000);
    expect(await cache.get("lottery", "2D|latest", async () => "a")).toBe("a");
    expect(await cache.get("lottery", "1D|latest", async () => "b")).toBe("b");
    expect(await cache.get("lottery", "2D|latest", async () => "c")).toBe("a");
  });

  it("concurrent misses share one read", async () => {
    const cache = new PublicCache<string>(new ManualClock(new Date()), 60_000);
    const gate = deferred<string>();
    let reads = 0;
    const load = () => {
      reads++;
      return gate.promise;
    };
    const answers = [cache.get("content", "k", load), cache.get("content", "k", load), cache.get("content", "k", load)];
    gate.resolve("v1");
    expect(await Promise.all(answers)).toEqual(["v1", "v1", "v1"]);
    expect(reads).toBe(1);
  });

  it("a read running when the scope is invalidated answers its callers but is never stored", async () => {
    const cache = new PublicCache<string>(new ManualClock(new Date()), 60_000);
    const old = deferred<string>();
    const before = cache.get("lottery", "k", () => old.promise);
    // The change commits and invalidates while the older read is still running.
    cache.invalidate("lottery");
    const after = cache.get("lottery", "k", async () => "new");
    old.resolve("old");
    expect(await before).toBe("old");
    expect(await after).toBe("new");
    expect(await cache.get("lottery", "k", async () => "unused")).toBe("new");
  });

  it("a failed read is not stored", async () => {
    const cache = new PublicCache<string>(new ManualClock(new Date()), 60_000);
    await expect(cache.get("catalogue", "k", async () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect(await cache.get("catalogue", "k", async () => "v1")).toBe("v1");
  });

  it("time to live 0 reads every time", async () => {
    const cache = new PublicCache<string>(new ManualClock(new Date()), 0);
    const db = source("v1");
    await cache.get("catalogue", "k", db.load);
    await cache.get("catalogue", "k", db.load);
    expect(db.reads).toBe(2);
    expect(cache.size("catalogue")).toBe(0);
  });

  it("keeps at most maxEntries keys per scope, dropping the oldest", async () => {
    const cache = new PublicCache<string>(new ManualClock(new Date()), 60_000, 3);
    for (const k of ["a", "b", "c", "d"]) await cache.get("lottery", k, async () => k);
    expect(cache.size("lottery")).toBe(3);
    expect(await cache.get("lottery", "a", async () => "a again")).toBe("a again");
    expect(await cache.get("lottery", "d", async () => "unused")).toBe("d");
  });
});
