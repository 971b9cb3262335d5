import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../lib/clock.ts";
import { createGscClient, GET_ATTEMPTS, GET_BACKOFF_MS, GSC_PATHS, GscCallError, type GscLaunchBody } from "./gsc-client.ts";
import { simulatedGscConfig } from "./gsc-config.ts";
import { type FakeAggregator, startFakeAggregator } from "./gsc-fake-aggregator.test-helpers.ts";
import { gscOutboundSign } from "./gsc-sign.ts";

const SECRET = "client-test-secret-key-0123456789";
const config = simulatedGscConfig({ simulated: false, operatorCode: "AB12", secretKey: SECRET, timeoutMs: 2000 });
const clock = new ManualClock(new Date("2026-11-26T03:00:00.000Z"));
const REQUEST_TIME = String(Date.parse("2026-11-26T03:00:00.000Z") / 1000);

const LAUNCH: GscLaunchBody = {
  member_account: "PLY12345",
  password: "p".repeat(32),
  nickname: "PLY12345",
  currency: "MMK2",
  game_code: "65",
  product_code: 1007,
  game_type: "SLOT",
  language_code: 13,
  ip: "203.0.113.7",
  platform: "MOBILE",
  operator_lobby_url: "https://site.example",
};

/** The real fetch, counting the calls the client makes (what reaches the server after an abort is not waited for). */
function counting(): { fetch: typeof fetch; calls: () => number } {
  let n = 0;
  return {
    fetch: async (input, init) => {
      n++;
      return fetch(input, init);
    },
    calls: () => n,
  };
}

