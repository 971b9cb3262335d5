import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { banners, games, lotteryGames, providerCategories, providers, settings } from "../../db/schema/index.ts";
import { seedDatabase } from "../../db/seed.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

const IMG_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../../../web/public/img");

/** The folders whose art the seed names as WebP drawn from its SVG (scripts/raster-art.mjs). */
const RASTER_FOLDERS = ["categories", "providers", "games", "payments"];

function svgFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? svgFiles(full) : name.endsWith(".svg") ? [full] : [];
  });
}

describe("seeded catalogue, content and art", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function tableCounts() {
    const res = await t.ctx.db.execute(sql`select
      (select count(*) from game_categories)::int as categories, (select count(*) from providers)::int as providers,
      (select count(*) from provider_categories)::int as links, (select count(*) from games)::int as games,
      (select count(*) from banners)::int as banners, (select count(*) from lottery_games)::int as lottery,
      (select count(*) from settings)::int as settings`);
    const row = rowsOf<Record<string, number>>(res)[0];
    if (!row) throw new Error("no counts");
    return row;
  }

  it("seeds the catalogue with provider 14 in Fishing and the HOUSE provider in slot and crash", async () => {
    const p14 = (await t.ctx.db.select().from(providers).where(eq(providers.id, 14)))[0];
    expect(p14?.secImage).not.toBe(p14?.image);
    const links14 = await t.ctx.db.select().from(providerCategories).where(eq(providerCategories.providerId, 14));
    expect(links14.map((l) => l.categoryId)).toContain(3);
    const house = (await t.ctx.db.select().from(providers).where(eq(providers.code, "HOUSE")))[0];
    expect(house?.name).toBe("Shwe House Games");
    const houseGames = await t.ctx.db
      .select()
      .from(games)
      .where(eq(games.providerId, house?.id ?? -1));
    expect(houseGames.map((g) => [g.code, g.name, g.categoryId]).sort()).toEqual([
      ["house-crash", "Rocket Crash", 7],
      ["house-slot", "Golden Pagoda Slots", 2],
    ]);
    const counts = await tableCounts();
    expect(counts.categories).toBe(9);
    expect(counts.providers).toBeGreaterThanOrEqual(9);
    expect(counts.banners).toBe(3);
    expect(counts.lottery).toBe(5);
  });

  it("seeding again adds nothing and keeps what operators changed", async () => {
    await t.ctx.db.update(providers).set({ maintenance: true }).where(eq(providers.id, 14));
    await t.ctx.db.update(banners).set({ active: false });
    await t.ctx.db.update(lotteryGames).set({ odds: 80 }).where(eq(lotteryGames.type, "2D"));
    await t.ctx.db
      .update(settings)
      .set({ value: { value: "1" } })
      .where(eq(settings.key, "promo.weekly_maintain"));
    const before = await tableCounts();
    await seedDatabase(t.ctx.db, t.config);
    expect(await tableCounts()).toEqual(before);
    expect((await t.ctx.db.select().from(providers).where(eq(providers.id, 14)))[0]?.maintenance).toBe(true);
    expect((await t.ctx.db.select().from(lotteryGames).where(eq(lotteryGames.type, "2D")))[0]?.odds).toBe(80);
    expect((await t.app.inject({ method: "GET", url: "/api/weekly/promo_maintain" })).json()).toEqual({ is_maintain: "1" });
    expect((await t.app.inject({ method: "GET", url: "/api/banner?date=2026-01-01" })).json()).toEqual({ data: [] });
  });

  it("every image the database names is a site-relative file shipped in apps/web/public/img", async () => {
    const res = await t.ctx.db.execute(sql`
      select image as path from game_categories
      union select image from providers union select sec_image from providers
      union select image from games
      union select image_desktop from banners union select image_mobile from banners
      union select value->'value'->>'qr' from settings where key = 'content.social_links'`);
    const paths = rowsOf<{ path: string }>(res).map((r) => r.path);
    expect(paths.length).toBeGreaterThan(30);
    for (const path of paths) {
      expect(path).toMatch(/^\/img\/[a-z0-9/-]+\.(svg|webp)$/);
      expect(existsSync(join(IMG_ROOT, path.slice("/img/".length))), path).toBe(true);
    }
  });

  it("the catalogue's art is named as WebP, each drawn from its SVG at the SVG's size", async () => {
    const named = rowsOf<{ path: string }>(
      await t.ctx.db.execute(sql`select image as path from game_categories
        union select image from providers union select sec_image from providers union select image from games
        union select logo from payment_methods`),
    ).map((r) => r.path);
    for (const path of named) expect(path, path).toMatch(/^\/img\/(categories|providers|games|payments)\/[a-z0-9-]+\.webp$/);
    const svgs = RASTER_FOLDERS.flatMap((folder) => svgFiles(join(IMG_ROOT, folder)));
    expect(svgs.length).toBeGreaterThanOrEqual(40);
    for (const svg of svgs) {
      const rel = svg.slice(IMG_ROOT.length + 1);
      const webp = svg.replace(/\.svg$/, ".webp");
      expect(existsSync(webp), `${rel}: no WebP beside it (node scripts/raster-art.mjs)`).toBe(true);
      const [source, raster] = await Promise.all([sharp(readFileSync(svg)).metadata(), sharp(readFileSync(webp)).metadata()]);
      expect(raster.format, rel).toBe("webp");
      expect([raster.width, raster.height], rel).toEqual([source.width, source.height]);
    }
  });

  it("ships the shell art: logo, mark, payments, QR, fallback and avatar", () => {
    for (const rel of [
      "logo.svg",
      "logo-mark.svg",
      "qr-app.svg",
      "fallback.svg",
      "avatar.svg",
      "payments/kbzpay.svg",
      "payments/wavepay.svg",
      "payments/ayapay.svg",
      "payments/cbpay.svg",
    ]) {
      expect(existsSync(join(IMG_ROOT, rel)), rel).toBe(true);
    }
  });

  it("every SVG is small, self-contained, script-free and renders at its stated size", async () => {
    const files = svgFiles(IMG_ROOT);
    expect(files.length).toBeGreaterThanOrEqual(50);
    const sizes: Record<string, [number, number]> = { banners: [1200, 400], providers: [300, 200], games: [300, 300] };
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      const rel = file.slice(IMG_ROOT.length + 1);
      expect(Buffer.byteLength(text), rel).toBeLessThan(6 * 1024);
      expect(text, rel).not.toMatch(/<script|on[a-z]+=|href=|<image|<foreignObject|@import|url\(http/i);
      const meta = await sharp(Buffer.from(text)).metadata();
      expect(meta.format, rel).toBe("svg");
      const folder = rel.split("/")[0] ?? "";
      const expected = rel.endsWith("-mobile.svg") ? [750, 420] : sizes[folder];
      if (expected) expect([meta.width, meta.height], rel).toEqual(expected);
    }
  });
});
