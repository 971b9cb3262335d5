import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { games, gscGames, gscProducts, providerCategories, providerRounds, providers } from "../../db/schema/index.ts";
import { ManualClock } from "../../lib/clock.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { balancesOf, call, createUser, expectErrorBody } from "../ledger/testing.ts";
import { player } from "../providers/wallet.test-helpers.ts";
import { gscServerOf } from "./gsc.module.ts";
import { GSC_PATHS } from "./gsc-client.ts";
import { simulatedGscConfig } from "./gsc-config.ts";
import { type FakeAggregator, startFakeAggregator } from "./gsc-fake-aggregator.test-helpers.ts";
import { GSC_LAUNCH_PAGE_PATH } from "./gsc-launch.adapter.ts";
import { countLaunchPages } from "./gsc-launch.repository.ts";

const NOW = new Date("2026-11-26T05:00:00.000Z"); // 11:30 in Yangon

/** The aggregator's catalogue as the fake serves it; tests change it between syncs. */
interface Catalogue {
  products: Record<string, unknown>[];
  games: Record<number, Record<string, unknown>[]>;
}

const pg = (code: string, name: string, extra: Record<string, unknown> = {}) => ({
  game_code: code,
  game_name: name,
  game_type: "SLOT",
  image_url: `https://img.example/1007/${code}.png`,
  product_code: 1007,
  support_currency: "MMK2",
  status: "ACTIVATED",
  ...extra,
});

function firstCatalogue(): Catalogue {
  return {
    products: [
      {
        provider: "PG Soft",
        currency: "MMK2",
        status: "ACTIVATED",
        product_code: 1007,
        product_name: "pg_soft",
        game_type: "SLOT",
        product_title: "PG Soft",
        entry_type: 1,
      },
      // Listed once per currency: the MMK3 row is not ours (only MMK, MMK2 accepted below).
      {
        provider: "PG Soft",
        currency: "THB",
        status: "ACTIVATED",
        product_code: 1007,
        product_name: "pg_soft",
        game_type: "SLOT",
        product_title: "PG Soft",
        entry_type: 1,
      },
      {
        provider: "WBet",
        currency: "MMK2",
        status: "ACTIVATED",
        product_code: 1040,
        product_name: "wbet",
        game_type: "SPORT_BOOK",
        product_title: "WBet",
        entry_type: 2,
      },
      {
        provider: "FB Sports",
        currency: "MMK",
        status: "MAINTAINED",
        product_code: 1183,
        product_name: "fb_sports",
        game_type: "SPORT_BOOK",
        entry_type: 1,
      },
      {
        provider: "Jili",
        currency: "MMK",
        status: "ACTIVATED",
        product_code: 1091,
        product_name: "jili_tcg",
        game_type: "SLOT",
        product_title: "Jili",
        entry_type: 1,
      },
      {
        provider: "Jili",
        currency: "MMK",
        status: "ACTIVATED",
        product_code: 1091,
        product_name: "jili_tcg",
        game_type: "FISHING",
        product_title: "Jili",
        entry_type: 1,
      },
      {
        provider: "Euro",
        currency: "EUR",
        status: "ACTIVATED",
        product_code: 1999,
        product_name: "euro",
        game_type: "SLOT",
        entry_type: 1,
      },
    ],
    games: {
      1007: [
        pg("65", "Mahjong Ways"),
        // The same game once more for another currency: one game.
        pg("65", "Mahjong Ways (THB)", { support_currency: "THB" }),
        pg("74", "Fortune Tiger", { support_currency: "MMK,MMK2" }),
        // No image_url: lang_icon keyed by language code.
        pg("98", "Fortune Ox", {
          image_url: undefined,
          lang_icon: { "0": "https://img.example/en/98.png", "13": "https://img.example/my/98.png" },
        }),
        pg("99", "Only in THB", { support_currency: "THB" }),
        pg("100", "Truncated status", { status: "ACTIVAT", support_currency: "ALL" }),
        pg("101", "Switched off", { status: "DEACTIVATED" }),
      ],
      1183: [],
      1091: [
        {
          game_code: "2",
          game_name: "Jili Slot",
          game_type: "SLOT",
          image_url: "https://img.example/jili/2.png",
          support_currency: "MMK",
          status: "ACTIVATED",
        },
        {
          game_code: "F1",
          game_name: "Jili Fish",
          game_type: "FISHING",
          image_url: "https://img.example/jili/f1.png",
          support_currency: "ALL",
          status: "ACTIVATED",
        },
      ],
    },
  };
}