describe("GSC+ operator API client", () => {
  let agg: FakeAggregator;
  let pauses: number[];
  const client = (overrides: Partial<typeof config> = {}, fetchImpl?: typeof fetch) =>
    createGscClient({
      config: { ...config, ...overrides },
      baseUrl: () => agg.url,
      clock,
      pause: async (ms) => {
        pauses.push(ms);
      },
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    });

  beforeAll(async () => {
    agg = await startFakeAggregator();
  });
  afterAll(async () => agg.close());
  beforeEach(() => {
    agg.requests.length = 0;
    pauses = [];
  });

  it("signs GET calls request-first and passes everything as query parameters", async () => {
    agg.on(GSC_PATHS.products, () => [
      { product_code: 1007, currency: "MMK2", status: "ACTIVATED", game_type: "SLOT", provider: "PG Soft" },
    ]);
    agg.on(GSC_PATHS.games, () => ({
      code: 0,
      message: "",
      provider_games: [{ game_code: 65, game_name: "A" }],
      pagination: { offset: 0, size: 0, total: "153" },
    }));
    agg.on(GSC_PATHS.wagers, () => ({ wagers: [{ wager_code: "W1", bet_amount: "1.5" }], pagination: { size: 1, total: 1 } }));
    const c = client();
    expect(await c.products()).toEqual([expect.objectContaining({ product_code: 1007, currency: "MMK2" })]);
    const games = await c.games(1007, 500, 250);
    expect(games).toEqual({ games: [expect.objectContaining({ game_code: "65" })], total: 153, rows: 1 });
    await c.wagers(1_000, 301_000, 0, 1000);

    const [products, gameList, wagers] = agg.requests;
    expect(products?.method).toBe("GET");
    expect(products?.query).toEqual({
      operator_code: "AB12",
      request_time: REQUEST_TIME,
      sign: gscOutboundSign(REQUEST_TIME, SECRET, "productlist", "AB12"),
    });
    expect(gameList?.query).toEqual({
      operator_code: "AB12",
      request_time: REQUEST_TIME,
      sign: gscOutboundSign(REQUEST_TIME, SECRET, "gamelist", "AB12"),
      product_code: "1007",
      offset: "500",
      size: "250",
    });
    expect(wagers?.query).toMatchObject({
      start: "1000",
      end: "301000",
      offset: "0",
      size: "1000",
      sign: gscOutboundSign(REQUEST_TIME, SECRET, "getwagers", "AB12"),
    });
    // The secret itself never travels.
    expect(JSON.stringify(agg.requests)).not.toContain(SECRET);
  });

  it("posts the launch as JSON with an integer request_time and answers the URL or the page", async () => {
    agg.on(GSC_PATHS.launch, () => ({ code: 200, message: "ok", url: "https://games.example/play?t=1" }));
    expect(await client().launch(LAUNCH)).toEqual({ url: "https://games.example/play?t=1" });
    const sent = agg.requests[0];
    expect(sent?.method).toBe("POST");
    expect(sent?.body).toEqual({
      ...LAUNCH,
      operator_code: "AB12",
      request_time: Number(REQUEST_TIME),
      sign: gscOutboundSign(REQUEST_TIME, SECRET, "launchgame", "AB12"),
    });
    agg.on(GSC_PATHS.launch, () => ({ code: 200, message: "", content: "<html><body>PG</body></html>" }));
    expect(await client().launch(LAUNCH)).toEqual({ content: "<html><body>PG</body></html>" });
  });

  it("refuses a launch answer with an error code or with neither url nor content", async () => {
    agg.on(GSC_PATHS.launch, () => ({ code: 10002, message: "invalid parameter" }));
    const refused = await client()
      .launch(LAUNCH)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GscCallError);
    expect(refused).toMatchObject({ status: 502, code: "GSC_REFUSED", aggregatorCode: 10002 });
    expect((refused as Error).message).toContain("invalid parameter");
    agg.on(GSC_PATHS.launch, () => ({ code: 200, message: "" }));
    expect(
      await client()
        .launch(LAUNCH)
        .catch((e: unknown) => e),
    ).toMatchObject({ code: "GSC_REFUSED" });
    // Nothing secret in what the error says.
    expect(JSON.stringify({ m: (refused as Error).message, d: (refused as GscCallError).details })).not.toContain(SECRET);
  });

  it("retries a list call after HTTP 5xx with growing pauses, and gives up after the last attempt", async () => {
    let n = 0;
    agg.on(GSC_PATHS.products, (_req, reply) => {
      n++;
      return n < 3 ? reply.code(503).send({ message: "busy" }) : [{ product_code: 1, currency: "MMK" }];
    });
    expect(await client().products()).toHaveLength(1);
    expect(agg.requests).toHaveLength(3);
    expect(pauses).toEqual([...GET_BACKOFF_MS]);
    // Each attempt is signed afresh (same second here, so the same sign).
    expect(new Set(agg.requests.map((r) => r.query.sign)).size).toBe(1);

    agg.requests.length = 0;
    agg.on(GSC_PATHS.products, (_req, reply) => reply.code(500).send({}));
    const err = await client()
      .products()
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "GSC_UNREACHABLE", kind: "unreachable" });
    expect(agg.requests).toHaveLength(GET_ATTEMPTS);
  });

  it("does not retry a list call the aggregator refused (HTTP 4xx or an error code)", async () => {
    agg.on(GSC_PATHS.games, (_req, reply) => reply.code(400).send({ code: 10002 }));
    expect(
      await client()
        .games(1, 0, 10)
        .catch((e: unknown) => e),
    ).toMatchObject({ code: "GSC_UNREACHABLE" });
    expect(agg.requests).toHaveLength(1);
    agg.requests.length = 0;
    agg.on(GSC_PATHS.games, () => ({ code: 1005, message: "game list not available" }));
    expect(
      await client()
        .games(1, 0, 10)
        .catch((e: unknown) => e),
    ).toMatchObject({ code: "GSC_REFUSED", aggregatorCode: 1005 });
    expect(agg.requests).toHaveLength(1);
  });

  it("times out a list call that gets no answer, on every attempt", async () => {
    agg.on(GSC_PATHS.wagers, () => undefined);
    const sent = counting();
    const err = await client({ timeoutMs: 30 }, sent.fetch)
      .wagers(0, 1, 0, 10)
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "GSC_UNREACHABLE" });
    expect((err as Error).message).toContain("did not answer within 30 ms");
    expect(sent.calls()).toBe(GET_ATTEMPTS);
  });

  it("fails like an unreachable aggregator while its address is not known yet (demo mode before listening)", async () => {
    const early = createGscClient({
      config,
      clock,
      baseUrl: () => {
        throw new Error("no base URL yet");
      },
    });
    expect(await early.products().catch((e: unknown) => e)).toMatchObject({ code: "GSC_UNREACHABLE", call: "products" });
    expect(await early.launch(LAUNCH).catch((e: unknown) => e)).toMatchObject({ code: "GSC_UNREACHABLE", call: "launch" });
  });

  it("never repeats a launch that timed out", async () => {
    agg.on(GSC_PATHS.launch, () => undefined);
    const sent = counting();
    const err = await client({ timeoutMs: 30 }, sent.fetch)
      .launch(LAUNCH)
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "GSC_UNREACHABLE" });
    expect(sent.calls()).toBe(1);
  });

  it("tries a launch once more when the connection failed before any answer, and no more", async () => {
    let calls = 0;
    const refusing: typeof fetch = async () => {
      calls++;
      throw Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } });
    };
    expect(
      await client({}, refusing)
        .launch(LAUNCH)
        .catch((e: unknown) => e),
    ).toMatchObject({ code: "GSC_UNREACHABLE" });
    expect(calls).toBe(2);

    let second = 0;
    const onceRefused: typeof fetch = async (input, init) => {
      second++;
      if (second === 1) throw Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNRESET" } });
      return fetch(input, init);
    };
    agg.on(GSC_PATHS.launch, () => ({ code: 200, url: "https://games.example/ok" }));
    expect(await client({}, onceRefused).launch(LAUNCH)).toEqual({ url: "https://games.example/ok" });
    expect(second).toBe(2);
  });
});
