import { screen, waitFor } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { routes } from "../../app/router.tsx";
import { useSession } from "../../lib/session-store.ts";
import { renderRoutes, signIn } from "../../test/render.tsx";
import { emptyQueues, mockServer, signInOperator } from "./test/render.tsx";

describe("operator console access", { timeout: 20_000 }, () => {
  beforeAll(() => {
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  });
  beforeEach(() => useSession.setState({ user: null }));

  it("refuses a signed-in player with 'operators only' and a way home, without calling any console endpoint", async () => {
    signIn({ role: "player" });
    const server = mockServer({});
    renderRoutes(routes, { path: "/admin/cash-in" });
    expect(await screen.findByRole("heading", { name: "Operators only" }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go To Home" })).toHaveAttribute("href", "/");
    expect(screen.queryByRole("navigation", { name: "Console pages" })).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.path.startsWith("/api/admin"))).toEqual([]);
  });

  it("sends a visitor to the login page first, remembering the console address", async () => {
    mockServer({});
    const { router } = renderRoutes(routes, { path: "/admin/players" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.state).toEqual({ from: "/admin/players" });
  });

  it("opens the console for an operator, with the pending counts in the navigation", async () => {
    signInOperator();
    mockServer({
      ...emptyQueues,
      "GET /api/admin/cash-requests": (c) => ({
        body: { data: c.query.get("kind") === "in" && c.query.get("status") === "pending" ? [cashIn(1), cashIn(2)] : [] },
      }),
      "GET /api/admin/ledger/audit": () => ({ body: { ok: true, violations: [], skipped: [] } }),
    });
    renderRoutes(routes, { path: "/admin" });
    // The console is a lazily loaded chunk: the first render waits for it.
    expect(await screen.findByRole("heading", { name: "Dashboard" }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText("All ledger checks passed")).toBeInTheDocument();
    const cashInCard = screen.getByRole("link", { name: /Cash-ins to check/ });
    await waitFor(() => expect(cashInCard).toHaveTextContent("2"));
    expect(cashInCard).toHaveTextContent("Total 100,000 MMK");
  });
});

function cashIn(id: number) {
  return {
    id,
    kind: "in",
    user_id: 50 + id,
    phone: "09500000001",
    name: "Aung Aung",
    payment_method_id: 1,
    payment_method: "KBZPay",
    amount: 50_000,
    last_six_digits: "123456",
    promo_code: null,
    account_number: null,
    holder_name: null,
    status: "pending",
    reason: null,
    decided_by: null,
    decided_at: null,
    first_approved_by: null,
    first_approved_at: null,
    created_at: "2026-11-20T03:30:00.000Z",
  };
}
