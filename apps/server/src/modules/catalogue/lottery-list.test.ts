import { lotteryListSchema } from "@shwe/contracts";
import { DEFAULT_SCHEDULES } from "@shwe/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lotteryGames } from "../../db/schema/index.ts";
import { ManualClock } from "../../lib/clock.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

describe("GET /api/lottery/list", () => {
  let t: TestApp;
  // Friday 7 March 2025, 17:00 in Yangon (after the second 2D draw of the day).
  const clock = new ManualClock(new Date("2025-03-07T17:00:00+06:30"));
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(async () => t.close());

  const list = async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/lottery/list" });
    expect(res.statusCode).toBe(200);
    return lotteryListSchema.parse(res.json());
  };

  it("lists the five games with their names, odds and next draw", async () => {
    expect(await list()).toEqual([
      { type: "2D", name: "Thai 2D", odds: 85, next_draw_at: new Date("2025-03-10T12:01:00+06:30").toISOString() },
      { type: "1D", name: "Thai 1D", odds: 9, next_draw_at: new Date("2025-03-10T12:01:00+06:30").toISOString() },
      { type: "3D", name: "Thai 3D", odds: 600, next_draw_at: new Date("2025-03-16T15:00:00+06:30").toISOString() },
      { type: "C2D", name: "Crypto 2D", odds: 85, next_draw_at: new Date("2025-03-07T18:00:00+06:30").toISOString() },
      { type: "C1D", name: "Crypto 1D", odds: 9, next_draw_at: new Date("2025-03-07T18:00:00+06:30").toISOString() },
    ]);
  });

  it("follows the clock and the off days stored in the schedule", async () => {
    await t.ctx.db
      .update(lotteryGames)
      .set({ schedule: { ...DEFAULT_SCHEDULES["2D"], off_days: ["2025-03-10"] } })
      .where(eq(lotteryGames.type, "2D"));
    clock.set(new Date("2025-03-07T21:30:00+06:30"));
    const byType = new Map((await list()).map((g) => [g.type, g.next_draw_at]));
    expect(byType.get("2D")).toBe(new Date("2025-03-11T12:01:00+06:30").toISOString());
    expect(byType.get("1D")).toBe(new Date("2025-03-10T12:01:00+06:30").toISOString());
    expect(byType.get("C2D")).toBe(new Date("2025-03-08T10:00:00+06:30").toISOString());
  });

  it("answers null for a game whose stored schedule is unusable, and hides disabled games", async () => {
    await t.ctx.db
      .update(lotteryGames)
      .set({ schedule: { times: ["25:00"] } })
      .where(eq(lotteryGames.type, "3D"));
    await t.ctx.db.update(lotteryGames).set({ enabled: false }).where(eq(lotteryGames.type, "C1D"));
    const games = await list();
    expect(games.find((g) => g.type === "3D")?.next_draw_at).toBeNull();
    expect(games.map((g) => g.type)).toEqual(["2D", "1D", "3D", "C2D"]);
  });
});
