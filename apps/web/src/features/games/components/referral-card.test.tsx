import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockApi, renderWithProviders, signIn } from "../../../test/render.tsx";
import { ReferralCard } from "./referral-card.tsx";

const history = {
  data: [{ id: 31, phone: "09*******123", joined_at: "2025-02-10T03:00:00.000Z", share_earned: 1_250 }],
  refer_count: 1,
  total_earned: 1_250,
  game_refer_amt: 800,
};

function renderCard() {
  return renderWithProviders(
    <>
      <ReferralCard />
      <ToastContainer />
    </>,
  );
}

afterEach(() => useSession.setState({ user: null }));

describe("ReferralCard", () => {
  it("shows the referral amount and the friends who joined", async () => {
    signIn({ game_refer_amt: 800 });
    mockApi({ "user/my_referral_his": { body: history } });
    renderCard();
    expect(screen.getByTestId("game-refer-amt")).toHaveTextContent("800");
    expect(await screen.findByText("09*******123")).toBeInTheDocument();
    expect(screen.getByText("Joined 10-02-2025")).toBeInTheDocument();
    expect(screen.getByText("Earned in total: 1,250 MMK")).toBeInTheDocument();
  });

  it("disables Claim while the request runs, then shows the server's message and the new balances", async () => {
    signIn({ balance: 10_000, game_refer_amt: 800 });
    let release: (() => void) | undefined;
    const fetch = mockApi({ "user/my_referral_his": { body: history } });
    const base = fetch.getMockImplementation() as NonNullable<ReturnType<typeof fetch.getMockImplementation>>;
    fetch.mockImplementation(async (input, init) => {
      if (String(input).includes("claim_game_refer_amt")) {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return new Response(JSON.stringify({ message: "Claimed 800 MMK.", amount: 800, balance: 10_800, game_refer_amt: 0 }), {
          status: 200,
        });
      }
      return base(input, init);
    });
    renderCard();
    const claim = screen.getByRole("button", { name: "Claim" });
    await userEvent.click(claim);
    await waitFor(() => expect(claim).toBeDisabled());
    expect(claim).toHaveAttribute("aria-busy", "true");
    await userEvent.click(claim);
    release?.();
    expect(await screen.findByText("Claimed 800 MMK.")).toBeInTheDocument();
    expect(claim).toBeEnabled();
    expect(useSession.getState().user).toMatchObject({ balance: 10_800, game_refer_amt: 0 });
    expect(screen.getByTestId("game-refer-amt")).toHaveTextContent(/^0/);
    const claims = fetch.mock.calls.filter(([u]) => String(u).includes("claim_game_refer_amt"));
    expect(claims).toHaveLength(1);
    expect(claims[0]?.[1]?.method).toBe("POST");
    expect((claims[0]?.[1]?.headers as Record<string, string> | undefined)?.["Idempotency-Key"]).toMatch(/.+/);
  });

  it("shows 'Cannot claim less than 0 Game Referr Amount.' when the server refuses with 422", async () => {
    signIn({ balance: 10_000, game_refer_amt: 800 });
    mockApi({
      "user/my_referral_his": { body: history },
      "user/claim_game_refer_amt": { status: 422, body: { message: "server text", code: "NOTHING_TO_CLAIM" } },
    });
    renderCard();
    await userEvent.click(screen.getByRole("button", { name: "Claim" }));
    expect(await screen.findByText("Cannot claim less than 0 Game Referr Amount.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Claim" })).toBeEnabled();
    expect(useSession.getState().user?.balance).toBe(10_000);
  });

  it("says the earnings are under review when the server holds them (422 REFERRAL_HELD); nothing changes", async () => {
    signIn({ balance: 10_000, game_refer_amt: 800 });
    mockApi({
      "user/my_referral_his": { body: history },
      "user/claim_game_refer_amt": { status: 422, body: { message: "server text", code: "REFERRAL_HELD" } },
    });
    renderCard();
    await userEvent.click(screen.getByRole("button", { name: "Claim" }));
    expect(await screen.findByText("Your referral earnings are under review.")).toBeInTheDocument();
    expect(useSession.getState().user).toMatchObject({ balance: 10_000, game_refer_amt: 800 });
  });

  it("with nothing to claim says so without asking the server", async () => {
    signIn({ game_refer_amt: 0 });
    const fetch = mockApi({ "user/my_referral_his": { body: { ...history, data: [] } } });
    renderCard();
    expect(await screen.findByText(/No friends have joined with your code yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Claim" }));
    expect(await screen.findByText("Cannot claim less than 0 Game Referr Amount.")).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => String(u).includes("claim_game_refer_amt"))).toBe(false);
  });
});
