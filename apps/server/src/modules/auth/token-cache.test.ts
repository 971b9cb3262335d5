import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../../lib/crypto.ts";
import { createTestApp, onRealPostgres, type TestApp } from "../../test/test-app.ts";
import { bearer, createUser } from "../ledger/testing.ts";
import type { TokenOwner } from "./token.repository.ts";
import { createTokenCache } from "./token-cache.ts";

const owner = (over: Partial<TokenOwner> = {}): TokenOwner => ({
  tokenId: 1,
  userId: 7,
  role: "player",
  blocked: false,
  expiresAt: new Date(2_000_000),
  secondFactor: false,
  enrolled: false,
  ...over,
});

describe("token cache", () => {
  it("answers what it kept until the token's expiry, and a copy each time", () => {
    let now = 1_000_000;
    const cache = createTokenCache(() => now);
    cache.keep("h", owner(), cache.generation());
    const first = cache.get("h");
    expect(first).toEqual(owner());
    if (first) first.blocked = true;
    expect(cache.get("h")?.blocked).toBe(false);
    now = 2_000_000;
    expect(cache.get("h")).toBeUndefined();
    expect(cache.size()).toBe(0);
  });

  it("never keeps operators, admins or blocked players", () => {
    const cache = createTokenCache(() => 0);
    cache.keep("o", owner({ role: "operator" }), cache.generation());
    cache.keep("a", owner({ role: "admin", secondFactor: true }), cache.generation());
    cache.keep("b", owner({ blocked: true }), cache.generation());
    expect(cache.size()).toBe(0);
  });

  it("does not keep a lookup that was under way when a change was announced", () => {
    const cache = createTokenCache(() => 0);
    const seen = cache.generation();
    cache.clear();
    cache.keep("h", owner(), seen);
    expect(cache.get("h")).toBeUndefined();
    cache.keep("h", owner(), cache.generation());
    expect(cache.get("h")).toBeDefined();
  });

  it("holds at most its bound, the oldest going first", () => {
    const cache = createTokenCache(() => 0, 3);
    for (const h of ["a", "b", "c", "d"]) cache.keep(h, owner(), cache.generation());
    expect(cache.size()).toBe(3);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("d")).toBeDefined();
  });
});

/**
 * On the embedded database (the only one with the cache) every committed change to a token or an
 * account reaches the cache before the changing call returns: the next request is refused exactly
 * as a lookup in the database would refuse it. On PostgreSQL every request reads the database and
 * these cases are covered by the auth tests; the cache is not built there.
 */
describe.skipIf(onRealPostgres)("token cache in the embedded database's app", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const protection = (token: string) => t.app.inject({ method: "GET", url: "/api/user/protection", headers: bearer(token) });

  it("serves a player's repeated requests from memory", async () => {
    const player = await createUser(t);
    expect((await protection(player.token)).statusCode).toBe(200);
    // With the announcement switched off, a revocation in the database goes unseen: the answer
    // really comes from memory. Switched on again, the next change drops it.
    await t.ctx.db.execute(sql`alter table auth_tokens disable trigger auth_tokens_owner_changed`);
    try {
      await t.ctx.db.execute(sql`update auth_tokens set revoked_at = now() where token_hash = ${sha256Hex(player.token)}`);
      expect((await protection(player.token)).statusCode).toBe(200);
    } finally {
      await t.ctx.db.execute(sql`alter table auth_tokens enable trigger auth_tokens_owner_changed`);
    }
    await t.ctx.db.execute(sql`update auth_tokens set expires_at = expires_at where token_hash = ${sha256Hex(player.token)}`);
    expect((await protection(player.token)).statusCode).toBe(401);
  });

  it.each([
    [
      "signed out",
      (p: { id: number; token: string }) => t.app.inject({ method: "POST", url: "/api/user/logout", headers: bearer(p.token) }),
    ],
    [
      "revoked in the database",
      (p: { id: number; token: string }) =>
        t.ctx.db.execute(sql`update auth_tokens set revoked_at = now() where token_hash = ${sha256Hex(p.token)}`),
    ],
    [
      "expired in the database",
      (p: { id: number; token: string }) =>
        t.ctx.db.execute(sql`update auth_tokens set expires_at = now() - interval '1 second' where token_hash = ${sha256Hex(p.token)}`),
    ],
    [
      "deleted",
      (p: { id: number; token: string }) => t.ctx.db.execute(sql`delete from auth_tokens where token_hash = ${sha256Hex(p.token)}`),
    ],
  ])("refuses the next request once the token is %s", async (_name, change) => {
    const player = await createUser(t);
    expect((await protection(player.token)).statusCode).toBe(200);
    await change(player);
    expect((await protection(player.token)).statusCode).toBe(401);
  });

  it("refuses the next request once the account is blocked, inside a transaction", async () => {
    const player = await createUser(t);
    expect((await protection(player.token)).statusCode).toBe(200);
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`update users set blocked = true where id = ${player.id}`);
    });
    expect((await protection(player.token)).statusCode).not.toBe(200);
  });

  it("sees a change made by another request that raced the lookup", async () => {
    const player = await createUser(t);
    // The change commits while the first request's lookup is still in the database's queue.
    const [first] = await Promise.all([
      protection(player.token),
      t.ctx.db.execute(sql`update auth_tokens set revoked_at = now() where token_hash = ${sha256Hex(player.token)}`),
    ]);
    expect([200, 401]).toContain(first.statusCode);
    expect((await protection(player.token)).statusCode).toBe(401);
  });
});
