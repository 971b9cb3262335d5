import type { HouseCrashResult, HouseRound, HouseSessionInfo, HouseSpinResult } from "@shwe/contracts";
import { commitSeed, slotRound } from "@shwe/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderRoutes } from "../../../test/render.tsx";
import { HouseGamePage } from "./house-game-page.tsx";

const COMMIT_A = "a".repeat(64);
const COMMIT_B = "b".repeat(64);
const SEED = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

const slotInfo: HouseSessionInfo = {
  game: "house-slot",
  language: "en",
  balance: 25_000,
  commitment: COMMIT_A,
  bets: [100, 200, 500, 1_000, 2_000, 5_000, 10_000],
  rtp: 0.961875,
  paytable: { seven: 500, pagoda: 100, chinthe: 40, ruby: 25, lotus: 15, coin: 10 },
};

const crashInfo: HouseSessionInfo = {
  game: "house-crash",
  language: "en",
  balance: 10_000,
  commitment: COMMIT_A,
  bets: [100, 200, 500, 1_000, 2_000, 5_000, 10_000],
  rtp: 0.97,
  min_cash_out: 1.01,
  max_cash_out: 100,
};

/** The launch code exchange: any code of these tests opens the play session "play-token". */
const LAUNCH = {
  "/house/api/launch": (_url: URL, init: RequestInit) => {
    const { launch_code } = JSON.parse(String(init.body)) as { launch_code: string };
    return { body: { session: "play-token", game: launch_code.startsWith("crash") ? "house-crash" : "house-slot" } };
  },
};

function renderGame(path: string) {
  return renderRoutes([{ path: "/house/:game", element: <HouseGamePage /> }], { path });
}

beforeEach(() => {
  // Reduced motion: results show without waiting for the animations.
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: query.includes("reduce"),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
  sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Golden Pagoda Slots page", () => {
  it("spins with the chosen bet and shows the reels, the winning line and the new balance from the answer", async () => {
    const answer: HouseSpinResult = {
      round_id: "41",
      bet: 500,
      reels: [
        ["lotus", "coin", "ruby"],
        ["pagoda", "coin", "lotus"],
        ["ruby", "coin", "lotus"],
      ],
      lines: [{ line: 1, symbol: "coin", multiplier: 10, payout: 1_000 }],
      payout: 1_000,
      balance: 25_500,
      commitment: COMMIT_A,
      seed: SEED,
      next_commitment: COMMIT_B,
    };
    const fetch = mockApi({
      ...LAUNCH,
      "/house/api/session": { body: slotInfo },
      "/house/api/rounds": { body: { data: [] } },
      "/house/api/spin": (_url, init) => {
        expect(JSON.parse(String(init.body))).toEqual({ bet: 500 });
        return { body: answer };
      },
    });
    const user = userEvent.setup();
    renderGame("/house/house-slot?launch=slot-launch-code&lang=en");

    expect(await screen.findByTestId("game-balance")).toHaveTextContent("25,000");
    expect(screen.getByTestId("next-commitment")).toHaveTextContent("aaaaaaaaaa…aaaaaa");
    await user.click(screen.getByRole("radio", { name: "500 MMK" }));
    await user.click(screen.getByRole("button", { name: "SPIN" }));

    expect(await screen.findByText("WIN 1,000 MMK")).toBeInTheDocument();
    expect(screen.getByText("Line 1: Kyat coin ×10")).toBeInTheDocument();
    expect(screen.getByTestId("game-balance")).toHaveTextContent("25,500");
    expect(screen.getByTestId("next-commitment")).toHaveTextContent("bbbbbbbbbb…bbbbbb");
    const reels = screen.getByTestId("slot-reels");
    expect(within(reels).getAllByRole("img", { name: "Kyat coin" })).toHaveLength(3);
    expect(reels.querySelectorAll("[data-won]")).toHaveLength(3);

    // The play session token travels in its header, never as a bearer token.
    const spinCall = fetch.mock.calls.find(([input]) => String(input).endsWith("/house/api/spin"));
    const headers = (spinCall?.[1]?.headers ?? {}) as Record<string, string>;
    expect(headers["x-house-session"]).toBe("play-token");
    expect(headers.Authorization).toBeUndefined();
    expect(headers["Idempotency-Key"]).toBeTruthy();
  });

  it("tells the player to transfer from the main balance when the game balance is too low", async () => {
    mockApi({
      ...LAUNCH,
      "/house/api/session": { body: { ...slotInfo, balance: 50 } },
      "/house/api/rounds": { body: { data: [] } },
      "/house/api/spin": {
        status: 422,
        body: {
          message: "Not enough game balance. Transfer from the main balance first.",
          code: "INSUFFICIENT_FUNDS",
          details: { balance: 50 },
        },
      },
    });
    const user = userEvent.setup();
    renderGame("/house/house-slot?launch=slot-launch-code");
    await user.click(await screen.findByRole("button", { name: "SPIN" }));
    const notice = await screen.findByRole("alert");
    expect(notice).toHaveTextContent("Not enough game balance.");
    expect(notice).toHaveTextContent("Transfer from the main balance first.");
    expect(screen.getByTestId("game-balance")).toHaveTextContent("50");
  });

  it("says the session ended when the game server no longer knows the token", async () => {
    mockApi({ ...LAUNCH, "/house/api/session": { status: 401, body: { message: "ended", code: "UNAUTHENTICATED" } } });
    renderGame("/house/house-slot?launch=slot-launch-code");
    expect(await screen.findByText("This game session has ended.")).toBeInTheDocument();
  });

  it("verifies a round of the history in the browser: commitment and outcome", async () => {
    const spin = await slotRound(SEED, 7, 1_000);
    const round: HouseRound = {
      round_id: "7",
      game: "house-slot",
      bet: 1_000,
      payout: spin.payout,
      status: "settled",
      created_at: new Date().toISOString(),
      commitment: await commitSeed(SEED),
      seed: SEED,
      reels: spin.reels.map((r) => [...r]),
      lines: [...spin.lines],
      auto_cash_out: null,
      crash_point: null,
    };
    mockApi({
      ...LAUNCH,
      "/house/api/session": { body: slotInfo },
      "/house/api/rounds": { body: { data: [round, { ...round, round_id: "8" }] } },
    });
    const user = userEvent.setup();
    renderGame("/house/house-slot?launch=slot-launch-code");
    const history = await screen.findByTestId("round-history");
    const [honest, forged] = within(history).getAllByRole("button", { name: "Verify" });
    if (!honest || !forged) throw new Error("two rounds expected");

    await user.click(honest);
    expect(await screen.findByText("The seed matches the commitment shown before the round.")).toBeInTheDocument();
    expect(await screen.findByText("The seed gives exactly this result.")).toBeInTheDocument();
    expect(screen.getByTestId("verify-stops")).toHaveTextContent(`Reel stops: ${spin.stops.join(", ")}`);
    await user.click(screen.getByRole("button", { name: /close/i }));

    // The same reels claimed for another round id do not follow from the seed.
    await user.click(forged);
    expect(await screen.findByText("The seed does NOT give this result.")).toBeInTheDocument();
  });
});

