import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { preloadIslands } from "../../../lib/island.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { mockApi, renderRoutes, signIn } from "../../../test/render.tsx";
import { noteServerTime } from "../lib/server-clock.ts";
import { LotteryPage } from "../pages/lottery-page.tsx";
import { board, draw, sections } from "./fixtures.ts";

const HOUR = 3_600_000;

function renderTwoD() {
  return renderRoutes(
    [
      { path: "/two/lottery", element: <LotteryPage type="2D" /> },
      { path: "/login", element: <p>Login page</p> },
      { path: "/betslip", element: <p>Slips page</p> },
    ],
    { path: "/two/lottery" },
  );
}

/** The board's first paint can be slow on a busy machine. */
const boardCell = (number: string) => screen.findByRole("button", { name: new RegExp(`^${number},`) }, { timeout: 8_000 });
const cell = (number: string) => screen.getByRole("button", { name: new RegExp(`^${number}(,|$)`) });

describe("LotteryPage (2D)", { timeout: 20_000 }, () => {
  // The parts that load after the board (the slip, the quick picks, the confirmation sheet) are
  // fetched before the tests, so a test waits on what it taps, not on a first module load.
  beforeAll(() => Promise.all([preloadIslands(), import("../components/confirm-sheet.tsx")]));
  beforeAll(() => {
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  });
  beforeEach(() => {
    useSession.setState({ user: null });
    noteServerTime(new Date().toISOString());
  });

  it("R quick pick adds the number and its reverse to the board and the slip", async () => {
    const d = draw("2D", HOUR);
    mockApi({ section: { body: sections(d) }, new_two_d: { body: board(d) } });
    const user = userEvent.setup();
    renderTwoD();
    await boardCell("12");
    await user.type(screen.getByLabelText("Type a 2-digit number"), "12");
    await user.click(screen.getByRole("button", { name: "Add with R (reverse)" }));

    expect(cell("12")).toHaveAttribute("aria-pressed", "true");
    expect(cell("21")).toHaveAttribute("aria-pressed", "true");
    expect(cell("13")).toHaveAttribute("aria-pressed", "false");
    const slip = screen.getByRole("list", { name: "Your numbers" });
    expect(
      within(slip)
        .getAllByRole("listitem")
        .map((li) => li.getAttribute("data-line")),
    ).toEqual(["12", "21"]);
    expect(screen.getByText("Added 2 numbers: 12, 21.")).toBeInTheDocument();
  });

  it("leaves blocked numbers out of a quick pick and never lets them be chosen", async () => {
    const d = draw("2D", HOUR);
    mockApi({
      section: { body: sections(d) },
      new_two_d: { body: board(d, { "34": { blocked: true, remaining: 0 }, "35": { hot: true, remaining: 50_000 } }) },
    });
    const user = userEvent.setup();
    renderTwoD();
    await boardCell("12");
    await user.click(screen.getByRole("button", { name: "Head" }));
    await user.click(screen.getByRole("button", { name: "Head 3" }));
    expect(cell("34")).toBeDisabled();
    expect(cell("34")).toHaveAccessibleName(/Blocked, no bets/);
    expect(cell("34")).toHaveAttribute("aria-pressed", "false");
    expect(cell("35")).toHaveAccessibleName("35, Hot, 50,000 MMK left");
    expect(cell("39")).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByText(/Added 9 numbers/)).toHaveTextContent("1 blocked or full number was left out.");
  });

  it("says 'Please set amount first.' and sends nothing while a number has no amount", async () => {
    signIn();
    const d = draw("2D", HOUR);
    const fetch = mockApi({ section: { body: sections(d) }, new_two_d: { body: board(d) } });
    const user = userEvent.setup();
    renderTwoD();
    await user.click(await boardCell("12"));
    await user.click(screen.getByRole("button", { name: "Bet" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Please set amount first.");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes("user/betting"))).toBe(false);
  });

  it("marks the numbers a LINES_REJECTED answer refuses, on the board and in the slip, with what is left", async () => {
    signIn({ balance: 50_000 });
    const d = draw("2D", HOUR);
    const bets: { body: unknown; key: string | null }[] = [];
    mockApi({
      section: { body: sections(d) },
      new_two_d: { body: board(d) },
      "user/betting": (_url, init) => {
        bets.push({ body: JSON.parse(String(init.body)), key: new Headers(init.headers).get("Idempotency-Key") });
        return {
          status: 422,
          body: {
            message: "Some numbers cannot take this bet.",
            code: "LINES_REJECTED",
            details: { rejected: [{ number: "21", reason: "OVER_LIMIT", remaining: 300 }] },
          },
        };
      },
    });
    const user = userEvent.setup();
    renderTwoD();
    await boardCell("12");
    await user.type(screen.getByLabelText("Type a 2-digit number"), "12");
    await user.click(screen.getByRole("button", { name: "Add with R (reverse)" }));
    await user.click(screen.getByRole("button", { name: "500" }));
    await user.click(screen.getByRole("button", { name: "Bet" }));

    const sheet = await screen.findByRole("dialog", { name: "Confirm your bet" });
    expect(within(sheet).getByText("1,000 MMK")).toBeInTheDocument();
    expect(within(sheet).getByText("49,000")).toBeInTheDocument();
    await user.click(within(sheet).getByRole("button", { name: "Confirm bet" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(bets).toHaveLength(1);
    expect(bets[0]?.body).toEqual({
      draw_id: 41,
      lines: [
        { number: "12", amount: 500 },
        { number: "21", amount: 500 },
      ],
    });
    expect(bets[0]?.key).toMatch(/^[0-9a-f-]{16,}$/);
    expect(cell("21")).toHaveAccessibleName(/Over the limit: only 300 MMK left on this number/);
    expect(cell("12")).not.toHaveAccessibleName(/Over the limit/);
    const row = screen.getByRole("list", { name: "Your numbers" }).querySelector('[data-line="21"]') as HTMLElement;
    expect(row).toHaveTextContent("Over the limit: only 300 MMK left on this number.");
    expect(screen.getByRole("alert")).toHaveTextContent("Some of your numbers cannot be accepted.");

    // Fixing the amount of the refused number clears its mark.
    const amount = screen.getByRole("textbox", { name: "Amount for 21" });
    await user.clear(amount);
    await user.type(amount, "300");
    expect(cell("21")).not.toHaveAccessibleName(/Over the limit/);
    expect(useSession.getState().user?.balance).toBe(50_000);
  });

  it("places the slip, updates the balance and offers the bet slips", async () => {
    signIn({ balance: 50_000 });
    const d = draw("2D", HOUR);
    mockApi({
      section: { body: sections(d) },
      new_two_d: { body: board(d) },
      "user/betting": { status: 201, body: { slip_id: 77, total: 1_000, balance: 49_000 } },
    });
    const user = userEvent.setup();
    renderTwoD();
    await user.click(await boardCell("07"));
    await user.type(screen.getByLabelText("Amount per number"), "1000");
    await user.click(screen.getByRole("button", { name: "Bet" }));
    await user.click(await screen.findByRole("button", { name: "Confirm bet" }));
    expect(await screen.findByText("Bet placed!")).toBeInTheDocument();
    expect(screen.getByText("Slip #77 · total 1,000 MMK")).toBeInTheDocument();
    expect(useSession.getState().user?.balance).toBe(49_000);
    expect(screen.getByRole("link", { name: "View bet slips" })).toHaveAttribute("href", "/betslip");
    expect(cell("07")).toHaveAttribute("aria-pressed", "false");
  });

  it("shows 'Betting has been closed.' once the countdown passes the cut-off, and stops betting", async () => {
    signIn();
    const d = draw("2D", HOUR);
    // The server's clock, which the countdown follows; moved past the cut-off below.
    let skew = 0;
    const serverTime = () => new Date(Date.now() + skew).toISOString();
    mockApi({
      section: () => ({ body: { ...sections(d), server_time: serverTime() } }),
      new_two_d: () => ({ body: { ...board(d), server_time: serverTime() } }),
    });
    renderTwoD();
    await boardCell("12");
    expect(screen.getByText("Closes in", { selector: "p" })).toBeInTheDocument();
    expect(screen.queryByText("Betting has been closed.")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Bet" })).toBeEnabled();

    skew = HOUR + 1_000;
    noteServerTime(serverTime());
    expect(await screen.findByText("Betting has been closed.", {}, { timeout: 3_000 })).toBeInTheDocument();
    expect(screen.queryByText("Closes in", { selector: "p" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Bet" })).toBeDisabled();
    expect(cell("12")).toBeDisabled();
  });

  it("shows a running break on the board and offers no Bet during it", async () => {
    signIn();
    const d = draw("2D", HOUR);
    const until = new Date(Date.now() + 7 * 24 * HOUR).toISOString();
    const fetch = mockApi({
      section: { body: sections(d) },
      new_two_d: { body: board(d) },
      "user/protection": { body: { limits: [], self_exclusion: { until, indefinite: false }, reality_check_minutes: null } },
    });
    renderTwoD();
    await boardCell("12");
    expect(await screen.findByTestId("break-notice")).toHaveTextContent("You are on a break from play until");
    expect(screen.getByRole("button", { name: "Bet" })).toBeDisabled();
    expect(fetch.mock.calls.some(([url]) => String(url).includes("/api/user/betting"))).toBe(false);
  });

  it("shows 'No digit data, lottery closed?' when the game has no open draw", async () => {
    mockApi({ section: { body: sections() } });
    renderTwoD();
    expect(await screen.findByText("No digit data, lottery closed?", {}, { timeout: 8_000 })).toBeInTheDocument();
  });

  it("shows the board to visitors and sends them to login to bet", async () => {
    const d = draw("2D", HOUR);
    mockApi({ section: { body: sections(d) }, new_two_d: { body: board(d) } });
    const user = userEvent.setup();
    const { router } = renderTwoD();
    await user.click(await boardCell("12"));
    await user.click(screen.getByRole("button", { name: "Login to bet" }));
    expect(await screen.findByText("Login page")).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: "/two/lottery" });
  });
});
