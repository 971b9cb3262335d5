import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockServer, renderConsole, signInOperator } from "../test/render.tsx";
import { GscDebtsPanel } from "./gsc-debts-panel.tsx";
import { GscReconciliationPanel } from "./gsc-reconciliation-panel.tsx";
import { GscSyncPanel } from "./gsc-sync-panel.tsx";

afterEach(() => useSession.setState({ user: null }));

const status = {
  simulated: false,
  operator_code: "AB12",
  callback_base_url: "https://shwe.example/api/gsc",
  products: 3,
  last_sync: null,
};

const report = {
  products_added: 1,
  products_updated: 0,
  products_unlisted: 0,
  games_added: 2,
  games_updated: 1,
  games_unlisted: 0,
  operator_changes_kept: 1,
  skipped: [{ product_code: 1999, reason: "currency EUR is not accepted (GSC_CURRENCIES)" }],
  changes: [
    { target: "provider", p_code: "GSC1007", change: "added" },
    { target: "game", p_code: "GSC1007", g_code: "65", change: "name", from: "Old", to: "New" },
    { target: "provider", p_code: "GSC1091", change: "kept", field: "active", from: false },
  ],
  changes_total: 3,
};

describe("GSC+ console panels", () => {
  it("shows nothing when the site has no GSC+ connection", async () => {
    signInOperator();
    const server = mockServer({});
    renderConsole(<GscSyncPanel editable />, { path: "/admin/catalogue" });
    await waitFor(() => expect(server.to("GET", "/api/admin/gsc/status")).toHaveLength(1));
    expect(screen.queryByText("GSC+ games")).not.toBeInTheDocument();
  });

  it("shows the callback URL and lets an admin sync and read what changed", async () => {
    signInOperator();
    const server = mockServer({
      "GET /api/admin/gsc/status": () => ({ body: status }),
      "POST /api/admin/gsc/sync": () => ({ body: report }),
    });
    renderConsole(<GscSyncPanel editable />, { path: "/admin/catalogue" });
    expect(await screen.findByText("https://shwe.example/api/gsc")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Sync now" }));
    const shown = await screen.findByTestId("gsc-sync-report");
    expect(server.to("POST", "/api/admin/gsc/sync")).toHaveLength(1);
    expect(shown).toHaveTextContent("Games: 2 added, 1 updated, 0 gone");
    expect(shown).toHaveTextContent("Product 1999 left out: currency EUR");
    expect(shown).toHaveTextContent("GSC1007 / 65 name: Old → New");
    expect(shown).toHaveTextContent("GSC1091 active: your value (off) kept");
  });

  it("shows a day's reconciliation with the mismatching raw rows, and runs it for admins", async () => {
    signInOperator();
    const day = "2026-11-25";
    const recon = {
      day,
      run: {
        started_at: "2026-11-25T18:00:00.000Z",
        finished_at: "2026-11-25T18:01:00.000Z",
        error: null,
        summary: {
          day,
          windows: 288,
          theirs: 2,
          ours: 2,
          matched: 1,
          mismatched: 1,
          missing_ours: 0,
          missing_theirs: 0,
          amount: 1,
          status: 0,
        },
      },
      mismatches: [
        {
          id: 1,
          kind: "amount",
          wager_code: "W-1",
          member_account: "PLY1",
          product_code: 1007,
          ours: { bet: 1500 },
          theirs: { bet_amount: "2.5" },
        },
      ],
    };
    const server = mockServer({
      "GET /api/admin/gsc/status": () => ({ body: status }),
      "GET /api/admin/gsc/reconciliation": () => ({ body: recon }),
      "POST /api/admin/gsc/reconciliation": () => ({ body: recon }),
    });
    renderConsole(<GscReconciliationPanel initialDay={day} editable />, { path: "/admin/reports" });
    expect(await screen.findByTestId("gsc-reconciliation-summary")).toHaveTextContent(
      "2 wagers at the aggregator, 2 in our records, 1 matching, 1 mismatching",
    );
    const table = screen.getByRole("table");
    expect(within(table).getByText("Different amount")).toBeInTheDocument();
    expect(within(table).getByText("W-1")).toBeInTheDocument();
    expect(table).toHaveTextContent('"bet_amount": "2.5"');
    expect(server.to("GET", "/api/admin/gsc/reconciliation")[0]?.query.get("day")).toBe(day);
    await userEvent.click(screen.getByRole("button", { name: "Run for this day" }));
    await waitFor(() => expect(server.to("POST", "/api/admin/gsc/reconciliation")).toHaveLength(1));
  });

  it("lists the players' GSC+ debts read-only with their total, each linked to the player", async () => {
    signInOperator();
    const server = mockServer({
      "GET /api/admin/gsc/status": () => ({ body: status }),
      "GET /api/admin/gsc/debts": () => ({
        body: {
          total: 2234.5,
          debts: [
            { user_id: 7, user_code: "PLY00007", debt: 1500.25, since: "2026-11-25T10:00:00.000Z" },
            { user_id: 9, user_code: "PLY00009", debt: 734.25, since: null },
          ],
        },
      }),
    });
    renderConsole(<GscDebtsPanel />, { path: "/admin/reports" });
    expect(await screen.findByTestId("gsc-debts-total")).toHaveTextContent("2 players owe 2,234.5 kyat in total.");
    const table = screen.getByRole("table");
    const rows = within(table).getAllByRole("row");
    expect(rows[1]).toHaveTextContent("PLY00007");
    expect(rows[1]).toHaveTextContent("1,500.25");
    expect(rows[2]).toHaveTextContent("734.25");
    expect(within(table).getByRole("link", { name: "PLY00007" })).toHaveAttribute("href", "/admin/players/7");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(server.to("GET", "/api/admin/gsc/debts")).toHaveLength(1);
  });

  it("says when nobody owes the house, and shows nothing without a GSC+ connection", async () => {
    signInOperator();
    const server = mockServer({
      "GET /api/admin/gsc/status": () => ({ body: status }),
      "GET /api/admin/gsc/debts": () => ({ body: { total: 0, debts: [] } }),
    });
    const { unmount } = renderConsole(<GscDebtsPanel />, { path: "/admin/reports" });
    expect(await screen.findByText("No player owes the house.")).toBeInTheDocument();
    unmount();
    const none = mockServer({});
    renderConsole(<GscDebtsPanel />, { path: "/admin/reports" });
    await waitFor(() => expect(none.to("GET", "/api/admin/gsc/status")).toHaveLength(1));
    expect(screen.queryByText("GSC+ debts")).not.toBeInTheDocument();
    expect(none.to("GET", "/api/admin/gsc/debts")).toHaveLength(0);
    expect(server.to("GET", "/api/admin/gsc/debts")).toHaveLength(1);
  });
});
