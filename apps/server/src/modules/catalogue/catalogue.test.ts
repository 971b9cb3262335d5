import { categoryListSchema, errorBodySchema, gameListSchema, homeCatalogueSchema, providerListSchema } from "@shwe/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

const CATEGORY_IDS = { sports: 10, "live-casino": 6, slot: 2, fishing: 3, arcade: 4, table: 5, crash: 7, bingo: 9, lottery: 8 };

describe("public catalogue", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicCacheMs: 60_000 } });
  });
  afterAll(async () => t.close());

  const get = (url: string) => t.app.inject({ method: "GET", url });

  it("GET /api/g/categories lists the nine categories with the fixed ids and codes, in order", async () => {
    const res = await get("/api/g/categories");
    expect(res.statusCode).toBe(200);
    const body = categoryListSchema.parse(res.json());
    expect(body.data.map((c) => [c.code, c.id])).toEqual(Object.entries(CATEGORY_IDS));
    for (const c of body.data) expect(c.image).toBe(`/img/categories/${c.code}.webp`);
    expect(res.headers["cache-control"]).toBe("public, max-age=60");
  });

  it("GET /api/g/providers?category=3 (Fishing) includes provider 14 with its own sec_image", async () => {
    const body = providerListSchema.parse((await get("/api/g/providers?category=3")).json());
    const p14 = body.data.find((p) => p.id === 14);
    expect(p14).toBeDefined();
    expect(p14?.sec_image).toMatch(/^\/img\/providers\/.+\.webp$/);
    expect(p14?.sec_image).not.toBe(p14?.image);
    expect(body.data.length).toBeGreaterThanOrEqual(2);
  });

  it("accepts a category code as well as its id", async () => {
    const byId = providerListSchema.parse((await get("/api/g/providers?category=2")).json());
    const byCode = providerListSchema.parse((await get("/api/g/providers?category=slot")).json());
    expect(byCode).toEqual(byId);
    expect(byId.data.map((p) => p.p_code)).toContain("HOUSE");
  });

  it("accepts several categories, in the order asked, each provider once", async () => {
    const slot = providerListSchema.parse((await get("/api/g/providers?category=2")).json()).data;
    const fishing = providerListSchema.parse((await get("/api/g/providers?category=3")).json()).data;
    const both = providerListSchema.parse((await get("/api/g/providers?category=2,3")).json()).data;
    const expected = [...slot, ...fishing.filter((f) => !slot.some((s) => s.id === f.id))];
    expect(both).toEqual(expected);
    expect(new Set(both.map((p) => p.id)).size).toBe(both.length);
    expect(slot.some((s) => fishing.some((f) => f.id === s.id))).toBe(true); // a shared provider really was de-duplicated
  });

  it.each(["99", "poker", "99,98"])("an unknown category %j gives success with an empty list", async (category) => {
    const res = await get(`/api/g/providers?category=${category}`);
    expect(res.statusCode).toBe(200);
    expect(providerListSchema.parse(res.json())).toEqual({ success: true, data: [] });
  });

  it.each(["", "2,,3", "-1", "1.5", "slot!", "SLOT", "2;drop", "a".repeat(40)])("a malformed category %j is a 400", async (category) => {
    const res = await get(`/api/g/providers?category=${encodeURIComponent(category)}`);
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).code).toBe("VALIDATION_FAILED");
  });

  it("a missing category is a 400", async () => {
    expect((await get("/api/g/providers")).statusCode).toBe(400);
  });

  it("GET /api/provider/hot/{categoryId} gives only the hot providers of that category", async () => {
    const all = providerListSchema.parse((await get("/api/g/providers?category=2")).json()).data;
    const hot = providerListSchema.parse((await get("/api/provider/hot/2")).json()).data;
    expect(hot.length).toBeGreaterThan(0);
    expect(hot.length).toBeLessThan(all.length);
    for (const p of hot) expect(all.map((a) => a.id)).toContain(p.id);
    expect(providerListSchema.parse((await get("/api/provider/hot/slot")).json())).toEqual({ success: true, data: hot });
    expect((await get("/api/provider/hot/99")).json()).toEqual({ success: true, data: [] });
    expect((await get("/api/provider/hot/1.5")).statusCode).toBe(400);
  });

  it("every category has at least one hot provider", async () => {
    for (const id of Object.values(CATEGORY_IDS)) {
      const hot = providerListSchema.parse((await get(`/api/provider/hot/${id}`)).json()).data;
      expect(hot.length, `category ${id}`).toBeGreaterThan(0);
    }
  });

  it("GET /api/g/home gives every category in order with the same providers as the per-category call", async () => {
    const res = await get("/api/g/home");
    expect(res.statusCode).toBe(200);
    const home = homeCatalogueSchema.parse(res.json());
    expect(home.data.map((g) => g.category.id)).toEqual(Object.values(CATEGORY_IDS));
    for (const group of home.data) {
      const single = providerListSchema.parse((await get(`/api/g/providers?category=${group.category.id}`)).json()).data;
      expect(group.providers).toEqual(single);
      expect(group.providers.length).toBeGreaterThan(0);
    }
  });

  it("GET /api/g lists a provider's games in a category with p_code, cate_code and g_code", async () => {
    const res = await get("/api/g?category=3&provider=14");
    expect(res.statusCode).toBe(200);
    const games = gameListSchema.parse(res.json()).data;
    expect(games.length).toBeGreaterThanOrEqual(15);
    for (const g of games) {
      expect(g.p_code).toBe("BGF");
      expect(g.cate_code).toBe("fishing");
      expect(g.image).toMatch(/^\/img\/games\/[a-z]+\.webp$/);
    }
    expect(new Set(games.map((g) => g.g_code)).size).toBe(games.length);
    expect(games.some((g) => g.name.length > 15)).toBe(true);
  });

  it("GET /api/g accepts codes (any letter case for the provider) and gives the house games", async () => {
    const slot = gameListSchema.parse((await get("/api/g?category=slot&provider=house")).json()).data;
    expect(slot.map((g) => [g.name, g.g_code, g.p_code, g.cate_code])).toEqual([["Golden Pagoda Slots", "house-slot", "HOUSE", "slot"]]);
    const crash = gameListSchema.parse((await get("/api/g?category=7&provider=1")).json()).data;
    expect(crash.map((g) => [g.name, g.g_code])).toEqual([["Rocket Crash", "house-crash"]]);
  });

  it("GET /api/g/{category}/{provider} answers like the query form", async () => {
    const byQuery = (await get("/api/g?category=fishing&provider=14")).json();
    const byPath = await get("/api/g/fishing/14");
    expect(byPath.statusCode).toBe(200);
    expect(gameListSchema.parse(byPath.json())).toEqual(byQuery);
    expect((await get("/api/g/3/BGF")).json()).toEqual(byQuery);
    expect((await get("/api/g/3/B%20F")).statusCode).toBe(400);
  });

  it("GET /api/g: unknown category or provider, or a provider outside the category, gives an empty list", async () => {
    for (const url of [
      "/api/g?category=99&provider=14",
      "/api/g?category=3&provider=999",
      "/api/g?category=3&provider=NOPE",
      "/api/g?category=10&provider=14",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({ success: true, data: [] });
    }
  });

  it.each(["/api/g?category=3", "/api/g?provider=14", "/api/g?category=3&provider=1%202", "/api/g?category=-3&provider=14"])(
    "GET %s is a 400",
    async (url) => {
      expect((await get(url)).statusCode).toBe(400);
    },
  );

  it("every provider with generated games has 15 to 40 of them", async () => {
    const home = homeCatalogueSchema.parse((await get("/api/g/home")).json());
    const totals = new Map<string, number>();
    for (const group of home.data) {
      for (const p of group.providers) {
        const games = gameListSchema.parse((await get(`/api/g?category=${group.category.id}&provider=${p.id}`)).json()).data;
        totals.set(p.p_code, (totals.get(p.p_code) ?? 0) + games.length);
      }
    }
    expect(totals.size).toBeGreaterThanOrEqual(9);
    for (const [code, n] of totals) {
      if (code === "HOUSE") expect(n).toBe(2);
      else expect(n, code).toBeGreaterThanOrEqual(15);
      expect(n, code).toBeLessThanOrEqual(40);
    }
  });
});
