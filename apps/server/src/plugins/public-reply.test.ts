import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { categoryListSchema, homeCatalogueSchema } from "@shwe/contracts";
import { sql } from "drizzle-orm";
import { serializerCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import type { ZodApp } from "../app-context.ts";
import { ManualClock } from "../lib/clock.ts";
import { homeCatalogue, listCategories } from "../modules/catalogue/catalogue.service.ts";
import { createUser, type TestUser } from "../modules/ledger/testing.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { matchesEtag } from "./public-reply.ts";

const TTL = 3000;

/** Every public GET answered from the public cache, with the Cache-Control it carries. */
const CACHED: [string, string][] = [
  ["/api/g/categories", "public, max-age=60"],
  ["/api/g/home", "public, max-age=60"],
  ["/api/g/providers?category=slot,3", "public, max-age=60"],
  ["/api/provider/hot/3", "public, max-age=60"],
  ["/api/g?category=3&provider=14", "public, max-age=60"],
  ["/api/g/3/14", "public, max-age=60"],
  ["/api/header_play_text", "public, max-age=60"],
  ["/api/social_link", "public, max-age=60"],
  ["/api/banner", "public, max-age=60"],
  ["/api/banner_mobile?date=2026-01-01", "public, max-age=60"],
  ["/api/luckynumber_daily", "no-cache"],
  ["/api/winner_users/2D", "no-cache"],
];

describe("public answers: cache, validators and compression", () => {
  let t: TestApp;
  let uncached: ZodApp;
  let player: TestUser;
  const clock = new ManualClock(new Date("2026-03-01T05:00:00Z"));

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { publicCacheMs: TTL } });
    // The same database served by a process that never reuses an answer.
    uncached = (await buildApp({ config: { ...t.config, publicCacheMs: 0 }, database: t.database, clock })).app;
    await uncached.ready();
    player = await createUser(t);
  });
  afterAll(async () => {
    await uncached.close();
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

  it.each(CACHED)("GET %s: the cached answer has the bytes and headers of an uncached one", async (url, cacheControl) => {
    const first = await get(url);
    const again = await get(url);
    const fresh = await uncached.inject({ method: "GET", url });
    expect(fresh.statusCode).toBe(200);
    for (const res of [first, again]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(fresh.body);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.headers["cache-control"]).toBe(cacheControl);
      expect(res.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
      expect(res.headers.etag).toBe(fresh.headers.etag);
      expect(res.headers["content-encoding"]).toBeUndefined();
    }
  });

  it("the bytes are those the route's zod serializer makes of the service's answer", async () => {
    const serialize = (schema: unknown) => serializerCompiler({ schema: schema as never, method: "GET", url: "/" });
    expect((await get("/api/g/home")).body).toBe(serialize(homeCatalogueSchema)({ success: true, data: await homeCatalogue(t.ctx.db) }));
    expect((await get("/api/g/categories")).body).toBe(
      serialize(categoryListSchema)({ success: true, data: await listCategories(t.ctx.db) }),
    );
  });

  it("a player's token changes nothing: the same public bytes for everyone", async () => {
    for (const [url] of CACHED) {
      const signedIn = await get(url, { authorization: `Bearer ${player.token}` });
      expect(signedIn.body).toBe((await get(url)).body);
    }
  });

  it("ETag: a matching If-None-Match answers 304 with no body; a change gives a new validator", async () => {
    const first = await get("/api/g/categories");
    const etag = String(first.headers.etag);
    for (const inm of [etag, etag.slice(2), `"other", ${etag}`, "*"]) {
      const res = await get("/api/g/categories", { "if-none-match": inm });
      expect(res.statusCode).toBe(304);
      expect(res.body).toBe("");
      expect(res.headers.etag).toBe(etag);
      expect(res.headers["cache-control"]).toBe("public, max-age=60");
    }
    expect((await get("/api/g/categories", { "if-none-match": '"other"' })).statusCode).toBe(200);

    const admin = await createUser(t, { role: "admin" });
    const off = await t.app.inject({
      method: "PUT",
      url: "/api/admin/catalogue/categories/3",
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    const changed = await get("/api/g/categories", { "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(categoryListSchema.parse(changed.json()).data.some((c) => c.id === 3)).toBe(false);
    await t.app.inject({
      method: "PUT",
      url: "/api/admin/catalogue/categories/3",
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { active: true },
    });
    expect(categoryListSchema.parse((await get("/api/g/categories")).json()).data.some((c) => c.id === 3)).toBe(true);
  });

  it("weak comparison of If-None-Match", () => {
    expect(matchesEtag(undefined, 'W/"a"')).toBe(false);
    expect(matchesEtag('W/"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag('"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag('"b", W/"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag('"b"', 'W/"a"')).toBe(false);
    expect(matchesEtag("*", 'W/"a"')).toBe(true);
  });

  it("a change made by another server process shows within the time to live, by the engine clock", async () => {
    const before = categoryListSchema.parse((await get("/api/g/categories")).json()).data;
    const slot = before.find((c) => c.id === 2);
    await t.ctx.db.execute(sql`update game_categories set name = 'Slots (renamed elsewhere)' where id = 2`);
    try {
      clock.advance(TTL - 1);
      expect(categoryListSchema.parse((await get("/api/g/categories")).json()).data).toEqual(before);
      clock.advance(1);
      const after = categoryListSchema.parse((await get("/api/g/categories")).json()).data;
      expect(after.find((c) => c.id === 2)?.name).toBe("Slots (renamed elsewhere)");
    } finally {
      await t.ctx.db.execute(sql`update game_categories set name = ${slot?.name ?? ""} where id = 2`);
      clock.advance(TTL);
    }
  });

  it("an operator's marquee text shows at once", async () => {
    const admin = await createUser(t, { role: "admin" });
    expect((await get("/api/header_play_text")).statusCode).toBe(200);
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/admin/content/header_play_text",
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { text: "Draw results at 12:01 and 16:30" },
    });
    expect(put.statusCode).toBe(200);
    expect((await get("/api/header_play_text")).json()).toEqual({ data: [{ text: "Draw results at 12:01 and 16:30" }] });
  });

  describe("compression", () => {
    it("a cached answer of 1 KB or more goes out as brotli or gzip when accepted, identity otherwise", async () => {
      const plain = await get("/api/g/home");
      expect(plain.rawPayload.length).toBeGreaterThanOrEqual(1024);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers.vary).toBe("accept-encoding");

      const br = await get("/api/g/home", { "accept-encoding": "gzip, deflate, br" });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers.vary).toBe("accept-encoding");
      expect(br.headers.etag).toBe(plain.headers.etag);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(Number(br.headers["content-length"])).toBe(br.rawPayload.length);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

      const gzip = await get("/api/g/home", { "accept-encoding": "gzip" });
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

      for (const accept of ["identity", "deflate", "br;q=0, gzip;q=0"]) {
        const res = await get("/api/g/home", { "accept-encoding": accept });
        expect(res.headers["content-encoding"]).toBeUndefined();
        expect(res.body).toBe(plain.body);
      }
      const refused = await get("/api/g/home", { "accept-encoding": "br", "x-no-compression": "1" });
      expect(refused.headers["content-encoding"]).toBeUndefined();
    });

    it("a small answer goes out as it is", async () => {
      const res = await get("/api/header_play_text", { "accept-encoding": "br, gzip" });
      expect(res.rawPayload.length).toBeLessThan(1024);
      expect(res.headers["content-encoding"]).toBeUndefined();
    });

    it("other JSON of 1 KB or more is compressed per response; small JSON is not", async () => {
      const plain = await get("/api/openapi.json");
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      const br = await get("/api/openapi.json", { "accept-encoding": "br" });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gzip = await get("/api/openapi.json", { "accept-encoding": "gzip" });
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      expect((await get("/api/openapi.json")).headers["content-encoding"]).toBeUndefined();

      const health = await get("/api/health", { "accept-encoding": "br, gzip" });
      expect(health.statusCode).toBe(200);
      expect(health.headers["content-encoding"]).toBeUndefined();
      expect(health.json()).toEqual({ status: "ok" });
    });

    it("an error body of 1 KB or less is sent as it is", async () => {
      const res = await get("/api/winner_users/2D?draw_id=999999", { "accept-encoding": "br, gzip" });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.json()).toMatchObject({ code: "NOT_FOUND" });
    });

    it("a WebSocket upgrade from a client that accepts compression still opens the socket", async () => {
      const messages: Record<string, unknown>[] = [];
      let ready: () => void = () => undefined;
      const gotReady = new Promise<void>((r) => {
        ready = r;
      });
      const ws = (await t.app.injectWS(
        `/api/ws?token=${player.token}`,
        { headers: { "accept-encoding": "gzip, deflate, br" } } as never,
        {
          onInit(socket: { on(event: "message", fn: (data: Buffer) => void): void }) {
            socket.on("message", (data) => {
              const m = JSON.parse(String(data)) as Record<string, unknown>;
              messages.push(m);
              if (m.type === "ready") ready();
            });
          },
        } as never,
      )) as unknown as { terminate(): void };
      await gotReady;
      expect(messages[0]).toEqual({ type: "ready", user_id: player.id });
      ws.terminate();
    });
  });
});
