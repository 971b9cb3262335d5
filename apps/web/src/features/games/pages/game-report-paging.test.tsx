import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockApi, renderRoutes, signIn } from "../../../test/render.tsx";
import { GameReportPage } from "./game-report-page.tsx";

const SLOW = { timeout: 30_000 };

const row = (id: number, bet: number, payout: number, status = "settled") => ({
  id,
  wager_id: `W-${id}`,
  p_code: "GDG",
  before_balance: 50_000,
  balance: 50_000 - bet + payout,
  slip_game: { name: `Game ${id}`, g_code: `g${id}` },
  bet_amount: bet,
  valid_bet_amount: bet,
  payout_amount: payout,
  win_lose: payout - bet,
  status,
  created_at: "2025-03-04T18:00:00.000Z",
  settled_at: "2025-03-04T18:00:05.000Z",
});

/** The server's sums of the whole period (transition/history): more than the first page holds. */
const summary = {
  data: [
    {
      p_code: "GDG",
      name: "Golden Dragon",
      bets: 120,
      bet_amount: 240_000,
      valid_bet_amount: 240_000,
      payout_amount: 250_000,
      win_lose: 10_000,
    },
    { p_code: "HOUSE", name: "House", bets: 1, bet_amount: 7, valid_bet_amount: 7, payout_amount: 0, win_lose: -7 },
  ],
};

function figure(label: string): string {
  const dt = screen.getByText(label, { selector: "dt" });
  return dt.nextElementSibling?.textContent ?? "";
}

function renderReport() {
  return renderRoutes([{ path: "/game/report/:pCode", element: <GameReportPage /> }], {
    path: "/game/report/GDG?start_date=2025-03-01&end_date=2025-03-05",
  });
}

afterEach(() => useSession.setState({ user: null }));

describe("GameReportPage paging", SLOW, () => {
  it("appends the next page with the cursor and shows the server's totals of the whole period", async () => {
    signIn();
    const fetch = mockApi({
      "game/report/GDG": (url) =>
        url.searchParams.get("cursor") === "rounds-2"
          ? { body: { data: [row(1, 500, 0)], next_cursor: null } }
          : { body: { data: [row(3, 1_000, 3_500), row(2, 2_000, 0)], next_cursor: "rounds-2" } },
      "transition/history": { body: summary },
    });
    const user = userEvent.setup({ delay: null });
    renderReport();
    const table = await screen.findByRole("table");
    expect(within(table).getAllByRole("row").slice(1)).toHaveLength(2);
    // Not the sums of the two rounds shown (3,000 staked) but the period's, from the server.
    await waitFor(() => expect(figure("Bet amount")).toBe("240,000"));
    expect(figure("Bets")).toBe("120");
    expect(figure("Payout amount")).toBe("250,000");
    expect(figure("Win/Lose")).toBe("+10,000");
    expect(screen.queryByTestId("totals-partial")).not.toBeInTheDocument();
    const summaryUrl = fetch.mock.calls.map(([u]) => new URL(String(u))).find((u) => u.pathname === "/api/transition/history");
    expect(summaryUrl?.searchParams.get("start_date")).toBe("2025-03-01");
    expect(summaryUrl?.searchParams.get("end_date")).toBe("2025-03-05");

    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(within(table).getAllByRole("row").slice(1)).toHaveLength(3));
    const wagers = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((r) => within(r).getAllByRole("cell")[0]?.textContent);
    expect(wagers).toEqual(["W-3", "W-2", "W-1"]);
    const cursors = fetch.mock.calls
      .map(([u]) => new URL(String(u)))
      .filter((u) => u.pathname === "/api/game/report/GDG")
      .map((u) => u.searchParams.get("cursor"));
    expect(cursors).toEqual([null, "rounds-2"]);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("without the server's sums, says the totals cover only the rounds shown", async () => {
    signIn();
    mockApi({
      "game/report/GDG": { body: { data: [row(3, 1_000, 3_500), row(2, 2_000, 0)], next_cursor: "rounds-2" } },
      "transition/history": { status: 500, body: { message: "x", code: "INTERNAL" } },
    });
    renderReport();
    expect(await screen.findByTestId("totals-partial")).toHaveTextContent("Totals of the 2 bets shown; load more for the whole period.");
    expect(figure("Bet amount")).toBe("3,000");
    expect(figure("Win/Lose")).toBe("+500");
  });

  it("on a single page sums the rounds itself and asks for no summary", async () => {
    signIn();
    const fetch = mockApi({
      "game/report/GDG": { body: { data: [row(2, 1_000, 3_500), row(1, 2_000, 0, "rolled_back")], next_cursor: null } },
      "transition/history": { body: summary },
    });
    renderReport();
    await screen.findByRole("table");
    expect(figure("Bet amount")).toBe("3,000");
    expect(figure("Bets")).toBe("1");
    expect(screen.queryByTestId("totals-partial")).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => String(u).includes("transition/history"))).toBe(false);
  });
});
