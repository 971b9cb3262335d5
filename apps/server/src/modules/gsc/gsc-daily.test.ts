import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { providerRounds } from "../../db/schema/index.ts";
import { ManualClock } from "../../lib/clock.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { player } from "../providers/wallet.test-helpers.ts";
import { gscServerOf } from "./gsc.module.ts";
import { GSC_PATHS } from "./gsc-client.ts";
import { simulatedGscConfig } from "./gsc-config.ts";
import { type FakeAggregator, startFakeAggregator } from "./gsc-fake-aggregator.test-helpers.ts";

/**
 * The daily round's reconciliation of yesterday: in demo mode (the in-process simulator) a day without
 * GSC+ rounds is not reconciled (no 288 calls at every start); with rounds it is; a real connection
 * reconciles every day, rounds or not, as before.
 */
const NOW = new Date("2026-11-26T05:00:00.000Z"); // 11:30 in Yangon
const YESTERDAY = "2026-11-25";
const IN_YESTERDAY = new Date("2026-11-25T03:30:00.000Z");

describe("GSC+ daily reconciliation of yesterday", () => {
  let agg: FakeAggregator;
  let demo: TestApp;
  let real: TestApp;

  beforeAll(async () => {
    agg = await startFakeAggregator();
    agg.on(GSC_PATHS.wagers, () => ({ wagers: [], pagination: { total: 0 } }));
    const gsc = (simulated: boolean) =>
      simulatedGscConfig({ simulated, apiBaseUrl: agg.url, currencies: { MMK: 1, MMK2: 1000 }, timeoutMs: 2000 });
    [demo, real] = await Promise.all([
      createTestApp({ clock: new ManualClock(NOW), config: { gsc: gsc(true) } }),
      createTestApp({ clock: new ManualClock(NOW), config: { gsc: gsc(false) } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([demo?.close(), real?.close()]);
    await agg?.close();
  });

  const wagerCalls = () => agg.requests.filter((r) => r.path === GSC_PATHS.wagers).length;
  const reconcileRuns = async (t: TestApp) =>
    rowsOf<{ day: string; finished: boolean }>(
      await t.ctx.db.execute(
        sql`select day::text as day, finished_at is not null as finished from gsc_job_runs where job = 'reconcile' order by day`,
      ),
    );

  it("demo mode: a day without GSC+ rounds is skipped; once it has one, the day is reconciled", async () => {
    const before = wagerCalls();
    await gscServerOf(demo.app).runDaily();
    expect(wagerCalls()).toBe(before);
    expect(await reconcileRuns(demo)).toEqual([]);

    const p = await player(demo, 0);
    await demo.ctx.db
      .insert(providerRounds)
      .values({ provider: "GSC1007", roundId: "W-1", userId: p.id, bet: 1_000, payout: 0, status: "settled", createdAt: IN_YESTERDAY });
    await gscServerOf(demo.app).runDaily();
    expect(wagerCalls() - before).toBe(288);
    expect(await reconcileRuns(demo)).toEqual([{ day: YESTERDAY, finished: true }]);
  });

  it("a real connection reconciles yesterday even without rounds", async () => {
    const before = wagerCalls();
    await gscServerOf(real.app).runDaily();
    expect(wagerCalls() - before).toBe(288);
    expect(await reconcileRuns(real)).toEqual([{ day: YESTERDAY, finished: true }]);
  });
});
