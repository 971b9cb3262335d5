import { createHash } from "node:crypto";
import { fairDrawSchema, luckyHistorySchema, sectionResponseSchema, wsResultMessageSchema } from "@shwe/contracts";
import { DEFAULT_SCHEDULES, verifyFairDraw } from "@shwe/domain";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { lotteryGames } from "../../db/schema/index.ts";
import { ManualClock } from "../../lib/clock.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { call, expectLedgerClean } from "../ledger/testing.ts";
import { drawRow, testScheduler } from "./lottery.test-helpers.ts";

const yangon = (local: string) => new Date(`${local}+06:30`);

async function drawTimes(t: TestApp, type: string): Promise<{ draw_at: string; closes_at: string; status: string }[]> {
  const res = await t.ctx.db.execute(sql`select draw_at, closes_at, status from draws where type = ${type} order by draw_at`);
  return rowsOf<{ draw_at: Date | string; closes_at: Date | string; status: string }>(res).map((r) => ({
    draw_at: new Date(r.draw_at).toISOString(),
    closes_at: new Date(r.closes_at).toISOString(),
    status: r.status,
  }));
}

describe("draw scheduler", () => {
  let t: TestApp;
  // Friday 7 March 2025, 09:00 in Yangon.
  let clock: ManualClock;
  beforeEach(async () => {
    clock = new ManualClock(yangon("2025-03-07T09:00:00"));
    t = await createTestApp({ clock });
  });
  afterEach(async () => t.close());

  it("creates each game's draws ahead from its schedule, once, with the cut-off rules", async () => {
    const scheduler = testScheduler(t);
    const first = await scheduler.tick();
    expect(first.errors).toBe(0);
    const twoD = await drawTimes(t, "2D");
    expect(twoD).toEqual([
      { draw_at: yangon("2025-03-07T12:01:00").toISOString(), closes_at: yangon("2025-03-07T11:51:00").toISOString(), status: "open" },
      { draw_at: yangon("2025-03-07T16:30:00").toISOString(), closes_at: yangon("2025-03-07T16:20:00").toISOString(), status: "open" },
    ]);
    expect(await drawTimes(t, "3D")).toEqual([
      { draw_at: yangon("2025-03-16T15:00:00").toISOString(), closes_at: yangon("2025-03-16T12:00:00").toISOString(), status: "open" },
      { draw_at: yangon("2025-04-01T15:00:00").toISOString(), closes_at: yangon("2025-04-01T12:00:00").toISOString(), status: "open" },
    ]);
    const c2d = await drawTimes(t, "C2D");
    // Friday 10, 14, 18, 21; Saturday and Sunday four each; Monday 10:00 is beyond three days.
    expect(c2d).toHaveLength(12);
    expect(c2d[0]?.draw_at).toBe(yangon("2025-03-07T10:00:00").toISOString());
    expect(c2d[11]?.draw_at).toBe(yangon("2025-03-09T21:00:00").toISOString());
    expect(first.created).toBe(2 + 2 + 2 + 12 + 12);

    const again = await scheduler.tick();
    expect(again.created).toBe(0);
    const count = rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from draws`))[0]?.n;
    expect(count).toBe(30);
  });

  it("skips off days and disabled games, and closes draws past their cut-off", async () => {
    await t.ctx.db
      .update(lotteryGames)
      .set({ schedule: { ...DEFAULT_SCHEDULES["2D"], off_days: ["2025-03-07"] } })
      .where(eq(lotteryGames.type, "2D"));
    await t.ctx.db.update(lotteryGames).set({ enabled: false }).where(eq(lotteryGames.type, "C1D"));
    const scheduler = testScheduler(t);
    await scheduler.tick();
    expect((await drawTimes(t, "2D")).map((d) => d.draw_at)).toEqual([
      yangon("2025-03-10T12:01:00").toISOString(),
      yangon("2025-03-10T16:30:00").toISOString(),
    ]);
    expect(await drawTimes(t, "C1D")).toEqual([]);

    clock.set(yangon("2025-03-07T09:50:00"));
    const report = await scheduler.tick();
    expect(report.closed).toBe(1);
    expect((await drawTimes(t, "C2D"))[0]?.status).toBe("closed");
    expect((await drawTimes(t, "C2D"))[1]?.status).toBe("open");
    const sections = sectionResponseSchema.parse((await call(t, "GET", "/api/section_crypton2d")).json());
    expect(sections.data[0]?.draw_at).toBe(yangon("2025-03-07T14:00:00").toISOString());
    expect(sections.server_time).toBe(yangon("2025-03-07T09:50:00").toISOString());
    expect((await call(t, "GET", "/api/section_crypton1d")).json()).toMatchObject({ data: [] });
  });

  it("fair draw end to end: the commitment is public before, the seed never; after the draw the proof verifies", async () => {
    const messages: unknown[] = [];
    const unlisten = await t.database.listen("realtime", (payload) => messages.push(JSON.parse(payload)));
    const scheduler = testScheduler(t);
    await scheduler.tick();
    const [first] = rowsOf<{ id: number; fair_seed_secret: string; fair_commitment: string }>(
      await t.ctx.db.execute(sql`select id, fair_seed_secret, fair_commitment from draws where type = 'C2D' order by draw_at limit 1`),
    );
    if (!first) throw new Error("no C2D draw");
    const secret = first.fair_seed_secret;
    expect(first.fair_commitment).toBe(createHash("sha256").update(secret).digest("hex"));

    const publicBefore = [
      await call(t, "GET", "/api/section_crypton2d"),
      await call(t, "POST", "/api/crypto_two_d", { body: { draw_id: first.id } }),
      await call(t, "GET", `/api/lottery/fair/${first.id}`),
      await call(t, "GET", "/api/luckynumber_daily"),
    ];
    for (const res of publicBefore) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(secret);
    }
    expect(fairDrawSchema.parse(publicBefore[2]?.json())).toMatchObject({
      commitment: first.fair_commitment,
      seed: null,
      number: null,
      verified: null,
    });
    expect(sectionResponseSchema.parse(publicBefore[0]?.json()).data[0]?.commitment).toBe(first.fair_commitment);

    // Not before the draw time …
    clock.set(yangon("2025-03-07T09:59:59"));
    await scheduler.tick();
    expect((await drawRow(t, first.id))?.status).toBe("closed");

    clock.set(yangon("2025-03-07T10:00:05"));
    const report = await scheduler.tick();
    expect(report.resulted).toBeGreaterThanOrEqual(1);
    const row = await drawRow(t, first.id);
    expect(row).toMatchObject({ status: "settled", fair_seed: secret, fair_seed_secret: null, result_source: "fair" });

    const fair = fairDrawSchema.parse((await call(t, "GET", `/api/lottery/fair/${first.id}`)).json());
    expect(fair).toMatchObject({ seed: secret, commitment: first.fair_commitment, number: row?.result, verified: true });
    expect(
      await verifyFairDraw({ seed: secret, commitment: fair.commitment, drawId: first.id, type: "C2D", number: fair.number ?? "" }),
    ).toBe(true);
    const other = String((Number(fair.number) + 1) % 100).padStart(2, "0");
    expect(await verifyFairDraw({ seed: secret, commitment: fair.commitment, drawId: first.id, type: "C2D", number: other })).toBe(false);

    const history = luckyHistorySchema.parse(
      (await call(t, "GET", "/api/luckynumber_history/c2d?start_date=2025-03-07&end_date=2025-03-07")).json(),
    );
    expect(history.data).toEqual([
      {
        draw_id: first.id,
        draw_at: yangon("2025-03-07T10:00:00").toISOString(),
        number: fair.number,
        source: "fair",
        proof: { commitment: first.fair_commitment, seed: secret, draw_id: first.id },
      },
    ]);
    const daily = (await call(t, "GET", "/api/luckynumber_daily")).json() as { draw_id: number; number: string | null }[];
    expect(daily.find((d) => d.draw_id === first.id)?.number).toBe(fair.number);

    await new Promise((r) => setTimeout(r, 50));
    await unlisten();
    const results = messages
      .map((m) => (m as { user_id: unknown; message: unknown }).message)
      .filter((m) => (m as { type?: string }).type === "result");
    expect(results.map((m) => wsResultMessageSchema.parse(m))).toContainEqual({
      type: "result",
      lottery: "C2D",
      draw_id: first.id,
      number: fair.number,
      draw_at: yangon("2025-03-07T10:00:00").toISOString(),
    });
    await expectLedgerClean(t);
  });
});
