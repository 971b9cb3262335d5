import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockServer, renderConsole, signInOperator } from "../test/render.tsx";
import { VitalsPage } from "./vitals-page.tsx";

afterEach(() => {
  useSession.setState({ user: null });
  vi.restoreAllMocks();
});

const row = (over: Record<string, unknown>) => ({
  page: "2d",
  device: "low",
  connection: "3g",
  metric: "LCP",
  samples: 6,
  p75: 4500,
  good: 0.5,
  needs_improvement: 0.167,
  poor: 0.333,
  ...over,
});

describe("VitalsPage (Speed on players' phones)", () => {
  it("shows the last 7 days per measure: p75 rated on the Core Web Vitals thresholds and the shares", async () => {
    signInOperator();
    const server = mockServer({
      "GET /api/admin/vitals": () => ({
        body: {
          since: "2026-11-19T12:00:00.000Z",
          days: 7,
          rows: [
            row({}),
            row({ page: "home", device: "mid", connection: "4g", p75: 1800, samples: 120, good: 0.9, needs_improvement: 0.08, poor: 0.02 }),
            row({ metric: "CLS", p75: 0.05, good: 1, needs_improvement: 0, poor: 0 }),
          ],
        },
      }),
    });
    renderConsole(<VitalsPage />, { path: "/admin/speed" });

    expect(await screen.findByRole("heading", { level: 1, name: "Speed on players' phones" })).toBeInTheDocument();
    expect(server.to("GET", "/api/admin/vitals")[0]?.query.get("days")).toBe("7");

    const lcp = await screen.findByRole("region", { name: /Largest contentful paint/ });
    const rows = within(lcp).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("2D");
    expect(rows[0]).toHaveTextContent("Low-end (≤ 2 GB)");
    expect(rows[0]).toHaveTextContent("3G");
    // 4.5 s is past the 4 s LCP limit: poor, in red.
    const slow = within(rows[0] as HTMLElement).getByText("4.50 s");
    expect(slow).toHaveClass("text-danger");
    expect(within(rows[0] as HTMLElement).getByRole("img", { name: "good 50% · needs improvement 17% · poor 33%" })).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText("1.80 s")).toHaveClass("text-win");

    const cls = screen.getByRole("region", { name: /Cumulative layout shift/ });
    expect(within(cls).getByText("0.05")).toHaveClass("text-win");
    // A measure without visits says so instead of an empty table.
    expect(
      within(screen.getByRole("region", { name: /Interaction to next paint/ })).getByText("No visits measured yet."),
    ).toBeInTheDocument();
  });

  it("says why when the summary cannot be read", async () => {
    signInOperator();
    mockServer({ "GET /api/admin/vitals": () => ({ status: 500, body: { message: "Database unavailable", code: "UNAVAILABLE" } }) });
    renderConsole(<VitalsPage />, { path: "/admin/speed" });
    expect(await screen.findByText(/unavailable|try again/i)).toBeInTheDocument();
  });
});
