import type { AdminDraw, AdminLotteryGame } from "@shwe/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { fill, mockServer, renderConsole, signInOperator } from "../../test/render.tsx";
import { DrawDetailPage } from "../pages/draw-detail-page.tsx";
import { GameSettingsPage } from "../pages/game-settings-page.tsx";

function draw(over: Partial<AdminDraw> = {}): AdminDraw {
  return {
    id: 33,
    type: "2D",
    draw_at: "2026-11-20T09:30:00.000Z",
    closes_at: "2026-11-20T09:20:00.000Z",
    status: "closed",
    odds: 85,
    result_source: "manual",
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
    total_staked: 30_000,
    line_count: 3,
    exposure: [
      { number: "47", staked: 20_000, lines: 2, payout: 1_700_000, remaining: 980_000, hot: false, blocked: false },
      { number: "74", staked: 10_000, lines: 1, payout: 850_000, remaining: 190_000, hot: true, blocked: false },
    ],
    ...over,
  };
}

function game(over: Partial<AdminLotteryGame> = {}): AdminLotteryGame {
  return {
    type: "2D",
    name: "2D",
    odds: 85,
    enabled: true,
    result_source: "fair",
    schedule: { weekdays: [1, 2, 3, 4, 5], times: ["12:01", "16:30"], cutoff: { minutes_before: 10 }, off_days: ["2099-01-02"] },
    schedule_error: null,
    limits: { min_stake: 100, max_stake: 100_000, max_lines: 100, number_cap: 1_000_000, hot_cap: 200_000 },
    feed: { url: null, paths: {}, timeout_ms: 5000 },
    next_draw_at: "2026-11-23T05:31:00.000Z",
    ...over,
  };
}

const renderDraw = () => renderConsole(<DrawDetailPage />, { path: "/admin/lottery/draws/33", pattern: "/admin/lottery/draws/:id" });

