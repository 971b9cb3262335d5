import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameRow, ProductRow } from "./catalogue.ts";
import { operatorApiSign } from "./sign.ts";
import { type StartedGscSimulator, startGscSimulator } from "./simulator.ts";
import { type FakeOperator, startFakeOperator } from "./testing/fake-operator.ts";

const OP = "AB12";
const SECRET = "s3cr3t";

let sim: StartedGscSimulator;
let operator: FakeOperator;

beforeAll(async () => {
  operator = await startFakeOperator({ operatorCode: OP, secretKey: SECRET, kyat: { PLY1: 150_000 } });
  sim = await startGscSimulator({
    operatorCode: OP,
    secretKey: SECRET,
    callbackBaseUrl: operator.callbackBase,
    lobbyUrl: "https://site.example/",
  });
});

afterAll(async () => {
  await sim?.close();
  await operator?.close();
});

function signedQuery(keyword: string, params: Record<string, string | number> = {}, requestTime = Math.floor(Date.now() / 1000)): string {
  const q = new URLSearchParams({
    operator_code: OP,
    request_time: String(requestTime),
    sign: operatorApiSign(requestTime, SECRET, keyword, OP),
  });
  for (const [k, v] of Object.entries(params)) q.set(k, String(v));
  return q.toString();
}

