import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockServer, renderConsole, signInOperator } from "../test/render.tsx";
import { ReportsPage } from "./reports-page.tsx";

afterEach(() => {
  useSession.setState({ user: null });
  vi.restoreAllMocks();
});

const pnl = {
  from: "2026-11-25",
  to: "2026-11-25",
  data: [
    { day: "2026-11-25", product: "lottery", game: "2D", stakes: 6_000, payouts: 42_500, refunds: 0, net: -36_500 },
    { day: "2026-11-25", product: "casino", game: "GDG", stakes: 5_000, payouts: 2_500, refunds: 0, net: 2_500 },
  ],
  totals: { stakes: 11_000, payouts: 45_000, refunds: 0, net: -34_000 },
};

describe("ReportsPage", () => {
  it("shows profit and loss with totals, switches reports, and downloads the CSV of the one shown", async () => {
    signInOperator();
    const server = mockServer({
      "GET /api/admin/reports/pnl": () => ({ body: pnl }),
      "GET /api/admin/reports/reconciliation": (c) =>
        c.query.get("format") === "csv"
          ? { body: "provider,round_id\r\n", type: "text/csv" }
          : { body: { from: "2026-11-25", to: "2026-11-25", rounds: 2, callbacks: 4, mismatches: [] } },
    });
    const created: string[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation(() => {
      created.push("blob:report");
      return "blob:report";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    renderConsole(<ReportsPage />, { path: "/admin/reports" });

    const table = await screen.findByRole("table");
    expect(within(table).getByText("GDG")).toBeInTheDocument();
    const foot = table.querySelector("tfoot");
    expect(foot).toHaveTextContent("-34,000");
    expect(server.to("GET", "/api/admin/reports/pnl")[0]?.query.get("start_date")).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await userEvent.click(screen.getByRole("tab", { name: "Provider reconciliation" }));
    expect(await screen.findByTestId("reconciliation-summary")).toHaveTextContent("2 rounds and 4 stored callbacks: everything agrees.");
    await userEvent.click(screen.getByRole("button", { name: "Download CSV" }));
    await waitFor(() => expect(created).toHaveLength(1));
    const download = server.to("GET", "/api/admin/reports/reconciliation").find((c) => c.query.get("format") === "csv");
    expect(download?.headers.get("authorization")).toMatch(/^Bearer /);
  });
});
