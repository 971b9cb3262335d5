import type { AdminLotteryGame, MarketSettings, MarketSettingsResponse } from "@shwe/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { fill, mockServer, renderConsole, signInOperator } from "../../test/render.tsx";
import { GameSettingsPage } from "../pages/game-settings-page.tsx";
import { MarketSettingsPage } from "../pages/market-settings-page.tsx";

const SET: MarketSettings = {
  enabled: true,
  interval_ms: 5000,
  sessions: [
    { open: "09:30", close: "12:01" },
    { open: "14:00", close: "16:30" },
  ],
  opening_soon_minutes: 60,
};

function view(over: Partial<MarketSettingsResponse> = {}): MarketSettingsResponse {
  return {
    market: "set",
    settings: SET,
    status: "open",
    // 10:15:05 in Yangon.
    last_reading: { at: "2026-11-26T03:45:05.000Z", status: "ok", error: null, two_d: "47" },
    ...over,
  };
}

const asAdmin = { "GET /api/admin/2fa": () => ({ body: { role: "admin", enrolled: true, verified: true } }) };
const renderPage = (market = "set") =>
  renderConsole(<MarketSettingsPage />, { path: `/admin/lottery/market/${market}`, pattern: "/admin/lottery/market/:market" });

describe("market readings (console)", { timeout: 20_000 }, () => {
  beforeEach(() => {
    signInOperator();
  });

  it("shows where the market is and its last reading, delayed with the feed's problem", async () => {
    mockServer({
      "GET /api/admin/market/set": () => ({
        body: view({
          last_reading: {
            at: "2026-11-26T03:45:05.000Z",
            status: "delayed",
            error: "The feed did not answer within 5000 ms.",
            two_d: null,
          },
        }),
      }),
    });
    renderPage();
    expect(await screen.findByTestId("market-console-last")).toHaveTextContent("Feed delayed");
    expect(screen.getByTestId("market-console-status")).toHaveTextContent("Market open");
    expect(screen.getByText("26-11-2026 10:15:05")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("The feed could not be read: The feed did not answer within 5000 ms.");
    expect(screen.getByRole("link", { name: "Crypto · 2D, 1D" })).toHaveAttribute("href", "/admin/lottery/market/crypto");
    expect(screen.getByRole("link", { name: "Game settings" })).toHaveAttribute("href", "/admin/lottery/settings/2D");
  });

  it("an admin edits the interval and the sessions; bad input is refused in place and nothing is sent until it is right", async () => {
    let current = view();
    const server = mockServer({
      ...asAdmin,
      "GET /api/admin/market/set": () => ({ body: current }),
      "PUT /api/admin/market/set": (call) => {
        current = view({ settings: call.body as MarketSettings });
        return { body: current };
      },
    });
    const user = userEvent.setup();
    renderPage();
    expect(
      await screen.findByText(
        "Whether the market is read live, how often, and its trading sessions (Yangon time). Every change is audited.",
      ),
    ).toBeInTheDocument();
    const interval = await screen.findByLabelText("Reading every (seconds)");
    expect(interval).toHaveValue("5");
    expect(screen.getByTestId("market-console-last")).toHaveTextContent("OK");

    await fill(user, interval, "0");
    await user.click(screen.getByRole("button", { name: "Add a session" }));
    await fill(user, screen.getByLabelText("Session 3 opens"), "16:00");
    await fill(user, screen.getByLabelText("Session 3 closes"), "17:00");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Enter whole seconds from 1 to 60.")).toBeInTheDocument();
    expect(screen.getByText("Trading sessions must not overlap.")).toBeInTheDocument();

    await fill(user, interval, "10");
    await fill(user, screen.getByLabelText("Session 3 opens"), "17:00");
    await fill(user, screen.getByLabelText("Session 3 closes"), "16:45");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("A session must open before it closes.")).toBeInTheDocument();
    await fill(user, screen.getByLabelText("Session 3 closes"), "25:00");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Use HH:MM (00:00–23:59; a close may be 24:00).")).toBeInTheDocument();
    expect(server.to("PUT", "/api/admin/market/set")).toHaveLength(0);

    // The lunch break goes: one session from the morning to the close, and the extra one removed.
    await user.click(screen.getByRole("button", { name: "Remove session 3" }));
    await user.click(screen.getByRole("button", { name: "Remove session 2" }));
    await fill(user, screen.getByLabelText("Session 1 closes"), "16:30");
    await user.click(screen.getByLabelText("Read the market live"));
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.to("PUT", "/api/admin/market/set")).toHaveLength(1));
    expect(server.to("PUT", "/api/admin/market/set")[0]?.body).toEqual({
      enabled: false,
      interval_ms: 10_000,
      sessions: [{ open: "09:30", close: "16:30" }],
      opening_soon_minutes: 60,
    });
    expect(await screen.findByText("The market readings are saved.")).toBeInTheDocument();
    // The form shows what was saved: one session, nothing left to remove.
    await waitFor(() => expect(screen.queryByRole("button", { name: "Remove session 1" })).toBeNull());
    expect(screen.getByLabelText("Reading every (seconds)")).toHaveValue("10");
  });

  it("shows an operator who is not an admin the market readings read-only, saying only an admin can change them", async () => {
    const server = mockServer({ "GET /api/admin/market/crypto": () => ({ body: view({ market: "crypto", last_reading: null }) }) });
    renderPage("crypto");
    expect(await screen.findByText("Only an admin can change the market readings.")).toBeInTheDocument();
    expect(await screen.findByLabelText("Reading every (seconds)")).toBeDisabled();
    expect(screen.getByLabelText("Read the market live")).toBeDisabled();
    expect(screen.getByLabelText("Session 1 opens")).toBeDisabled();
    expect(screen.getByText("None today")).toBeInTheDocument();
    for (const name of ["Save", "Add a session", "Remove session 1"]) expect(screen.queryByRole("button", { name })).toBeNull();
    expect(server.to("PUT", "/api/admin/market/crypto")).toHaveLength(0);
  });

  it("the 2D game settings lead to the SET's market readings", async () => {
    const game: AdminLotteryGame = {
      type: "2D",
      name: "2D",
      odds: 85,
      enabled: true,
      result_source: "fair",
      schedule: { weekdays: [1, 2, 3, 4, 5], times: ["12:01", "16:30"], cutoff: { minutes_before: 10 }, off_days: [] },
      schedule_error: null,
      limits: { min_stake: 100, max_stake: 100_000, max_lines: 100, number_cap: 1_000_000, hot_cap: 200_000 },
      feed: { url: null, paths: {}, timeout_ms: 5000 },
      next_draw_at: "2026-11-27T05:31:00.000Z",
    };
    mockServer({
      "GET /api/admin/lottery": () => ({ body: { data: [game] } }),
      "GET /api/admin/lottery/2D/numbers": () => ({ body: { type: "2D", data: [] } }),
    });
    renderConsole(<GameSettingsPage />, { path: "/admin/lottery/settings/2D", pattern: "/admin/lottery/settings/:type" });
    const header = (await screen.findByRole("heading", { level: 1, name: "Game settings" })).closest("header") as HTMLElement;
    expect(within(header).getByRole("link", { name: "Market readings" })).toHaveAttribute("href", "/admin/lottery/market/set");
  });
});
