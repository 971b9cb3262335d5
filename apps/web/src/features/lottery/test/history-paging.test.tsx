import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, renderWithProviders, signIn } from "../../../test/render.tsx";
import { BetSlipPage } from "../pages/bet-slip-page.tsx";
import { WinNumberPage } from "../pages/win-number-page.tsx";

const SLOW = { timeout: 30_000 };

const slip = (id: number) => ({
  id,
  draw_id: 40 + id,
  draw_at: "2026-11-20T09:30:00.000Z",
  draw_status: "settled",
  result: "47",
  lines: [{ number: "47", amount: 1_000, odds: 85, status: "won", win_amount: 85_000 }],
  total: 1_000,
  win_total: 85_000,
  created_at: "2026-11-20T08:00:00.000Z",
});

const result = (drawId: number, number: string) => ({ draw_id: drawId, draw_at: "2026-11-20T09:30:00.000Z", number, source: "feed" });

function cursorsSent(fetch: { mock: { calls: unknown[][] } }, path: string): (string | null)[] {
  return fetch.mock.calls
    .map(([input]) => new URL(String(input)))
    .filter((u) => u.pathname === `/api/${path}`)
    .map((u) => u.searchParams.get("cursor"));
}

describe("/betslip paging", SLOW, () => {
  it("appends the next page of slips, asked for with the cursor of the first, until the last page", async () => {
    signIn();
    const fetch = mockApi({
      "user/bet_slip_history_2d": (url) => {
        const cursor = url.searchParams.get("cursor");
        if (cursor === null) return { body: { data: [slip(9), slip(8)], next_cursor: "slips-2" } };
        if (cursor === "slips-2") return { body: { data: [slip(7)], next_cursor: null } };
        return { status: 400, body: { message: "bad cursor", code: "VALIDATION_FAILED" } };
      },
    });
    const user = userEvent.setup({ delay: null });
    const { container } = renderWithProviders(<BetSlipPage />);
    await screen.findByText("Slip #9");
    expect(container.querySelectorAll("li[data-slip]")).toHaveLength(2);

    await user.click(screen.getByRole("button", { name: "Load more" }));
    await screen.findByText("Slip #7");
    expect([...container.querySelectorAll("li[data-slip]")].map((li) => li.getAttribute("data-slip"))).toEqual(["9", "8", "7"]);
    expect(cursorsSent(fetch, "user/bet_slip_history_2d")).toEqual([null, "slips-2"]);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("keeps the slips shown when a later page fails, says so, and tries that page again", async () => {
    signIn();
    let failNext = true;
    const fetch = mockApi({
      "user/bet_slip_history_2d": (url) => {
        if (url.searchParams.get("cursor") === null) return { body: { data: [slip(9)], next_cursor: "slips-2" } };
        if (failNext) {
          failNext = false;
          return { status: 500, body: { message: "x", code: "INTERNAL" } };
        }
        return { body: { data: [slip(8)], next_cursor: null } };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<BetSlipPage />);
    await screen.findByText("Slip #9");
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("More could not be loaded. Try again.")).toBeInTheDocument();
    expect(screen.getByText("Slip #9")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Load more" }));
    await screen.findByText("Slip #8");
    expect(screen.getByText("Slip #9")).toBeInTheDocument();
    expect(screen.queryByText("More could not be loaded. Try again.")).not.toBeInTheDocument();
    expect(cursorsSent(fetch, "user/bet_slip_history_2d")).toEqual([null, "slips-2", "slips-2"]);
  });
});

describe("/win-number paging", SLOW, () => {
  it("appends the next page of results with the cursor", async () => {
    const fetch = mockApi({
      luckynumber_daily: { body: [] },
      "luckynumber_history/2D": (url) =>
        url.searchParams.get("cursor") === "draws-2"
          ? { body: { data: [result(3, "33")], next_cursor: null } }
          : { body: { data: [result(5, "55"), result(4, "44")], next_cursor: "draws-2" } },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<WinNumberPage />);
    const panel = await screen.findByRole("tabpanel");
    await within(panel).findByText("55");
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await within(panel).findByText("33");
    await waitFor(() => expect(within(panel).getAllByRole("listitem")).toHaveLength(3));
    const numbers = within(panel)
      .getAllByRole("listitem")
      .map((li) => li.querySelector("p.text-gold")?.textContent);
    expect(numbers).toEqual(["Winning number 55", "Winning number 44", "Winning number 33"]);
    expect(cursorsSent(fetch, "luckynumber_history/2D")).toEqual([null, "draws-2"]);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });
});