describe("GSC+ outbound: catalogue sync, launch, reconciliation", () => {
  let t: TestApp;
  let agg: FakeAggregator;
  let catalogue: Catalogue;
  let admin: { token: string };
  let operator: { token: string };
  const clock = new ManualClock(NOW);

  beforeAll(async () => {
    agg = await startFakeAggregator();
    t = await createTestApp({
      clock,
      config: {
        gsc: simulatedGscConfig({
          simulated: false,
          apiBaseUrl: agg.url,
          operatorCode: "AB12",
          secretKey: "gsc-test-secret-0123456789abcdef",
          currencies: { MMK: 1, MMK2: 1000 },
          timeoutMs: 2000,
        }),
      },
    });
    // Pages of 3 games, whatever size is asked: the sync must follow `total` (a string).
    agg.on(GSC_PATHS.products, () => catalogue.products);
    agg.on(GSC_PATHS.games, (request) => {
      const q = request.query as Record<string, string>;
      const all = catalogue.games[Number(q.product_code)] ?? [];
      const offset = Number(q.offset ?? 0);
      return {
        code: 0,
        message: "",
        provider_games: all.slice(offset, offset + 3),
        pagination: { offset, size: 3, total: String(all.length) },
      };
    });
    admin = await createUser(t, { role: "admin" });
    operator = await createUser(t, { role: "operator" });
  });
  afterAll(async () => {
    await t?.close();
    await agg?.close();
  });

  const providerRow = async (code: string) => (await t.ctx.db.select().from(providers).where(eq(providers.code, code)))[0];
  const gameRow = async (providerId: number, code: string) =>
    (
      await t.ctx.db
        .select()
        .from(games)
        .where(and(eq(games.providerId, providerId), eq(games.code, code)))
    )[0];

  describe("catalogue sync", () => {
    beforeAll(() => {
      catalogue = firstCatalogue();
    });

    it("is for admins only", async () => {
      expectErrorBody(await call(t, "POST", "/api/admin/gsc/sync", { token: operator.token }), 403, "FORBIDDEN");
      expect((await call(t, "GET", "/api/admin/gsc/status", { token: operator.token })).statusCode).toBe(200);
    });

    it("first sync: products become providers GSC<code>, games become games, quirks handled", async () => {
      const res = await call(t, "POST", "/api/admin/gsc/sync", { token: admin.token });
      expect(res.statusCode).toBe(200);
      const report = res.json();
      expect(report).toMatchObject({ products_added: 4, games_added: 5 + 1 + 2, operator_changes_kept: 0 });
      expect(report.skipped).toEqual([{ product_code: 1999, reason: expect.stringContaining("EUR") }]);

      const pgSoft = await providerRow("GSC1007");
      expect(pgSoft).toMatchObject({ name: "PG Soft", active: true, maintenance: false });
      const fb = await providerRow("GSC1183");
      expect(fb).toMatchObject({ name: "FB Sports", active: true, maintenance: true });
      const product = (await t.ctx.db.select().from(gscProducts).where(eq(gscProducts.productCode, 1007)))[0];
      expect(product).toMatchObject({ currency: "MMK2", entryType: 1, status: "ACTIVATED", gameTypes: ["SLOT"] });
      expect((await t.ctx.db.select().from(gscProducts).where(eq(gscProducts.productCode, 1040)))[0]).toMatchObject({ entryType: 2 });

      // Read page by page until total: 7 rows, 3 a page.
      const pages = agg.requests.filter((r) => r.path === GSC_PATHS.games && r.query.product_code === "1007").map((r) => r.query.offset);
      expect(pages).toEqual(["0", "3", "6"]);

      const pgGames = await t.ctx.db
        .select()
        .from(games)
        .where(eq(games.providerId, pgSoft?.id ?? 0));
      const byCode = Object.fromEntries(pgGames.map((g) => [g.code, g]));
      expect(Object.keys(byCode).sort()).toEqual(["100", "101", "65", "74", "98"]);
      expect(byCode["65"]).toMatchObject({ name: "Mahjong Ways", image: "https://img.example/1007/65.png", active: true, categoryId: 2 });
      expect(byCode["98"]?.image).toBe("https://img.example/en/98.png");
      expect(byCode["100"]?.active).toBe(true);
      expect(byCode["101"]?.active).toBe(false);
      const repeated = (
        await t.ctx.db
          .select()
          .from(gscGames)
          .where(and(eq(gscGames.productCode, 1007), eq(gscGames.gameCode, "65")))
      )[0];
      expect(repeated?.currencies).toEqual(["MMK2", "THB"]);

      // Lobby-only product: one lobby entry in its category; Jili in slot and fishing.
      const wbet = await providerRow("GSC1040");
      expect(
        await t.ctx.db
          .select({ code: games.code, categoryId: games.categoryId })
          .from(games)
          .where(eq(games.providerId, wbet?.id ?? 0)),
      ).toEqual([{ code: "lobby:SPORT_BOOK", categoryId: 10 }]);
      const jili = await providerRow("GSC1091");
      const links = await t.ctx.db
        .select()
        .from(providerCategories)
        .where(eq(providerCategories.providerId, jili?.id ?? 0));
      expect(links.map((l) => l.categoryId).sort()).toEqual([2, 3]);
      expect(links.every((l) => !l.hot)).toBe(true);

      const status = (await call(t, "GET", "/api/admin/gsc/status", { token: admin.token })).json();
      expect(status).toMatchObject({
        simulated: false,
        operator_code: "AB12",
        products: 4,
        callback_base_url: "http://localhost:80/api/gsc",
      });
      expect(status.last_sync.report.products_added).toBe(4);
    });

    it("second sync keeps what operators changed and takes the aggregator's changes elsewhere", async () => {
      const pgSoft = await providerRow("GSC1007");
      const jili = await providerRow("GSC1091");
      if (!pgSoft || !jili) throw new Error("not synced");
      // Operators: PG Soft switched off and hot in slot; one game's image and switch changed; game order changed.
      await t.ctx.db.update(providers).set({ active: false, sort: 1 }).where(eq(providers.id, pgSoft.id));
      await t.ctx.db.update(providerCategories).set({ hot: true }).where(eq(providerCategories.providerId, pgSoft.id));
      const g65 = await gameRow(pgSoft.id, "65");
      await t.ctx.db
        .update(games)
        .set({ image: "/img/games/custom.png", sort: 99 })
        .where(eq(games.id, g65?.id ?? 0));
      const g74 = await gameRow(pgSoft.id, "74");
      await t.ctx.db
        .update(games)
        .set({ active: false })
        .where(eq(games.id, g74?.id ?? 0));

      // The aggregator: PG Soft in maintenance and renamed; games renamed, new images; 98 gone, 102 new; FB Sports back.
      catalogue = firstCatalogue();
      catalogue.products[0] = { ...catalogue.products[0], status: "MAINTAINED", product_title: "PG Soft Games" };
      catalogue.products[3] = { ...catalogue.products[3], status: "ACTIVATED" };
      catalogue.games[1007] = [
        pg("65", "Mahjong Ways 2", { image_url: "https://img.example/new/65.png" }),
        pg("74", "Fortune Tiger", { image_url: "https://img.example/new/74.png" }),
        pg("100", "Truncated status"),
        pg("101", "Switched off", { status: "DEACTIVATED" }),
        pg("102", "Brand new"),
      ];
      const report = (await call(t, "POST", "/api/admin/gsc/sync", { token: admin.token })).json();
      expect(report).toMatchObject({ products_added: 0, games_added: 1, games_unlisted: 1 });
      expect(report.operator_changes_kept).toBeGreaterThanOrEqual(2);

      const after = await providerRow("GSC1007");
      // Name and maintenance follow the aggregator; the operator's off switch and order stay.
      expect(after).toMatchObject({ name: "PG Soft Games", maintenance: true, active: false, sort: 1 });
      expect(
        (await t.ctx.db.select().from(providerCategories).where(eq(providerCategories.providerId, pgSoft.id))).every((l) => l.hot),
      ).toBe(true);
      expect(await gameRow(pgSoft.id, "65")).toMatchObject({
        name: "Mahjong Ways 2",
        image: "/img/games/custom.png",
        sort: 99,
        active: true,
      });
      expect(await gameRow(pgSoft.id, "74")).toMatchObject({ image: "https://img.example/new/74.png", active: false });
      expect(await gameRow(pgSoft.id, "98")).toMatchObject({ active: false });
      expect(await gameRow(pgSoft.id, "102")).toMatchObject({ name: "Brand new", active: true });
      expect(await providerRow("GSC1183")).toMatchObject({ maintenance: false });
      expect(report.changes).toEqual(
        expect.arrayContaining([
          { target: "provider", p_code: "GSC1007", change: "maintenance", from: false, to: true },
          { target: "game", p_code: "GSC1007", g_code: "102", change: "added" },
          { target: "game", p_code: "GSC1007", g_code: "98", change: "unlisted" },
        ]),
      );

      // A third, unchanged sync changes nothing and still keeps the operator's values.
      const again = (await call(t, "POST", "/api/admin/gsc/sync", { token: admin.token })).json();
      expect(again).toMatchObject({ products_added: 0, products_updated: 0, games_added: 0, games_updated: 0 });
      expect(await providerRow("GSC1007")).toMatchObject({ active: false });
      // The operator's switch back on hands the field to the aggregator again.
      await t.ctx.db.update(providers).set({ active: true, maintenance: false }).where(eq(providers.id, pgSoft.id));
      await call(t, "POST", "/api/admin/gsc/sync", { token: admin.token });
      expect(await providerRow("GSC1007")).toMatchObject({ active: true, maintenance: false });
      expect(jili.active).toBe(true);
    });

    it("a product gone from the list is switched off", async () => {
      catalogue = firstCatalogue();
      catalogue.products = catalogue.products.filter((p) => p.product_code !== 1091);
      const report = (await call(t, "POST", "/api/admin/gsc/sync", { token: admin.token })).json();
      expect(report.products_unlisted).toBe(1);
      expect(await providerRow("GSC1091")).toMatchObject({ active: false });
    });
  });

  describe("launch", () => {
    let launchBodies: Record<string, unknown>[];
    let launchAnswer: () => unknown;

    beforeAll(async () => {
      catalogue = firstCatalogue();
      await gscServerOf(t.app).syncNow();
      agg.on(GSC_PATHS.launch, (request) => {
        launchBodies.push(request.body as Record<string, unknown>);
        return launchAnswer();
      });
    });
    beforeEach(() => {
      launchBodies = [];
      launchAnswer = () => ({ code: 200, message: "", url: "https://games.example/pg/65?t=abc" });
    });

    const launch = (token: string, body: Record<string, unknown>, userAgent?: string) =>
      call(t, "POST", "/api/getgamelaunch", { token, body, ...(userAgent ? { headers: { "user-agent": userAgent } } : {}) });

    it("sends the product's currency, the mapped language, the platform, the IP and a fixed password", async () => {
      const p = await player(t, 5_000);
      const res = await launch(
        p.token,
        { p_code: "GSC1007", cate_code: "slot", g_code: "65", language: "en" },
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)",
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ Url: "https://games.example/pg/65?t=abc" });
      const sent = launchBodies[0];
      expect(sent).toMatchObject({
        operator_code: "AB12",
        member_account: p.userCode,
        nickname: p.userCode,
        currency: "MMK2",
        game_code: "65",
        product_code: 1007,
        game_type: "SLOT",
        language_code: 0,
        ip: "127.0.0.1",
        platform: "MOBILE",
        operator_lobby_url: "http://localhost:80",
      });
      expect(sent?.password).toMatch(/^[0-9a-f]{32}$/);

      for (const [language, code] of [
        ["mm", 13],
        ["cn", 2],
        ["thai", 3],
      ] as const) {
        await launch(p.token, { p_code: "GSC1007", cate_code: "slot", g_code: "100", language }, "Mozilla/5.0 (Windows NT 10.0)");
        expect(launchBodies.at(-1)).toMatchObject({ language_code: code, platform: "DESKTOP", game_code: "100" });
        // The password never changes for the member.
        expect(launchBodies.at(-1)?.password).toBe(sent?.password);
      }
      const other = await player(t, 5_000);
      await launch(other.token, { p_code: "GSC1007", cate_code: "slot", g_code: "65" });
      expect(launchBodies.at(-1)?.password).not.toBe(sent?.password);
    });

    it("opens the lobby of a lobby-only product (no game code)", async () => {
      const p = await player(t, 5_000);
      const res = await launch(p.token, { p_code: "GSC1040", cate_code: "sports", g_code: "lobby:SPORT_BOOK" });
      expect(res.statusCode).toBe(200);
      expect(launchBodies[0]).toMatchObject({
        game_code: null,
        product_code: 1040,
        game_type: "SPORT_BOOK",
        currency: "MMK2",
        language_code: 13,
      });
    });

    it("serves an HTML answer once from a short-lived URL of the site, sandboxed", async () => {
      const p = await player(t, 5_000);
      launchAnswer = () => ({ code: 200, content: "<html><body><script>go()</script></body></html>" });
      const res = await launch(p.token, { p_code: "GSC1007", cate_code: "slot", g_code: "65" });
      const url = res.json().Url as string;
      expect(url.startsWith(`${GSC_LAUNCH_PAGE_PATH}/`)).toBe(true);
      const page = await t.app.inject({ method: "GET", url });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toContain("text/html");
      expect(page.headers["content-security-policy"]).toContain("sandbox allow-scripts");
      expect(page.headers["content-security-policy"]).not.toContain("allow-same-origin");
      expect(page.body).toBe("<html><body><script>go()</script></body></html>");
      // Once only.
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(404);

      // An unused page expires.
      const stale = (await launch(p.token, { p_code: "GSC1007", cate_code: "slot", g_code: "65" })).json().Url as string;
      clock.advance(3 * 60 * 1000);
      try {
        expect((await t.app.inject({ method: "GET", url: stale })).statusCode).toBe(404);
        expect(await countLaunchPages(t.ctx.db)).toBe(0);
      } finally {
        clock.set(NOW);
      }
    });

    it("answers a clear 503 when the aggregator is down or refuses, and no balance moves", async () => {
      const p = await player(t, 5_000);
      const before = await balancesOf(t, p.id);
      launchAnswer = () => ({ code: 999, message: "internal error" });
      const refused = await launch(p.token, { p_code: "GSC1007", cate_code: "slot", g_code: "65" });
      expectErrorBody(refused, 503, "PROVIDER_UNAVAILABLE");
      expect(refused.json().message).toBe("This game cannot be opened right now. Please try again later.");

      const server = gscServerOf(t.app);
      server.useBaseUrl("http://127.0.0.1:9"); // nothing listens there
      try {
        expectErrorBody(await launch(p.token, { p_code: "GSC1007", cate_code: "slot", g_code: "65" }), 503, "PROVIDER_UNAVAILABLE");
      } finally {
        server.useBaseUrl(agg.url);
      }
      expect(await balancesOf(t, p.id)).toEqual(before);
    });

    it("keeps the site's maintenance rule: a product in maintenance is not launched", async () => {
      const p = await player(t, 5_000);
      const res = await launch(p.token, { p_code: "GSC1183", cate_code: "sports", g_code: "anything" });
      expect([404, 422]).toContain(res.statusCode);
      expect(launchBodies).toHaveLength(0);
    });
  });

  describe("reconciliation", () => {
    const DAY = "2026-11-25";
    // 2026-11-25 10:00 in Yangon.
    const inDay = new Date("2026-11-25T03:30:00.000Z");

    async function round(
      userId: number,
      provider: string,
      roundId: string,
      bet: number,
      payout: number,
      status: "open" | "settled" | "rolled_back",
    ) {
      await t.ctx.db.insert(providerRounds).values({ provider, roundId, userId, bet, payout, status, createdAt: inDay });
    }

    it("finds wagers missing on either side, different amounts and different statuses", async () => {
      const a = await player(t, 0);
      const b = await player(t, 0);
      await round(a.id, "GSC1007", "W-OK", 1_500, 3_000, "settled");
      await round(a.id, "GSC1007", "W-AMOUNT", 1_500, 0, "settled");
      await round(b.id, "GSC1091", "W-STATUS", 200, 0, "open");
      await round(b.id, "GSC1091", "W-OURS-ONLY", 300, 0, "settled");
      // Not GSC+, and another day: never compared.
      await t.ctx.db
        .insert(providerRounds)
        .values({ provider: "GDG", roundId: "X", userId: a.id, bet: 1, status: "settled", createdAt: inDay });

      const windowOf = (ms: number) => ms >= inDay.getTime() && ms < inDay.getTime() + 5 * 60 * 1000;
      const theirs = [
        {
          wager_code: "W-OK",
          member_account: a.userCode,
          product_code: 1007,
          currency: "MMK2",
          wager_status: "SETTLED",
          bet_amount: "1.5",
          prize_amount: 3,
        },
        {
          wager_code: "W-AMOUNT",
          member_account: a.userCode,
          product_code: 1007,
          currency: "MMK2",
          wager_status: "SETTLED",
          bet_amount: "2.5",
          prize_amount: "0",
        },
        {
          wager_code: "W-STATUS",
          member_account: b.userCode,
          product_code: 1091,
          currency: "MMK",
          wager_status: "SETTLED",
          bet_amount: 200,
          prize_amount: 0,
        },
        {
          wager_code: "W-THEIRS-ONLY",
          member_account: b.userCode,
          product_code: 1091,
          currency: "MMK",
          wager_status: "SETTLED",
          bet_amount: 100,
          prize_amount: 50,
        },
      ];
      agg.on(GSC_PATHS.wagers, (request) => {
        const q = request.query as Record<string, string>;
        const rows = windowOf(Number(q.start)) ? theirs : [];
        const offset = Number(q.offset);
        // Two a page: the reconciliation must read every page of a window.
        return { wagers: rows.slice(offset, offset + 2), pagination: { size: 2, total: rows.length } };
      });

      expectErrorBody(
        await call(t, "POST", "/api/admin/gsc/reconciliation", { token: operator.token, body: { day: DAY } }),
        403,
        "FORBIDDEN",
      );
      const res = await call(t, "POST", "/api/admin/gsc/reconciliation", { token: admin.token, body: { day: DAY } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.run.summary).toEqual({
        day: DAY,
        windows: 288,
        theirs: 4,
        ours: 4,
        matched: 1,
        mismatched: 4,
        missing_ours: 1,
        missing_theirs: 1,
        amount: 1,
        status: 1,
      });
      const kinds = Object.fromEntries(body.mismatches.map((m: { wager_code: string; kind: string }) => [m.wager_code, m.kind]));
      expect(kinds).toEqual({
        "W-AMOUNT": "amount",
        "W-STATUS": "status",
        "W-THEIRS-ONLY": "missing_ours",
        "W-OURS-ONLY": "missing_theirs",
      });
      const amount = body.mismatches.find((m: { wager_code: string }) => m.wager_code === "W-AMOUNT");
      expect(amount).toMatchObject({ member_account: a.userCode, product_code: 1007, theirs: { bet_amount: "2.5" }, ours: { bet: 1_500 } });

      // Every 5-minute window of the Yangon day was asked, in epoch milliseconds.
      const starts = agg.requests.filter((r) => r.path === GSC_PATHS.wagers && r.query.offset === "0").map((r) => Number(r.query.start));
      expect(starts[0]).toBe(Date.parse("2026-11-24T17:30:00.000Z"));
      expect(starts.at(-1)).toBe(Date.parse("2026-11-25T17:25:00.000Z"));

      // Operators read it; a run again replaces the day's rows.
      const read = (await call(t, "GET", `/api/admin/gsc/reconciliation?day=${DAY}`, { token: operator.token })).json();
      expect(read.mismatches).toHaveLength(4);
      await call(t, "POST", "/api/admin/gsc/reconciliation", { token: admin.token, body: { day: DAY } });
      const n = rowsOf<{ n: string | number }>(
        await t.ctx.db.execute(sql`select count(*) as n from gsc_reconcile_mismatches where day = ${DAY}::date`),
      )[0]?.n;
      expect(Number(n)).toBe(4);
      expectErrorBody(
        await call(t, "POST", "/api/admin/gsc/reconciliation", { token: admin.token, body: { day: "25-11-2026" } }),
        400,
        "VALIDATION_FAILED",
      );
      // A day that is not a real one, or outside the days the site knows, is refused before the database sees it.
      for (const bad of ["2026-13-45", "2026-02-30", "0906-01-01"]) {
        expectErrorBody(
          await call(t, "GET", `/api/admin/gsc/reconciliation?day=${bad}`, { token: operator.token }),
          400,
          "VALIDATION_FAILED",
        );
        expectErrorBody(
          await call(t, "POST", "/api/admin/gsc/reconciliation", { token: admin.token, body: { day: bad } }),
          400,
          "VALIDATION_FAILED",
        );
      }
    });

    it("the daily round runs today's sync and yesterday's reconciliation once", async () => {
      agg.on(GSC_PATHS.wagers, () => ({ wagers: [], pagination: { total: 0 } }));
      await t.ctx.db.execute(sql`delete from gsc_job_runs`);
      const server = gscServerOf(t.app);
      await server.runDaily();
      const runs = rowsOf<{ job: string; day: string; finished: boolean }>(
        await t.ctx.db.execute(sql`select job, day::text as day, finished_at is not null as finished from gsc_job_runs order by job`),
      );
      expect(runs).toEqual([
        { job: "reconcile", day: "2026-11-25", finished: true },
        { job: "sync", day: "2026-11-26", finished: true },
      ]);
      const calls = agg.requests.length;
      await server.runDaily();
      expect(agg.requests.length).toBe(calls);
    });
  });
});