describe("lottery console", { timeout: 20_000 }, () => {
  beforeEach(() => {
    signInOperator();
  });

  it("shows the stakes per number and enters a manual result for a second operator to confirm", async () => {
    let current = draw();
    const server = mockServer({
      "GET /api/admin/draws/33": () => ({ body: current }),
      "POST /api/admin/draws/33/result": (call) => {
        current = draw({ status: "resulted", result: (call.body as { number: string }).number, entered_by: 1, result_entry: 1 });
        return { body: { draw_id: 33, status: "resulted" } };
      },
    });
    const user = userEvent.setup();
    renderDraw();
    const table = await screen.findByRole("table");
    const hot = within(table).getByText("74").closest("tr") as HTMLElement;
    expect(hot).toHaveTextContent("850,000");
    expect(within(hot).getByText("Hot")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Save result" }));
    expect(screen.getByText("Enter exactly 2 digits.")).toBeInTheDocument();
    await fill(user, screen.getByLabelText("Result (2 digits)"), "47");
    await user.click(screen.getByRole("button", { name: "Save result" }));
    await waitFor(() => expect(server.to("POST", "/api/admin/draws/33/result")).toHaveLength(1));
    expect(server.to("POST", "/api/admin/draws/33/result")[0]?.body).toEqual({ number: "47" });
    // The operator who entered it cannot confirm it.
    expect(await screen.findByText("You entered this result; a different operator must confirm it.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Confirm 47" })).not.toBeInTheDocument();
  });

  it("a different operator types the number they checked; a different number is refused in the dialog", async () => {
    const server = mockServer({
      "GET /api/admin/draws/33": () => ({ body: draw({ status: "resulted", result: "47", entered_by: 2, result_entry: 2 }) }),
      "POST /api/admin/draws/33/confirm": (call) =>
        (call.body as { number: string }).number === "47"
          ? { body: { draw_id: 33, status: "settled" } }
          : {
              status: 409,
              body: { message: "The number you checked is not the entered result.", code: "RESULT_MISMATCH", details: { entry: 2 } },
            },
    });
    const user = userEvent.setup();
    renderDraw();
    // The checker does not see the entered number: they check the official result themselves.
    expect(
      await screen.findByText(
        "A result was entered by operator #2 and waits for a second operator. Check the official result and type it to confirm.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/47 was entered/)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Check and confirm" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm the result" });
    const input = within(dialog).getByLabelText("Number you checked (2 digits)");
    expect(input).toHaveValue("");
    await user.click(within(dialog).getByRole("button", { name: "Confirm and settle" }));
    expect(within(dialog).getByText("Enter exactly 2 digits.")).toBeInTheDocument();
    expect(server.to("POST", "/api/admin/draws/33/confirm")).toHaveLength(0);

    await fill(user, input, "74");
    await user.click(within(dialog).getByRole("button", { name: "Confirm and settle" }));
    expect(
      await within(dialog).findByText(
        "That is not the entered result. Nothing was confirmed: check the number again, or enter the correct result.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Confirm the result" })).toBeInTheDocument();

    await fill(user, input, "47");
    await user.click(within(dialog).getByRole("button", { name: "Confirm and settle" }));
    expect(await screen.findByText("The draw is settled and the winners are paid.")).toBeInTheDocument();
    expect(server.to("POST", "/api/admin/draws/33/confirm").map((c) => c.body)).toEqual([
      { number: "74", entry: 2 },
      { number: "47", entry: 2 },
    ]);
  });

  it("voids a draw only with a reason", async () => {
    const server = mockServer({
      "GET /api/admin/draws/33": () => ({ body: draw({ result_source: "fair", status: "open" }) }),
      "POST /api/admin/draws/33/void": () => ({ body: { draw_id: 33, status: "void" } }),
    });
    const user = userEvent.setup();
    renderDraw();
    expect(await screen.findByText("This is a fair draw: its number is revealed by itself at draw time.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save result" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Void draw" }));
    const dialog = await screen.findByRole("dialog", { name: "Void this draw" });
    // A fair 2D draw gives the 1D draw at the same time its number: the dialog says it goes too.
    expect(dialog).toHaveTextContent("The 1D draw at the same time takes its number from this draw: it is voided with it");
    await user.click(within(dialog).getByRole("button", { name: "Void draw" }));
    expect(server.to("POST", "/api/admin/draws/33/void")).toHaveLength(0);
    await fill(user, within(dialog).getByRole("textbox"), "SET market closed");
    await user.click(within(dialog).getByRole("button", { name: "Void draw" }));
    await waitFor(() => expect(server.to("POST", "/api/admin/draws/33/void")[0]?.body).toEqual({ reason: "SET market closed" }));
  });

  it("says nothing of a 1D draw when voiding a draw no other draw takes its number from", async () => {
    mockServer({ "GET /api/admin/draws/33": () => ({ body: draw({ type: "3D", result_source: "manual", status: "open" }) }) });
    const user = userEvent.setup();
    renderDraw();
    await user.click(await screen.findByRole("button", { name: "Void draw" }));
    const dialog = await screen.findByRole("dialog", { name: "Void this draw" });
    expect(within(dialog).queryByTestId("void-derived")).toBeNull();
  });

  it("saves only the changed settings and marks numbers hot", async () => {
    signInOperator({ role: "admin" });
    const server = mockServer({
      "GET /api/admin/2fa": () => ({ body: { role: "admin", enrolled: true, verified: true } }),
      "GET /api/admin/lottery": () => ({ body: { data: [game()] } }),
      "PUT /api/admin/lottery/2D": () => ({ body: game({ odds: 80 }) }),
      "GET /api/admin/lottery/2D/numbers": () => ({ body: { type: "2D", data: [{ number: "13", hot: false, blocked: true }] } }),
      "PUT /api/admin/lottery/2D/numbers": () => ({ body: { type: "2D", data: [] } }),
    });
    const user = userEvent.setup();
    renderConsole(<GameSettingsPage />, { path: "/admin/lottery/settings/2D", pattern: "/admin/lottery/settings/:type" });
    const odds = await screen.findByLabelText("Odds");
    expect(await screen.findByText("Blocked")).toBeInTheDocument();
    expect(screen.getByText("02-01-2099")).toBeInTheDocument();
    await fill(user, odds, "80");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.to("PUT", "/api/admin/lottery/2D")[0]?.body).toEqual({ odds: 80 }));

    await fill(user, screen.getByLabelText("Numbers (2 digits, separated by commas or spaces)"), "07 70, 7");
    await user.click(screen.getByRole("button", { name: "Mark hot" }));
    expect(screen.getByText('"7" is not a number of this game; use 2 digits.')).toBeInTheDocument();
    await fill(user, screen.getByLabelText("Numbers (2 digits, separated by commas or spaces)"), "70, 07 70");
    await user.click(screen.getByRole("button", { name: "Mark hot" }));
    await waitFor(() => expect(server.to("PUT", "/api/admin/lottery/2D/numbers")[0]?.body).toEqual({ numbers: ["07", "70"], hot: true }));
  });

  it("shows an operator who is not an admin the game settings read-only, saying only an admin can change them", async () => {
    const server = mockServer({
      "GET /api/admin/lottery": () => ({ body: { data: [game()] } }),
      "GET /api/admin/lottery/2D/numbers": () => ({ body: { type: "2D", data: [{ number: "13", hot: false, blocked: true }] } }),
    });
    renderConsole(<GameSettingsPage />, { path: "/admin/lottery/settings/2D", pattern: "/admin/lottery/settings/:type" });
    expect(await screen.findByText("Only an admin can change game settings.")).toBeInTheDocument();
    expect(await screen.findByLabelText("Odds")).toBeDisabled();
    expect(screen.getByLabelText("Game open to players")).toBeDisabled();
    expect(await screen.findByText("Blocked")).toBeInTheDocument();
    expect(screen.getByText("02-01-2099")).toBeInTheDocument();
    for (const name of ["Save", "Mark hot", "Block", "Add"]) expect(screen.queryByRole("button", { name })).toBeNull();
    expect(screen.queryByRole("button", { name: /Clear the marks of 13/ })).toBeNull();
    expect(screen.queryByLabelText("Numbers (2 digits, separated by commas or spaces)")).toBeNull();
    expect(server.to("PUT", "/api/admin/lottery/2D")).toHaveLength(0);
  });
});
