import { yangonDate } from "@shwe/domain";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockApi, renderRoutes, signIn } from "../../../test/render.tsx";
import { GameHistoryPage } from "./game-history-page.tsx";
import { GameReportPage } from "./game-report-page.tsx";

const row = (id: number, bet: number, payout: number, over: Record<string, unknown> = {}) => ({
  id,
  wager_id: `W-${id}`,
  p_code: "GDG",
  before_balance: 50_000,
  balance: 50_000 - bet + payout,
  slip_game: { name: `Game ${id}`, g_code: `g${id}` },
  bet_amount: bet,
  valid_bet_amount: bet,
  payout_amount: payout,
  win_lose: 999_999, // never trusted for the display: the page computes payout − bet itself
  status: "settled",
  created_at: "2025-03-04T18:00:00.000Z", // 05-03-2025 00:30 in Yangon
  settled_at: "2025-03-04T18:00:05.000Z",
  ...over,
});

function renderReport(path: string) {
  return renderRoutes(
    [
      { path: "/game/report/:pCode", element: <GameReportPage /> },
      { path: "/game/history", element: <GameHistoryPage /> },
    ],
    { path },
  );
}

afterEach(() => useSession.setState({ user: null }));

describe("GameReportPage (/game/report/{p_code})", () => {
  it("asks for today by default and shows 'no data' when there are no rounds", async () => {
    signIn();
    const fetch = mockApi({ "game/report/GDG": { body: { data: [] } } });
    renderReport("/game/report/GDG");
    expect(await screen.findByText("no data")).toBeInTheDocument();
    const url = new URL(String(fetch.mock.calls[0]?.[0]));
    expect(url.searchParams.get("start_date")).toBe(yangonDate());
    expect(url.searchParams.get("end_date")).toBe(yangonDate());
    expect(screen.getByLabelText("From")).toHaveValue(yangonDate());
    expect(screen.getByLabelText("To")).toHaveValue(yangonDate());
  });

  it("shows the spec's columns with win/lose = payout − bet in green or red and the date as DD-MM-YYYY", async () => {
    signIn();
    const fetch = mockApi({
      "game/report/GDG": { body: { data: [row(1, 1_000, 3_500), row(2, 2_000, 0), row(3, 500, 500, { status: "open" })] } },
    });
    renderReport("/game/report/GDG?start_date=2025-03-01&end_date=2025-03-05");
    const table = await screen.findByRole("table");
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(["Wager ID", "Before balance", "Balance", "Game", "Bet amount", "Payout amount", "Win/Lose", "Date"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    const cells = within(rows[0] as HTMLElement)
      .getAllByRole("cell")
      .map((c) => c.textContent);
    expect(cells).toEqual(["W-1", "50,000", "52,500", "Game 1", "1,000", "3,500", "+2,500", "05-03-2025"]);
    const results = within(table).getAllByTestId("win-lose");
    expect(results[0]).toHaveTextContent("+2,500");
    expect(results[0]).toHaveClass("text-win");
    expect(results[1]).toHaveTextContent("-2,000");
    expect(results[1]).toHaveClass("text-danger");
    expect(results[2]).toHaveTextContent("0");
    expect(within(rows[2] as HTMLElement).getByText("In play")).toBeInTheDocument();
    // The totals: 3 bets, 3,500 staked, 4,000 paid, +500.
    expect(screen.getByText("+500")).toBeInTheDocument();
    const url = new URL(String(fetch.mock.calls[0]?.[0]));
    expect(url.pathname).toBe("/api/game/report/GDG");
    expect(url.searchParams.get("start_date")).toBe("2025-03-01");
    expect(url.searchParams.get("end_date")).toBe("2025-03-05");
  });

  it("offers a retry instead of an empty table when the report cannot be loaded", async () => {
    signIn();
    mockApi({ "game/report/GDG": { status: 500, body: { message: "x", code: "INTERNAL" } } });
    renderReport("/game/report/GDG");
    expect(await screen.findByText("The report could not be loaded.")).toBeInTheDocument();
    expect(screen.queryByText("no data")).not.toBeInTheDocument();
  });
});

describe("GameHistoryPage (/game/history)", () => {
  it("sums the period per provider and links each to its report for the same period", async () => {
    signIn();
    mockApi({
      "transition/history": {
        body: {
          data: [
            {
              p_code: "GDG",
              name: "Golden Dragon Gaming",
              bets: 4,
              bet_amount: 4_000,
              valid_bet_amount: 4_000,
              payout_amount: 1_000,
              win_lose: -3_000,
            },
            {
              p_code: "HOUSE",
              name: "Shwe House Games",
              bets: 2,
              bet_amount: 1_000,
              valid_bet_amount: 1_000,
              payout_amount: 5_000,
              win_lose: 4_000,
            },
          ],
        },
      },
    });
    renderReport("/game/history?start_date=2025-03-01&end_date=2025-03-05");
    const gdg = await screen.findByRole("link", { name: /Golden Dragon Gaming/ });
    expect(gdg).toHaveAttribute("href", "/game/report/GDG?start_date=2025-03-01&end_date=2025-03-05");
    expect(within(gdg).getByText("-3,000")).toHaveClass("text-danger");
    expect(within(screen.getByRole("link", { name: /Shwe House Games/ })).getByText("+4,000")).toHaveClass("text-win");
    // Totals: 6 bets, 5,000 staked, 6,000 paid, +1,000.
    expect(screen.getByText("+1,000")).toBeInTheDocument();
  });

  it("shows 'no data' for a period without games", async () => {
    signIn();
    mockApi({ "transition/history": { body: { data: [] } } });
    renderReport("/game/history");
    expect(await screen.findByText("no data")).toBeInTheDocument();
  });
});
