import type { AdminDraw } from "@shwe/contracts";
import { yangonDate, yangonInstant } from "@shwe/domain";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { mockServer, renderConsole, signInOperator } from "../../test/render.tsx";
import { DrawCalendar, monthGrid } from "../components/draw-calendar.tsx";

const today = yangonDate(new Date());
const year = Number(today.slice(0, 4));
const month = Number(today.slice(5, 7)) - 1;
const days = monthGrid(year, month)
  .flat()
  .filter((d): d is string => d !== null);
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
const mondays = days.filter((d) => weekday(d) === 1);
const saturday = days.find((d) => weekday(d) === 6) as string;
const [drawDay, offDay] = [mondays[0] as string, mondays[1] as string];

function draw(id: number, day: string, time: string, status: AdminDraw["status"]): AdminDraw {
  const at = yangonInstant(day, time).toISOString();
  return {
    id,
    type: "2D",
    draw_at: at,
    closes_at: at,
    status,
    odds: 85,
    result_source: "fair",
    commitment: null,
    number: null,
    result: null,
    feed_values: null,
    feed_error: null,
    entered_by: null,
    result_entry: 0,
    confirmed_by: null,
    void_reason: null,
    settled_at: null,
    total_staked: 0,
    line_count: 0,
    exposure: [],
  };
}

describe("draw calendar", () => {
  beforeEach(() => signInOperator());

  it("lays a month out in Monday-first weeks", () => {
    const grid = monthGrid(2026, 10); // November 2026 starts on a Sunday.
    expect(grid[0]).toEqual([null, null, null, null, null, null, "2026-11-01"]);
    expect(grid.flat().filter(Boolean)).toHaveLength(30);
    expect(grid.every((w) => w.length === 7)).toBe(true);
  });

  it("shows the schedule's times per day, the draw made for each with its status, off days, and draws outside the schedule", async () => {
    mockServer({
      "GET /api/admin/lottery": () => ({
        body: {
          data: [
            {
              type: "2D",
              name: "2D",
              odds: 85,
              enabled: true,
              result_source: "fair",
              schedule: { weekdays: [1, 2, 3, 4, 5], times: ["12:01", "16:30"], cutoff: { minutes_before: 10 }, off_days: [offDay] },
              schedule_error: null,
              limits: { min_stake: 100, max_stake: 100_000, max_lines: 100, number_cap: 1_000_000, hot_cap: 200_000 },
              feed: { url: null, paths: {}, timeout_ms: 5000 },
              next_draw_at: null,
            },
          ],
        },
      }),
    });
    const draws = [draw(7, drawDay, "12:01", "settled"), draw(8, saturday, "10:00", "void")];
    renderConsole(<DrawCalendar type="2D" draws={draws} />, { path: "/admin/lottery" });
    const calendar = await screen.findByTestId("draw-calendar");
    const cell = (day: string) => calendar.querySelector(`td[data-day="${day}"]`) as HTMLElement;

    const monday = cell(drawDay);
    expect(within(monday).getByRole("link", { name: "12:01" })).toHaveAttribute("href", "/admin/lottery/draws/7");
    expect(within(monday).getByText("16:30")).toBeInTheDocument();
    expect(within(monday).queryByRole("link", { name: "16:30" })).not.toBeInTheDocument();
    expect(within(cell(offDay)).getByText("Off day")).toBeInTheDocument();
    expect(within(cell(offDay)).queryByText("12:01")).not.toBeInTheDocument();
    // A Saturday has no scheduled time, but the draw that was made there still shows.
    expect(within(cell(saturday)).getByRole("link", { name: "10:00" })).toHaveAttribute("href", "/admin/lottery/draws/8");

    await userEvent.click(screen.getByRole("button", { name: "Next month" }));
    expect(calendar.querySelector(`td[data-day="${drawDay}"]`)).toBeNull();
  });
});
