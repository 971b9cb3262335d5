import type { MonthResult, NumberStats, ResultsMonth } from "@shwe/contracts";
import { yangonDate, yangonInstant } from "@shwe/domain";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import cnStats from "../../../../public/locales/cn/stats.json";
import mmStats from "../../../../public/locales/mm/stats.json";
import { mockApi, renderWithProviders } from "../../../test/render.tsx";
import { MonthCalendar } from "../components/month-calendar.tsx";
import { addMonths, monthWeeks } from "../lib/month-grid.ts";
import { NumberStatsPage } from "../pages/number-stats-page.tsx";
import { monthLabel, ResultsCalendarPage } from "../pages/results-calendar-page.tsx";

function result(id: number, day: string, time: string, number: string, feed?: MonthResult["feed"]): MonthResult {
  return {
    draw_id: id,
    draw_at: yangonInstant(day, time).toISOString(),
    day,
    time,
    number,
    source: feed ? "feed" : "fair",
    ...(feed ? { feed } : {}),
  };
}

/** The page's texts of one language with `{{name}}` filled in, as the translation layer does. */
function textsOf(texts: Record<string, unknown>) {
  return (key: string, options: Record<string, unknown> = {}) => {
    const text = key.split(".").reduce<unknown>((node, step) => (node as Record<string, unknown>)[step], texts) as string;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
  };
}

describe("results calendar", () => {
  it("names the month in the page's language, Burmese too (browsers have no Burmese month names)", () => {
    expect(monthLabel("2026-11", textsOf(mmStats))).toBe("နိုဝင်ဘာ 2026");
    expect(monthLabel("2026-01", textsOf(cnStats))).toBe("2026年1月");
  });

  it("lays out a month Monday first", () => {
    const weeks = monthWeeks("2026-11"); // 1 November 2026 is a Sunday.
    expect(weeks[0]).toEqual([null, null, null, null, null, null, "2026-11-01"]);
    expect(weeks.at(-1)).toEqual(["2026-11-30", null, null, null, null, null, null]);
    expect(weeks).toHaveLength(6);
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2026-12", 1)).toBe("2027-01");
  });

  it("shows each day's numbers in time order, marks holidays, and selects a day", async () => {
    const onSelect = vi.fn();
    const results = [
      result(1, "2026-11-02", "12:01", "45"),
      result(2, "2026-11-02", "16:30", "07"),
      result(3, "2026-11-03", "12:01", "99"),
    ];
    renderWithProviders(
      <MonthCalendar
        month="2026-11"
        label="November 2026"
        results={results}
        offDays={["2026-11-04"]}
        today="2026-11-26"
        selected={null}
        onSelect={onSelect}
      />,
    );
    const table = await screen.findByRole("table", { name: /November 2026/ }, { timeout: 10_000 });
    const monday = within(table).getByRole("button", { name: "2026-11-02, 12:01 45, 16:30 07" });
    expect(
      within(monday)
        .getAllByText(/^\d{2}$/)
        .map((n) => n.textContent),
    ).toEqual(["45", "07"]);
    expect(within(table).getByRole("button", { name: /^2026-11-04, / })).toBeInTheDocument();
    // A day without results or holiday is not a button.
    expect(within(table).queryByRole("button", { name: /^2026-11-05/ })).toBeNull();
    expect(within(table).getAllByRole("button")).toHaveLength(3);
    await userEvent.setup().click(monday);
    expect(onSelect).toHaveBeenCalledWith("2026-11-02");
  });

  it("moves between months and shows a day's SET and value", async () => {
    const month = yangonDate().slice(0, 7);
    const previous = addMonths(month, -1);
    const months: Record<string, ResultsMonth> = {
      [month]: {
        type: "2D",
        month,
        results: [result(10, `${month}-02`, "12:01", "45", { set_index: "1,298.54", set_value: "43,215.00" })],
        off_days: [`${month}-05`],
      },
      [previous]: { type: "2D", month: previous, results: [result(9, `${previous}-10`, "16:30", "81")], off_days: [] },
    };
    const fetch = mockApi({ "lottery/results/2D": (url) => ({ body: months[url.searchParams.get("month") ?? ""] }) });
    const user = userEvent.setup();
    renderWithProviders(<ResultsCalendarPage />);
    const day = await screen.findByRole("button", { name: `${month}-02, 12:01 45` }, { timeout: 10_000 });
    await user.click(day);
    const details = await screen.findByRole("region", { name: /Results of/ });
    expect(within(details).getByText("1,298.54")).toBeInTheDocument();
    expect(within(details).getByText("43,215.00")).toBeInTheDocument();
    expect(within(details).getByText("SET")).toBeInTheDocument();
    expect(within(details).getByText("Value")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next month" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Previous month" }));
    expect(await screen.findByRole("button", { name: `${previous}-10, 16:30 81` })).toBeInTheDocument();
    expect(fetch.mock.calls.map(([input]) => new URL(String(input)).searchParams.get("month"))).toContain(previous);
  });

  it("statistics show the hot and cold numbers and every number's count", async () => {
    const numbers = Array.from({ length: 100 }, (_, i) => {
      const n = String(i).padStart(2, "0");
      const hits = n === "12" ? 3 : n === "45" ? 1 : 0;
      return { number: n, hits, last_draw_at: hits ? "2026-11-20T05:31:00.000Z" : null, draws_since: hits ? (n === "12" ? 0 : 2) : 4 };
    });
    const stats: NumberStats = {
      type: "2D",
      days: 30,
      from: "2026-10-27T17:30:00.000Z",
      draws: 4,
      numbers,
      heads: Array.from({ length: 10 }, (_, i) => ({
        number: String(i),
        hits: i === 1 ? 3 : i === 4 ? 1 : 0,
        last_draw_at: null,
        draws_since: 4,
      })),
      tails: Array.from({ length: 10 }, (_, i) => ({
        number: String(i),
        hits: i === 2 ? 3 : i === 5 ? 1 : 0,
        last_draw_at: null,
        draws_since: 4,
      })),
      hot: ["12", "45"],
      cold: ["00", "01", "02", "03", "04"],
    };
    mockApi({ "lottery/stats/2D": { body: stats } });
    renderWithProviders(<NumberStatsPage />);
    const hot = await screen.findByRole("region", { name: "Hot numbers" }, { timeout: 10_000 });
    expect(
      within(hot)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["123× · 0 ago", "451× · 2 ago"]);
    const cold = screen.getByRole("region", { name: "Cold numbers" });
    expect(within(cold).getAllByRole("listitem")).toHaveLength(5);
    expect(screen.getByRole("region", { name: "Head digit" })).toBeInTheDocument();
    expect(screen.getByText("4 results counted")).toBeInTheDocument();
  });
});
