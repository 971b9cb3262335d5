import type { Adjustment, AdminUserDetail } from "@shwe/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { fill, mockServer, type Reply, renderConsole, signInOperator } from "../test/render.tsx";
import { PlayerDetailPage } from "./player-detail-page.tsx";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function player(over: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    id: 12,
    phone: "09500000001",
    name: "Aung Aung",
    user_code: "U7K2QX9P",
    role: "player",
    lvl_2: 1,
    blocked: false,
    balance: 10_000,
    game_balance: 2_500,
    point: 40,
    p_balance: 300,
    game_refer_amt: 0,
    hold: 5_000,
    turnover: 7_000,
    created_at: "2026-11-01T02:00:00.000Z",
    has_transferred_in: true,
    journals: [],
    cash_requests: [],
    ...over,
  };
}

function renderPlayer(routes: Record<string, (call: import("../test/render.tsx").Call) => Reply | Promise<Reply>> = {}) {
  const server = mockServer({
    "GET /api/admin/users/12": () => ({ body: player() }),
    "GET /api/admin/adjustments": () => ({ body: { data: [] } }),
    ...routes,
  });
  renderConsole(<PlayerDetailPage />, { path: "/admin/players/12", pattern: "/admin/players/:id" });
  return server;
}

describe("player detail", { timeout: 15_000 }, () => {
  beforeEach(() => {
    signInOperator();
  });

  it("shows balances, turnover, level and the blocked flag", async () => {
    renderPlayer();
    expect(await screen.findByRole("heading", { name: "Aung Aung" })).toBeInTheDocument();
    const balances = screen.getByRole("region", { name: "Balances" });
    expect(within(balances).getByText("Main").nextElementSibling).toHaveTextContent("10,000");
    expect(within(balances).getByText("Turnover left").nextElementSibling).toHaveTextContent("7,000");
    expect(within(balances).getByText("On hold (cash-out)").nextElementSibling).toHaveTextContent("5,000");
    // Points are not kyat.
    const points = within(balances).getByText("Points").nextElementSibling;
    expect(points).toHaveTextContent("40 points");
    expect(points).not.toHaveTextContent("MMK");
    expect(screen.getByRole("region", { name: "Account" })).toHaveTextContent("Active");
    expect(screen.getAllByText("Level 1").length).toBeGreaterThan(0);
  });

  it("sends a deduction as a negative amount with an Idempotency-Key, after a summary of what will happen", async () => {
    const user = userEvent.setup();
    const server = renderPlayer({
      "POST /api/admin/users/12/adjust": () => ({ body: { id: 12, balance: 7_500, adjustment_id: 3, status: "applied" } }),
    });
    const form = await screen.findByRole("form", { name: "Adjust the main balance" });
    await user.click(within(form).getByRole("radio", { name: /Deduct/ }));
    await fill(user, within(form).getByRole("textbox", { name: "Amount (MMK)" }), "2,500");
    await fill(user, within(form).getByRole("textbox", { name: "Reason" }), "Duplicate bonus");
    const summary = within(form).getByTestId("adjust-summary");
    expect(summary).toHaveTextContent("Take 2,500 MMK from the main balance of Aung Aung.");
    expect(summary).toHaveTextContent("It applies at once: main balance 10,000 → 7,500 MMK.");
    await user.click(within(form).getByRole("button", { name: "Deduct 2,500 MMK" }));

    expect(await screen.findByText("Done. The main balance is now 7,500 MMK.")).toBeInTheDocument();
    const posts = server.to("POST", "/api/admin/users/12/adjust");
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ amount: -2500, reason: "Duplicate bonus" });
    expect(posts[0]?.headers.get("Idempotency-Key")).toMatch(UUID);
  });

  it("explains that a large adjustment waits for a second operator, and uses a fresh key per submit", async () => {
    const user = userEvent.setup();
    const server = renderPlayer({
      "POST /api/admin/users/12/adjust": () => ({ body: { id: 12, balance: 10_000, adjustment_id: 4, status: "pending" } }),
    });
    const form = await screen.findByRole("form", { name: "Adjust the main balance" });
    const amount = within(form).getByRole("textbox", { name: "Amount (MMK)" });
    const reason = within(form).getByRole("textbox", { name: "Reason" });
    await fill(user, amount, "2000000");
    await fill(user, reason, "Jackpot paid by hand");
    expect(within(form).getByTestId("adjust-summary")).toHaveTextContent(
      "This is above 1,000,000 MMK, so a different operator must confirm it. The balance stays 10,000 MMK until then.",
    );
    await user.click(within(form).getByRole("button", { name: "Add 2,000,000 MMK" }));
    expect(await screen.findByText(/Sent for confirmation/)).toBeInTheDocument();

    await fill(user, amount, "100");
    await fill(user, reason, "Second request");
    await user.click(within(form).getByRole("button", { name: "Add 100 MMK" }));
    await waitFor(() => expect(server.to("POST", "/api/admin/users/12/adjust")).toHaveLength(2));
    const [first, second] = server.to("POST", "/api/admin/users/12/adjust");
    expect(first?.body).toEqual({ amount: 2_000_000, reason: "Jackpot paid by hand" });
    expect(first?.headers.get("Idempotency-Key")).not.toBe(second?.headers.get("Idempotency-Key"));
  });

  it("refuses to send without an amount and a reason, or a deduction below zero", async () => {
    const user = userEvent.setup();
    const server = renderPlayer();
    const form = await screen.findByRole("form", { name: "Adjust the main balance" });
    await user.click(within(form).getByRole("button", { name: "Send adjustment" }));
    expect(within(form).getByText("Enter a whole amount from 1 to 10,000,000,000.")).toBeInTheDocument();
    expect(within(form).getByText("Please write a reason.")).toBeInTheDocument();
    await user.click(within(form).getByRole("radio", { name: /Deduct/ }));
    await fill(user, within(form).getByRole("textbox", { name: "Amount (MMK)" }), "10001");
    expect(within(form).getByTestId("adjust-summary")).toHaveTextContent("The main balance is only 10,000 MMK");
    expect(within(form).getByRole("button", { name: "Deduct 10,001 MMK" })).toBeDisabled();
    expect(server.to("POST", "/api/admin/users/12/adjust")).toHaveLength(0);
  });

  it("blocks the account only with a reason", async () => {
    const user = userEvent.setup();
    const server = renderPlayer({ "POST /api/admin/users/12/block": () => ({ body: { id: 12, blocked: true } }) });
    await user.click(await screen.findByRole("button", { name: "Block account" }));
    const dialog = screen.getByRole("dialog", { name: "Block this account?" });
    await user.click(within(dialog).getByRole("button", { name: "Block account" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Please write a reason.");
    await fill(user, within(dialog).getByRole("textbox", { name: "Reason" }), "Shared account");
    await user.click(within(dialog).getByRole("button", { name: "Block account" }));
    expect(await screen.findByText("Aung Aung is blocked.")).toBeInTheDocument();
    expect(server.to("POST", "/api/admin/users/12/block").map((c) => c.body)).toEqual([{ blocked: true, reason: "Shared account" }]);
  });

  it("lists this player's pending adjustments by the name of who asked; the operator who asked cannot confirm their own", async () => {
    const user = userEvent.setup();
    const pending = (id: number, requestedBy: number): Adjustment => ({
      id,
      user_id: 12,
      phone: "09500000001",
      name: "Aung Aung",
      amount: 1_500_000,
      reason: `Request ${id}`,
      status: "pending",
      requested_by: requestedBy,
      requested_by_name: requestedBy === 1 ? "Operator One" : "Ma Hla",
      confirmed_by: null,
      journal_id: null,
      created_at: "2026-11-20T03:30:00.000Z",
      decided_at: null,
    });
    const server = renderPlayer({
      "GET /api/admin/adjustments": () => ({ body: { data: [pending(7, 1), pending(8, 2)] } }),
      "POST /api/admin/adjustments/8/confirm": () => ({ body: { id: 8, status: "applied", balance: 1_510_000 } }),
    });
    const mine = (await screen.findByText("Request 7")).closest("li") as HTMLElement;
    expect(within(mine).getByRole("button", { name: "Confirm" })).toBeDisabled();
    expect(mine).toHaveTextContent("You asked for this one");
    const theirs = screen.getByText("Request 8").closest("li") as HTMLElement;
    expect(theirs).toHaveTextContent("Asked by Ma Hla");
    expect(theirs).not.toHaveTextContent("#2");
    await user.click(within(theirs).getByRole("button", { name: "Confirm" }));
    const dialog = screen.getByRole("dialog", { name: "Confirm this adjustment?" });
    expect(dialog).toHaveTextContent("1,500,000 MMK will be added to the main balance of Aung Aung (09500000001) now.");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("The adjustment for Aung Aung is applied.")).toBeInTheDocument();
    expect(server.to("POST", "/api/admin/adjustments/8/confirm")).toHaveLength(1);
    expect(server.to("POST", "/api/admin/adjustments/7/confirm")).toHaveLength(0);
  });
});