describe("Rocket Crash page", () => {
  const result = (over: Partial<HouseCrashResult>): HouseCrashResult => ({
    round_id: "90",
    bet: 100,
    auto_cash_out: 2,
    crash_point: 2.37,
    cashed_out_at: 2,
    payout: 200,
    balance: 10_100,
    commitment: COMMIT_A,
    seed: SEED,
    next_commitment: COMMIT_B,
    ...over,
  });

  it("shows the cash-out and the new balance when the rocket reaches the auto cash-out", async () => {
    mockApi({
      ...LAUNCH,
      "/house/api/session": { body: crashInfo },
      "/house/api/rounds": { body: { data: [] } },
      "/house/api/crash/play": (_url, init) => {
        expect(JSON.parse(String(init.body))).toEqual({ bet: 100, auto_cash_out: 2 });
        return { body: result({}) };
      },
    });
    const user = userEvent.setup();
    renderGame("/house/house-crash?launch=crash-launch-code");
    await user.click(await screen.findByRole("button", { name: "LAUNCH · 100 MMK" }));
    expect(await screen.findByText("Cashed out at 2.00× · won 200 MMK")).toBeInTheDocument();
    expect(screen.getByTestId("crash-multiplier")).toHaveTextContent("2.37×");
    expect(screen.getByTestId("game-balance")).toHaveTextContent("10,100");
  });

  it("shows the crash when the rocket explodes first, with the typed cash-out sent", async () => {
    mockApi({
      ...LAUNCH,
      "/house/api/session": { body: crashInfo },
      "/house/api/rounds": { body: { data: [] } },
      "/house/api/crash/play": (_url, init) => {
        expect(JSON.parse(String(init.body))).toEqual({ bet: 100, auto_cash_out: 5.5 });
        return { body: result({ auto_cash_out: 5.5, crash_point: 1.42, cashed_out_at: null, payout: 0, balance: 9_900 }) };
      },
    });
    const user = userEvent.setup();
    renderGame("/house/house-crash?launch=crash-launch-code");
    const input = await screen.findByLabelText("Auto cash-out");
    await user.clear(input);
    await user.type(input, "5.5");
    await user.click(screen.getByRole("button", { name: "LAUNCH · 100 MMK" }));
    expect(await screen.findByText("Crashed at 1.42× · bet lost")).toBeInTheDocument();
    expect(screen.getByTestId("game-balance")).toHaveTextContent("9,900");
  });

  it("does not launch with a cash-out outside 1.01–100", async () => {
    mockApi({ ...LAUNCH, "/house/api/session": { body: crashInfo }, "/house/api/rounds": { body: { data: [] } } });
    const user = userEvent.setup();
    renderGame("/house/house-crash?launch=crash-launch-code");
    const input = await screen.findByLabelText("Auto cash-out");
    await user.clear(input);
    await user.type(input, "1.001");
    expect(screen.getByRole("button", { name: "LAUNCH · 100 MMK" })).toBeDisabled();
    await user.clear(input);
    await user.type(input, "250");
    expect(screen.getByRole("button", { name: "LAUNCH · 100 MMK" })).toBeDisabled();
    await waitFor(() => expect(input).toHaveAttribute("aria-invalid", "true"));
  });
});

