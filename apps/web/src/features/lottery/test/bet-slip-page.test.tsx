import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockApi, renderRoutes, renderWithProviders, signIn } from "../../../test/render.tsx";
import { BetSlipPage } from "../pages/bet-slip-page.tsx";

const slip = {
  id: 12,
  draw_id: 41,
  draw_at: "2026-11-20T09:30:00.000Z",
  draw_status: "settled",
  result: "47",
  lines: [
    { number: "47", amount: 1_000, odds: 85, status: "won", win_amount: 85_000 },
    { number: "74", amount: 1_000, odds: 85, status: "lost", win_amount: 0 },
  ],
  total: 2_000,
  win_total: 85_000,
  created_at: "2026-11-20T08:00:00.000Z",
};

describe("BetSlipPage", () => {
  it("shows each slip with its draw time, lines, odds, outcome badges and win amounts", async () => {
    signIn();
    const fetch = mockApi({
      "user/bet_slip_history_2d": { body: { data: [slip] } },
      "user/bet_slip_history_3d": {
        body: {
          data: [
            {
              ...slip,
              id: 13,
              draw_status: "open",
              result: null,
              lines: [
                { number: "123", amount: 500, odds: 600, status: "pending", win_amount: 0 },
                { number: "321", amount: 500, odds: 600, status: "refunded", win_amount: 0 },
              ],
              total: 1_000,
              win_total: 0,
            },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<BetSlipPage />);
    const card = (await screen.findByText("Slip #12")).closest("li") as HTMLElement;
    expect(card).toHaveTextContent("Draw 20-11-2026 16:00");
    const won = card.querySelector('[data-line="47"]') as HTMLElement;
    expect(within(won).getByText("Won")).toBeInTheDocument();
    expect(won).toHaveTextContent("×85");
    expect(won).toHaveTextContent("85,000");
    expect(within(card.querySelector('[data-line="74"]') as HTMLElement).getByText("Lost")).toBeInTheDocument();
    expect(card).toHaveTextContent("Won 85,000 MMK");
    const url = new URL(String(fetch.mock.calls[0]?.[0]));
    expect(url.searchParams.get("start_date")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get("Authorization")).toBe("Bearer test-token");

    await user.click(screen.getByRole("tab", { name: "3D" }));
    const pending = (await screen.findByText("Slip #13")).closest("li") as HTMLElement;
    expect(within(pending).getByText("Pending")).toBeInTheDocument();
    expect(within(pending).getByText("Refunded")).toBeInTheDocument();
    expect(pending).toHaveTextContent("_ _");
  });

  it("says 'No Data!' when there is no slip, and when the history cannot be loaded", async () => {
    signIn();
    mockApi({
      "user/bet_slip_history_2d": { body: { data: [] } },
      "user/bet_slip_history_1d": { status: 500, body: { message: "x", code: "INTERNAL" } },
    });
    const user = userEvent.setup();
    renderWithProviders(<BetSlipPage />);
    expect(await screen.findByText("No Data!")).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "1D" }));
    expect(await screen.findByText("No Data!")).toBeInTheDocument();
  });

  it("folds a long slip to its first ten lines and its winning line until the player asks for all", async () => {
    signIn();
    const lines = Array.from({ length: 30 }, (_, i) => ({
      number: String(i).padStart(2, "0"),
      amount: 100,
      odds: 85,
      status: i === 25 ? "won" : "lost",
      win_amount: i === 25 ? 8_500 : 0,
    }));
    mockApi({
      "user/bet_slip_history_2d": {
        body: { data: [{ ...slip, lines, total: 3_000, win_total: 0, result: "25", draw_status: "settled" }] },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<BetSlipPage />);
    const card = (await screen.findByText("Slip #12")).closest("li") as HTMLElement;
    expect(card.querySelectorAll("tr[data-line]")).toHaveLength(11);
    expect(within(card.querySelector('[data-line="25"]') as HTMLElement).getByText("Won")).toBeInTheDocument();
    await user.click(within(card).getByRole("button", { name: "Show all 30 lines" }));
    expect(card.querySelectorAll("tr[data-line]")).toHaveLength(30);
    expect(card).toHaveTextContent("Total 3,000");
  });

  it("drawn by the server for a signed-in browser without the player (its slips loading), is taken over as drawn, then lists them", async () => {
    useSession.setState({ user: null });
    mockApi({ "user/bet_slip_history_2d": { body: { data: [slip] } } });
    let drawing = "";
    const view = renderRoutes([{ path: "/betslip", element: <BetSlipPage /> }], {
      path: "/betslip",
      drawn: true,
      inBrowser: () => {
        drawing = document.body.innerHTML;
        signIn();
      },
    });
    expect(drawing).toContain("<h1");
    expect(drawing).not.toContain("Slip #12");
    expect(view.mismatches).toEqual([]);
    expect(await screen.findByText("Slip #12")).toBeInTheDocument();
  });
});
