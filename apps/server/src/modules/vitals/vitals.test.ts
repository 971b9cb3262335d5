import { vitalsSummarySchema } from "@shwe/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { createTestApp, onRealPostgres, type TestApp } from "../../test/test-app.ts";
import { runHousekeeping } from "../housekeeping/housekeeping.service.ts";
import { call, createUser, expectErrorBody, type TestUser } from "../ledger/testing.ts";
import { VITALS_REPORTS_PER_MINUTE } from "./vitals.routes.ts";

const report = (over: Record<string, unknown> = {}) => ({
  page: "2d",
  device: "low",
  connection: "3g",
  samples: [
    { metric: "LCP", value: 2300 },
    { metric: "CLS", value: 0.04 },
  ],
  ...over,
});

describe(`speed on players' phones (${onRealPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  let t: TestApp;
  let operator: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { enabled: false, factor: 1 } } });
    operator = await createUser(t, { role: "operator" });
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    await t.ctx.db.execute(sql`delete from web_vital_samples`);
  });

  const stored = async () =>
    rowsOf<{ page: string; device: string; connection: string; metric: string; value: number }>(
      await t.ctx.db.execute(sql`select page, device, connection, metric, value from web_vital_samples order by id`),
    );
  const send = (body: unknown) => call(t, "POST", "/api/vitals", { body });
  const summary = async (days = 7) => {
    const res = await call(t, "GET", `/api/admin/vitals?days=${days}`, { token: operator.token });
    expect(res.statusCode, res.body).toBe(200);
    return vitalsSummarySchema.parse(res.json());
  };

  it("stores a well-formed report without a session, one row per measure and nothing about the visitor", async () => {
    const res = await send(report());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ accepted: 2 });
    expect(await stored()).toEqual([
      { page: "2d", device: "low", connection: "3g", metric: "LCP", value: 2300 },
      { page: "2d", device: "low", connection: "3g", metric: "CLS", value: 0.04 },
    ]);
    const columns = rowsOf<{ column_name: string }>(
      await t.ctx.db.execute(
        sql`select column_name from information_schema.columns where table_name = 'web_vital_samples' order by column_name`,
      ),
    ).map((c) => c.column_name);
    expect(columns).toEqual(["connection", "created_at", "device", "id", "metric", "page", "value"]);
  });

  it.each([
    ["an unknown page", report({ page: "/two/lottery?phone=0912345678" })],
    ["an unknown device class", report({ device: "Pixel 7" })],
    ["an unknown connection", report({ connection: "5g" })],
    ["an unknown measure", report({ samples: [{ metric: "FID", value: 10 }] })],
    ["a negative value", report({ samples: [{ metric: "LCP", value: -1 }] })],
    ["a value past the largest", report({ samples: [{ metric: "INP", value: 60_001 }] })],
    ["a number as text", report({ samples: [{ metric: "LCP", value: "2300" }] })],
    ["no samples", report({ samples: [] })],
    [
      "a measure twice",
      report({
        samples: [
          { metric: "LCP", value: 1 },
          { metric: "LCP", value: 2 },
        ],
      }),
    ],
    ["a field more", report({ user_id: 7 })],
    ["a field more in a sample", report({ samples: [{ metric: "LCP", value: 1, url: "/x" }] })],
    ["not an object", ["LCP", 2300]],
  ])("refuses %s with 400 VALIDATION_FAILED and stores nothing", async (_name, body) => {
    expectErrorBody(await send(body), 400, "VALIDATION_FAILED");
    expect(await stored()).toEqual([]);
  });

  it("refuses a body that is not JSON and stores nothing", async () => {
    const res = await call(t, "POST", "/api/vitals", { rawBody: '{"page":"home",' });
    expect(res.statusCode).toBe(400);
    expect(await stored()).toEqual([]);
  });

  it("aggregates per page, device class, connection and measure: p75 by nearest rank and the Core Web Vitals shares", async () => {
    // 2D, low-end, 3G: LCP 1000, 2000, 2500, 3000, 4500, 6000 → sorted, ceil(0.75 × 6) = 5th = 4500;
    // good ≤ 2500: 3 of 6; poor > 4000: 2 of 6; needs improvement: 1 of 6.
    for (const value of [3000, 1000, 6000, 2500, 4500, 2000]) await send(report({ samples: [{ metric: "LCP", value }] }));
    // The same page on 4G is a group of its own: INP 300, 100 → sorted 100, 300, ceil(0.75 × 2) = 2nd = 300.
    for (const value of [300, 100]) await send(report({ connection: "4g", samples: [{ metric: "INP", value }] }));
    // CLS on home, mid-range: 0.1 (good, on the limit), 0.3 (poor), 0.2 → sorted 0.1, 0.2, 0.3, ceil(2.25) = 3rd = 0.3.
    for (const value of [0.1, 0.3, 0.2]) await send(report({ page: "home", device: "mid", samples: [{ metric: "CLS", value }] }));

    const { rows, days } = await summary();
    expect(days).toBe(7);
    expect(rows).toEqual([
      {
        page: "2d",
        device: "low",
        connection: "3g",
        metric: "LCP",
        samples: 6,
        p75: 4500,
        good: 0.5,
        needs_improvement: 0.167,
        poor: 0.333,
      },
      { page: "2d", device: "low", connection: "4g", metric: "INP", samples: 2, p75: 300, good: 0.5, needs_improvement: 0.5, poor: 0 },
      {
        page: "home",
        device: "mid",
        connection: "3g",
        metric: "CLS",
        samples: 3,
        p75: 0.3,
        good: 0.333,
        needs_improvement: 0.333,
        poor: 0.333,
      },
    ]);

    const metrics = (await t.app.inject({ method: "GET", url: "/metrics" })).body;
    expect(metrics).toContain('shwe_web_vitals_p75{metric="LCP",page="2d",device="low",connection="3g"} 4500');
    expect(metrics).toContain('shwe_web_vitals_p75{metric="CLS",page="home",device="mid",connection="3g"} 0.3');
  });

  it("shows the last 7 days only, and the housekeeping deletes samples past 31 days", async () => {
    await send(report({ samples: [{ metric: "TTFB", value: 500 }] }));
    await send(report({ samples: [{ metric: "TTFB", value: 900 }] }));
    await send(report({ samples: [{ metric: "TTFB", value: 2000 }] }));
    await t.ctx.db.execute(sql`update web_vital_samples set created_at = now() - interval '8 days' where value = 900`);
    await t.ctx.db.execute(sql`update web_vital_samples set created_at = now() - interval '32 days' where value = 2000`);
    expect((await summary()).rows).toEqual([
      expect.objectContaining({ metric: "TTFB", samples: 1, p75: 500, good: 1, needs_improvement: 0, poor: 0 }),
    ]);
    expect((await summary(30)).rows).toEqual([expect.objectContaining({ metric: "TTFB", samples: 2, p75: 900 })]);

    const done = await runHousekeeping(t.ctx.db);
    expect(done.vitalSamples).toBe(1);
    expect((await stored()).map((s) => s.value)).toEqual([500, 900]);
  });

  it("shows the summary to operators only", async () => {
    const player = await createUser(t);
    expectErrorBody(await call(t, "GET", "/api/admin/vitals", { token: player.token }), 403, "FORBIDDEN");
    expect((await call(t, "GET", "/api/admin/vitals")).statusCode).toBe(401);
    expectErrorBody(await call(t, "GET", "/api/admin/vitals?days=31", { token: operator.token }), 400, "VALIDATION_FAILED");
  });
});

describe("speed reports are rate-limited per address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => t.close());

  it(`answers 429 RATE_LIMITED after ${VITALS_REPORTS_PER_MINUTE} reports a minute from one address, and stores none of the refused`, async () => {
    const body = { page: "home", device: "high", connection: "4g", samples: [{ metric: "TTFB", value: 120 }] };
    for (let i = 0; i < VITALS_REPORTS_PER_MINUTE; i++) expect((await call(t, "POST", "/api/vitals", { body })).statusCode).toBe(200);
    expectErrorBody(await call(t, "POST", "/api/vitals", { body }), 429, "RATE_LIMITED");
    const count = rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from web_vital_samples`))[0]?.n;
    expect(count).toBe(VITALS_REPORTS_PER_MINUTE);
  });
});