async function get<T>(path: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${sim.url}${path}`);
  return { status: res.status, body: (await res.json()) as T };
}

async function launch(fields: Record<string, unknown>, keyword = "launchgame"): Promise<Record<string, unknown>> {
  const requestTime = Math.floor(Date.now() / 1000);
  const body = {
    operator_code: OP,
    member_account: "PLY1",
    password: "pw-PLY1",
    nickname: "Ko Aung",
    currency: "MMK",
    game_code: null,
    product_code: 1006,
    game_type: "SLOT",
    language_code: 13,
    ip: "203.0.113.7",
    platform: "MOBILE",
    operator_lobby_url: "https://site.example/casino",
    request_time: requestTime,
    sign: operatorApiSign(requestTime, SECRET, keyword, OP),
    ...fields,
  };
  const res = await fetch(`${sim.url}/api/operators/launch-game`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

describe("product list (§7.2)", () => {
  it("answers the §8 table as a JSON array, one row per product and game type", async () => {
    const { status, body } = await get<ProductRow[]>(`/api/operators/available-products?${signedQuery("productlist")}`);
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    const row = (code: number, type: string) => body.find((p) => p.product_code === code && p.game_type === type);
    expect(row(1007, "SLOT")).toMatchObject({
      provider: "PG Soft",
      product_name: "pg_soft",
      currency: "MMK2",
      status: "ACTIVATED",
      product_id: 1141,
      entry_type: 1,
    });
    expect(row(1006, "LIVE_CASINO")).toMatchObject({ currency: "MMK", product_id: 1185, entry_type: 2 });
    expect(row(1194, "LIVE_CASINO")?.currency).toBe("MMK3");
    expect(row(1183, "SPORT_BOOK")?.status).toBe("MAINTAINED");
    expect(row(1004, "FISHING")?.status).toBe("DEACTIVATED");
    expect(body.filter((p) => p.product_code === 1006).map((p) => p.game_type)).toEqual([
      "SLOT",
      "LIVE_CASINO",
      "LIVE_CASINO_PREMIUM",
      "VIRTUAL_SPORT",
    ]);
    expect(new Set(body.map((p) => p.product_code)).size).toBe(22);
  });

  it("pages with offset and size", async () => {
    const all = (await get<ProductRow[]>(`/api/operators/available-products?${signedQuery("productlist")}`)).body;
    const page = (await get<ProductRow[]>(`/api/operators/available-products?${signedQuery("productlist", { offset: 3, size: 5 })}`)).body;
    expect(page).toEqual(all.slice(3, 8));
  });

  it("refuses a wrong sign, the inbound sign order, another keyword and a wrong operator code", async () => {
    const t = Math.floor(Date.now() / 1000);
    const wrong = new URLSearchParams({ operator_code: OP, request_time: String(t), sign: "0".repeat(32) });
    expect((await get(`/api/operators/available-products?${wrong}`)).body).toMatchObject({ code: 1004 });
    expect((await get(`/api/operators/available-products?${signedQuery("gamelist")}`)).body).toMatchObject({ code: 1004 });
    const other = new URLSearchParams({
      operator_code: "ZZ99",
      request_time: String(t),
      sign: operatorApiSign(t, SECRET, "productlist", "ZZ99"),
    });
    const refused = await get(`/api/operators/available-products?${other}`);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ code: 1002 });
  });
});

describe("game list (§7.3)", () => {
  it("pages with offset until the string total is reached", async () => {
    const seen: GameRow[] = [];
    let total = Number.POSITIVE_INFINITY;
    for (let offset = 0; offset < total; offset += 2) {
      const { body } = await get<{ code: number; provider_games: GameRow[]; pagination: { offset: number; size: number; total: string } }>(
        `/api/operators/provider-games?${signedQuery("gamelist", { product_code: 1006, offset, size: 2 })}`,
      );
      expect(body.code).toBe(0);
      expect(typeof body.pagination.total).toBe("string");
      expect(body.pagination).toMatchObject({ offset, size: 2 });
      total = Number(body.pagination.total);
      seen.push(...body.provider_games);
    }
    expect(seen.length).toBe(total);
    expect(new Set(seen.map((g) => g.game_type))).toEqual(new Set(["SLOT", "LIVE_CASINO", "LIVE_CASINO_PREMIUM", "VIRTUAL_SPORT"]));
    const slots = await get<{ provider_games: GameRow[] }>(
      `/api/operators/provider-games?${signedQuery("gamelist", { product_code: 1006, game_type: "SLOT" })}`,
    );
    expect(slots.body.provider_games.length).toBeGreaterThan(2);
    expect(slots.body.provider_games.every((g) => g.game_type === "SLOT" && g.product_code === 1006 && g.game_name.length > 0)).toBe(true);
  });

  it("has the quirks: a game_code repeated per currency, support_currency ALL and comma lists, odd statuses", async () => {
    const pg = (
      await get<{ provider_games: GameRow[] }>(`/api/operators/provider-games?${signedQuery("gamelist", { product_code: 1007 })}`)
    ).body.provider_games;
    const first = pg[0] as GameRow;
    expect(/^[0-9]+$/.test(first.game_code)).toBe(true);
    expect(pg.filter((g) => g.game_code === first.game_code).map((g) => g.support_currency)).toEqual(["MMK2", "MMK"]);
    const jili = (
      await get<{ provider_games: GameRow[] }>(`/api/operators/provider-games?${signedQuery("gamelist", { product_code: 1091 })}`)
    ).body.provider_games;
    expect(jili.every((g) => g.support_currency === "ALL")).toBe(true);
    const joker = (
      await get<{ provider_games: GameRow[] }>(`/api/operators/provider-games?${signedQuery("gamelist", { product_code: 1225 })}`)
    ).body.provider_games;
    expect(joker[0]?.support_currency).toBe("MMK,MMK2,THB");
    expect(new Set(joker.map((g) => g.status))).toEqual(new Set(["ACTIVATED", "MAINTAINED", "DEACTIVATED", "ACTIVAT"]));
  });

  it("serves each game's image as a small SVG", async () => {
    const pg = (
      await get<{ provider_games: GameRow[] }>(`/api/operators/provider-games?${signedQuery("gamelist", { product_code: 1007 })}`)
    ).body.provider_games;
    const image = pg[0]?.image_url as string;
    expect(image.startsWith(`${sim.url}/images/1007/SLOT/`)).toBe(true);
    const res = await fetch(image);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("image/svg+xml");
    const svg = await res.text();
    expect(svg).toContain("<svg");
    expect(svg).toContain(pg[0]?.game_name.split(" ")[0]);
  });

  it("refuses a missing product and a wrong sign", async () => {
    expect((await get(`/api/operators/provider-games?${signedQuery("gamelist")}`)).body).toMatchObject({ code: 10002 });
    expect((await get(`/api/operators/provider-games?${signedQuery("productlist", { product_code: 1007 })}`)).body).toMatchObject({
      code: 1004,
    });
  });
});

describe("launch game (§7.1)", () => {
  it("answers code 200 and a game page URL, and the page is served", async () => {
    const games = (
      await get<{ provider_games: GameRow[] }>(
        `/api/operators/provider-games?${signedQuery("gamelist", { product_code: 1006, game_type: "SLOT" })}`,
      )
    ).body.provider_games;
    const game = games[1] as GameRow;
    const answer = await launch({ game_code: game.game_code });
    expect(answer.code).toBe(200);
    expect(typeof answer.url).toBe("string");
    expect(sim.simulator.launches.at(-1)).toMatchObject({
      member_account: "PLY1",
      product_code: 1006,
      game_code: game.game_code,
      language_code: 13,
    });
    const page = await fetch(answer.url as string);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain(game.game_name);
    expect(html).toContain("https://site.example/casino");
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
  });

  it("answers PG Soft (1007) with the page as HTML content", async () => {
    const answer = await launch({ product_code: 1007, currency: "MMK2", game_code: "65" });
    expect(answer.code).toBe(200);
    expect(answer.url).toBeUndefined();
    expect(String(answer.content)).toContain("<!doctype html>");
  });

  it("opens a lobby-only product without a game_code", async () => {
    const answer = await launch({ product_code: 1185, game_type: "LIVE_CASINO" });
    expect(answer.code).toBe(200);
    expect(String(answer.url)).toContain("/game/");
  });

  it("refuses a wrong sign, a wrong operator, maintenance and bad parameters", async () => {
    expect(await launch({ game_code: "x" }, "gamelist")).toMatchObject({ code: 1004 });
    expect(await launch({ operator_code: "ZZ99" })).toMatchObject({ code: 1002 });
    expect(await launch({ product_code: 1183, game_type: "SPORT_BOOK" })).toMatchObject({ code: 2000 });
    expect(await launch({ product_code: 1004, game_type: "LIVE_CASINO", currency: "MMK2" })).toMatchObject({ code: 10002 });
    expect(await launch({ game_code: null })).toMatchObject({ code: 10002 }); // SLOT needs a game_code
    expect(await launch({ product_code: 1007, currency: "MMK", game_code: "65" })).toMatchObject({ code: 10002 }); // PG Soft runs in MMK2
    expect(await launch({ product_code: 1007, currency: "MMK2", game_code: "65", password: "another" })).toMatchObject({ code: 10002 });
    expect(await launch({ product_code: 1185, game_type: "LIVE_CASINO", operator_lobby_url: "javascript:alert(1)" })).toMatchObject({
      code: 10002,
    });
    expect(await launch({ product_code: 1185, game_type: "LIVE_CASINO", operator_lobby_url: "//evil.example/" })).toMatchObject({
      code: 10002,
    });
    expect(await launch({ product_code: 1185, game_type: "LIVE_CASINO", operator_lobby_url: "/casino" })).toMatchObject({ code: 200 });
  });

  it("answers maintenance for a product an operator test switches to MAINTAINED", async () => {
    sim.simulator.catalogue.setStatus(1018, "MAINTAINED");
    try {
      const game = sim.simulator.catalogue.games(1018, "")[0] as GameRow;
      expect(await launch({ product_code: 1018, game_code: game.game_code })).toMatchObject({ code: 2000 });
    } finally {
      sim.simulator.catalogue.setStatus(1018, "ACTIVATED");
    }
  });
});

describe("wager list (§7.4)", () => {
  it("lists the wagers the simulator created, in a window of at most 5 minutes, and one by id or wager_code", async () => {
    const start = Date.now();
    const rounds = [];
    for (let i = 0; i < 3; i++)
      rounds.push(await sim.simulator.sender.round({ member: "PLY1", product: 1007, stake: "0.5", win: i === 0 ? "1.25" : "0" }));
    const end = Date.now();
    const page1 = await get<{ code: number; wagers: Array<Record<string, unknown>>; pagination: { total: number } }>(
      `/api/operators/wagers?${signedQuery("getwagers", { start, end, offset: 0, size: 2 })}`,
    );
    expect(page1.body.code).toBe(0);
    expect(page1.body.pagination.total).toBe(3);
    expect(page1.body.wagers.map((w) => w.wager_code)).toEqual(rounds.slice(0, 2).map((r) => r.wagerCode));
    expect(page1.body.wagers[0]).toMatchObject({
      member_account: "PLY1",
      currency: "MMK2",
      product_code: 1007,
      wager_status: "SETTLED",
      bet_amount: 0.5,
      prize_amount: 1.25,
    });
    const page2 = await get<{ wagers: unknown[] }>(`/api/operators/wagers?${signedQuery("getwagers", { start, end, offset: 2, size: 2 })}`);
    expect(page2.body.wagers.length).toBe(1);

    const byCode = await get<{ code: number; wager: { id: string; wager_code: string } }>(
      `/api/operators/wagers/${rounds[0]?.wagerCode}?${signedQuery("getwager")}`,
    );
    expect(byCode.body.code).toBe(0);
    const byId = await get<{ wager: { wager_code: string } }>(`/api/operators/wagers/${byCode.body.wager.id}?${signedQuery("getwager")}`);
    expect(byId.body.wager.wager_code).toBe(rounds[0]?.wagerCode);
    expect((await get(`/api/operators/wagers/nope?${signedQuery("getwager")}`)).body).toMatchObject({ code: 10002 });
  });

  it("refuses a window over 5 minutes and a wrong sign", async () => {
    const end = Date.now();
    expect((await get(`/api/operators/wagers?${signedQuery("getwagers", { start: end - 5 * 60 * 1000 - 1, end })}`)).body).toMatchObject({
      code: 10002,
    });
    expect((await get(`/api/operators/wagers?${signedQuery("getwager", { start: end - 1000, end })}`)).body).toMatchObject({ code: 1004 });
  });
});
