import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockApi, renderWithProviders, signIn } from "../../../test/render.tsx";
import { ProtectionCard } from "./protection-card.tsx";
import { nextReminderIn, PLAY_START_KEY, RealityCheckHost } from "./reality-check.tsx";

const none = (kind: string, period: string) => ({
  kind,
  period,
  amount: null,
  used: 0,
  remaining: null,
  resets_at: "2026-11-26T17:30:00.000Z",
  pending: null,
});

function view(overrides: Record<string, unknown> = {}) {
  const limits = ["deposit", "loss", "stake"].flatMap((k) => ["day", "week", "month"].map((p) => none(k, p)));
  return { limits, self_exclusion: null, reality_check_minutes: null, ...overrides };
}

afterEach(() => {
  useSession.setState({ user: null });
  vi.useRealTimers();
  sessionStorage.clear();
});

describe("ProtectionCard", () => {
  it("lists the limits set with what is used and left, and a waiting raise", async () => {
    signIn();
    const limits = view().limits.map((l) =>
      l.kind === "stake" && l.period === "day"
        ? { ...l, amount: 10_000, used: 3_000, remaining: 7_000, pending: { amount: 50_000, at: "2026-11-26T10:00:00.000Z" } }
        : l,
    );
    mockApi({ "user/protection": { body: view({ limits }) } });
    renderWithProviders(<ProtectionCard />);
    const row = await screen.findByTestId("limit-stake-day");
    expect(row).toHaveTextContent("Daily stake limit");
    expect(row).toHaveTextContent("10,000 Ks");
    expect(row).toHaveTextContent("Used 3,000 Ks · 7,000 Ks left");
    expect(row).toHaveTextContent("Rises to 50,000 Ks");
    expect(screen.queryByTestId("limit-deposit-day")).not.toBeInTheDocument();
  });

  it("saves a limit with PUT /api/user/limits, and refuses an amount that is not whole kyat", async () => {
    signIn();
    const fetch = mockApi({
      "user/protection": { body: view() },
      "user/limits": (_url, init) => {
        const body = JSON.parse(String(init.body)) as { kind: string; period: string; amount: number };
        const limits = view().limits.map((l) =>
          l.kind === body.kind && l.period === body.period ? { ...l, amount: body.amount, remaining: body.amount } : l,
        );
        return { body: view({ limits }) };
      },
    });
    renderWithProviders(
      <>
        <ProtectionCard />
        <ToastContainer />
      </>,
    );
    const amount = await screen.findByLabelText("Amount (Ks)");
    await userEvent.selectOptions(screen.getByLabelText("Limit on"), "loss");
    await userEvent.selectOptions(screen.getByLabelText("Period"), "week");
    await userEvent.type(amount, "12.5");
    await userEvent.click(screen.getByRole("button", { name: "Save limit" }));
    expect(await screen.findByText("Enter a whole amount in kyat, or leave it empty.")).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => String(u).includes("user/limits"))).toBe(false);

    await userEvent.clear(amount);
    await userEvent.type(amount, "20,000");
    await userEvent.click(screen.getByRole("button", { name: "Save limit" }));
    expect(await screen.findByTestId("limit-loss-week")).toHaveTextContent("20,000 Ks");
    const put = fetch.mock.calls.find(([u]) => String(u).includes("user/limits"));
    expect(put?.[1]?.method).toBe("PUT");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ kind: "loss", period: "week", amount: 20_000 });
    expect(await screen.findByText("Your limit applies now.")).toBeInTheDocument();
  });

  it("starts a break only with the password, then shows it in force", async () => {
    signIn();
    const fetch = mockApi({
      "user/protection": { body: view() },
      "user/self-exclusion": { body: view({ self_exclusion: { until: "2026-12-25T10:00:00.000Z", indefinite: false } }) },
    });
    renderWithProviders(<ProtectionCard />);
    await userEvent.selectOptions(await screen.findByLabelText("Take a break"), "1m");
    await userEvent.click(screen.getByRole("button", { name: "Start break" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("for 1 month");
    await userEvent.click(within(dialog).getByRole("button", { name: "Start break" }));
    expect(await within(dialog).findByText("Enter your password to confirm.")).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText("Your password"), "secret-pass");
    await userEvent.click(within(dialog).getByRole("button", { name: "Start break" }));
    expect(await screen.findByRole("status")).toHaveTextContent("You are on a break from play until");
    const post = fetch.mock.calls.find(([u]) => String(u).includes("user/self-exclusion"));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ period: "1m", password: "secret-pass" });
  });
});

describe("reality check", () => {
  it("waits a full interval from the start of play, and a full one again after a reminder", () => {
    expect(nextReminderIn(0, 0, 900_000)).toBe(900_000);
    expect(nextReminderIn(0, 100_000, 900_000)).toBe(800_000);
    expect(nextReminderIn(0, 900_000, 900_000)).toBe(900_000);
  });

  it("reminds after the chosen minutes with the time spent and the net result", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], shouldAdvanceTime: true });
    signIn();
    const summaries: string[] = [];
    mockApi({
      "user/protection": { body: view({ reality_check_minutes: 15 }) },
      "user/play-summary": (url) => {
        summaries.push(url.searchParams.get("since") ?? "");
        return { body: { since: url.searchParams.get("since"), net: -4_500, staked: 9_000 } };
      },
    });
    renderWithProviders(<RealityCheckHost />);
    await waitFor(() => expect(sessionStorage.getItem(PLAY_START_KEY)).not.toBeNull());
    expect(screen.queryByTestId("reality-check")).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15 * 60_000);
    });
    const box = await screen.findByTestId("reality-check");
    expect(box).toHaveTextContent("You have been playing for 15 minutes.");
    expect(box).toHaveTextContent("Result so far: −4,500 Ks");
    expect(new Date(summaries[0] ?? "").getTime()).toBe(Number(sessionStorage.getItem(PLAY_START_KEY)));
    await userEvent.click(screen.getByRole("button", { name: "Keep playing" }));
    expect(screen.queryByTestId("reality-check")).not.toBeInTheDocument();
  });

  it("does nothing for a player who chose no interval", async () => {
    signIn();
    const fetch = mockApi({ "user/protection": { body: view() } });
    renderWithProviders(<RealityCheckHost />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sessionStorage.getItem(PLAY_START_KEY)).toBeNull();
  });
});