describe("opening a game from its launch URL", () => {
  it("exchanges the one-time launch code once, takes it out of the address bar, and then sends the token only in its header", async () => {
    const fetch = mockApi({ ...LAUNCH, "/house/api/session": { body: slotInfo }, "/house/api/rounds": { body: { data: [] } } });
    const { router } = renderGame("/house/house-slot?launch=slot-launch-code&lang=en");

    expect(await screen.findByTestId("game-balance")).toHaveTextContent("25,000");
    // The code has left the address bar (and so the history); the language stays.
    expect(router.state.location.search).toBe("?lang=en");

    const calls = fetch.mock.calls.map(([input, init]) => ({ url: String(input), init: init ?? {} }));
    const launches = calls.filter((c) => c.url.endsWith("/house/api/launch"));
    expect(launches).toHaveLength(1);
    expect(launches[0]?.init.method).toBe("POST");
    expect(JSON.parse(String(launches[0]?.init.body))).toEqual({ launch_code: "slot-launch-code" });
    expect((launches[0]?.init.headers as Record<string, string> | undefined)?.["x-house-session"]).toBeUndefined();
    // Neither the code nor the session token travels in any URL; the token goes in its header.
    for (const c of calls) expect(c.url).not.toMatch(/slot-launch-code|play-token/);
    const sessionCall = calls.find((c) => c.url.endsWith("/house/api/session"));
    expect((sessionCall?.init.headers as Record<string, string> | undefined)?.["x-house-session"]).toBe("play-token");
    // Kept for this tab, so a reload keeps playing without the (used) code.
    expect(sessionStorage.getItem("house-session:house-slot")).toBe("play-token");
  });

  it("a used or expired launch code says the session ended and asks to open the game again", async () => {
    const fetch = mockApi({
      "/house/api/launch": {
        status: 401,
        body: { message: "This game link has already been used or has expired.", code: "UNAUTHENTICATED" },
      },
    });
    const { router } = renderGame("/house/house-slot?launch=leaked-code");
    expect(await screen.findByText("This game session has ended.")).toBeInTheDocument();
    expect(screen.getByText("Close the game and open it again from the site.")).toBeInTheDocument();
    expect(router.state.location.search).toBe("");
    expect(fetch.mock.calls.some(([input]) => String(input).endsWith("/house/api/session"))).toBe(false);
    expect(sessionStorage.getItem("house-session:house-slot")).toBeNull();
  });

  it("a reload without a launch code plays on with the token kept for the tab; without one it asks to reopen", async () => {
    sessionStorage.setItem("house-session:house-slot", "kept-token");
    const fetch = mockApi({ "/house/api/session": { body: slotInfo }, "/house/api/rounds": { body: { data: [] } } });
    renderGame("/house/house-slot");
    expect(await screen.findByTestId("game-balance")).toHaveTextContent("25,000");
    const sessionCall = fetch.mock.calls.find(([input]) => String(input).endsWith("/house/api/session"));
    expect((sessionCall?.[1]?.headers as Record<string, string> | undefined)?.["x-house-session"]).toBe("kept-token");
    expect(fetch.mock.calls.some(([input]) => String(input).endsWith("/house/api/launch"))).toBe(false);
  });

  it("an old launch URL with ?session= is not used as a session and leaves the address bar", async () => {
    const fetch = mockApi({});
    const { router } = renderGame("/house/house-slot?session=old-style-token");
    expect(await screen.findByText("This game session has ended.")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(fetch).not.toHaveBeenCalled();
  });
});
