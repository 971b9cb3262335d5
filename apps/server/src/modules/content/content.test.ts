import { bannerListSchema, errorBodySchema, headerPlayTextSchema, maintainSchema, socialLinksSchema } from "@shwe/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ManualClock } from "../../lib/clock.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { insertBanner } from "./banners.repository.ts";
import { SEED_MARQUEE } from "./content.seed.ts";

describe("public content", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicCacheMs: 60_000 } });
  });
  afterAll(async () => t.close());

  it("GET /api/header_play_text gives the seeded Burmese marquee as data[0].text", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/header_play_text" });
    expect(res.statusCode).toBe(200);
    const body = headerPlayTextSchema.parse(res.json());
    expect(body.data[0]?.text).toBe(SEED_MARQUEE);
    expect(body.data[0]?.text).toMatch(/[\u1000-\u109F]/);
    expect(res.headers["cache-control"]).toBe("public, max-age=60");
  });

  it("GET /api/weekly/promo_maintain is '0' after seeding and never cached", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/weekly/promo_maintain" });
    expect(res.statusCode).toBe(200);
    expect(maintainSchema.parse(res.json())).toEqual({ is_maintain: "0" });
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("GET /api/social_link gives every link, qr being a site image", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/social_link" });
    expect(res.statusCode).toBe(200);
    const { data } = socialLinksSchema.parse(res.json());
    expect(data.qr).toBe("/img/qr-app.svg");
    for (const key of ["play_store", "facebook", "messenger", "instagram"] as const) expect(data[key]).toMatch(/^https:\/\//);
    expect(data.viber).toMatch(/^viber:\/\//);
  });

  it("GET /api/banner and /api/banner_mobile give the seeded banners with desktop and mobile art", async () => {
    const desktop = bannerListSchema.parse((await t.app.inject({ method: "GET", url: "/api/banner?date=2026-02-10" })).json());
    const mobile = bannerListSchema.parse((await t.app.inject({ method: "GET", url: "/api/banner_mobile?date=2026-02-10" })).json());
    expect(desktop.data).toHaveLength(3);
    expect(desktop.data.map((b) => b.image)).toEqual([
      "/img/banners/lottery-desktop.svg",
      "/img/banners/games-desktop.svg",
      "/img/banners/crypto-desktop.svg",
    ]);
    expect(mobile.data.map((b) => b.image)).toEqual([
      "/img/banners/lottery-mobile.svg",
      "/img/banners/games-mobile.svg",
      "/img/banners/crypto-mobile.svg",
    ]);
    expect(mobile.data.map((b) => b.id)).toEqual(desktop.data.map((b) => b.id));
  });

  it("filters banners by date: starts_on ≤ date ≤ ends_on, null end is open, inactive never shown, sorted", async () => {
    const base = { imageDesktop: "/img/banners/games-desktop.svg", imageMobile: "/img/banners/games-mobile.svg", link: null };
    const may = await insertBanner(t.ctx.db, { ...base, title: "May only", startsOn: "2031-05-01", endsOn: "2031-05-31", sort: 0 });
    const fromMay15 = await insertBanner(t.ctx.db, { ...base, title: "From 15 May", startsOn: "2031-05-15", endsOn: null, sort: 0 });
    await insertBanner(t.ctx.db, { ...base, title: "Switched off", startsOn: "2031-01-01", endsOn: null, sort: 0, active: false });
    const titlesOn = async (day: string) =>
      bannerListSchema.parse((await t.app.inject({ method: "GET", url: `/api/banner?date=${day}` })).json()).data.map((b) => b.title);

    const seeded = ["Lucky Draw 2D 3D", "Casino Games", "Crypto 2D"];
    expect(await titlesOn("2031-04-30")).toEqual(seeded);
    expect(await titlesOn("2031-05-01")).toEqual(["May only", ...seeded]);
    expect(await titlesOn("2031-05-15")).toEqual(["May only", "From 15 May", ...seeded]);
    expect(await titlesOn("2031-05-31")).toEqual(["May only", "From 15 May", ...seeded]);
    expect(await titlesOn("2031-06-01")).toEqual(["From 15 May", ...seeded]);
    expect(await titlesOn("2023-12-31")).toEqual([]);
    expect(may.id).toBeLessThan(fromMay15.id);
  });

  it.each(["2026-02-30", "2026-2-1", "today", "2026-02-10T00:00"])("refuses the banner date %j with 400", async (date) => {
    const res = await t.app.inject({ method: "GET", url: `/api/banner?date=${encodeURIComponent(date)}` });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).code).toBe("VALIDATION_FAILED");
  });

  it("documents the content calls in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    for (const path of ["/api/header_play_text", "/api/weekly/promo_maintain", "/api/social_link", "/api/banner", "/api/banner_mobile"]) {
      expect(doc.paths[path]?.get).toBeDefined();
    }
  });
});

describe("banner default date", () => {
  let t: TestApp;
  // 18:00 UTC on 31 May is already 00:30 on 1 June in Yangon.
  const clock = new ManualClock(new Date("2032-05-31T18:00:00Z"));
  beforeAll(async () => {
    t = await createTestApp({ clock, config: { publicCacheMs: 60_000 } });
  });
  afterAll(async () => t.close());

  it("uses today in Asia/Yangon when no date is given", async () => {
    await insertBanner(t.ctx.db, {
      title: "June in Yangon",
      imageDesktop: "/img/banners/lottery-desktop.svg",
      imageMobile: "/img/banners/lottery-mobile.svg",
      link: "/two/lottery",
      startsOn: "2032-06-01",
      endsOn: "2032-06-01",
      sort: 0,
    });
    const titles = async () =>
      bannerListSchema.parse((await t.app.inject({ method: "GET", url: "/api/banner_mobile" })).json()).data.map((b) => b.title);
    expect(await titles()).toContain("June in Yangon");
    clock.set(new Date("2032-05-31T17:00:00Z")); // 23:30 on 31 May in Yangon
    expect(await titles()).not.toContain("June in Yangon");
  });
});
