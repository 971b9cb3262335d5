import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockApi, renderWithProviders, signIn } from "../../../test/render.tsx";
import { PointPage } from "./point-page.tsx";

const LIST = {
  kyat_per_point: 1_000,
  data: [
    { id: 1, name: "1,000 Ks", points: 100, amount: 1_000 },
    { id: 2, name: "5,500 Ks", points: 500, amount: 5_500 },
  ],
};
const HISTORY = {
  point: 150,
  next_cursor: null,
  data: [{ id: 9, kind: "casino", points: 150, point_after: 150, amount: null, reward_name: null, created_at: "2026-01-05T10:00:00.000Z" }],
};

function renderPage() {
  return renderWithProviders(
    <>
      <PointPage />
      <ToastContainer />
    </>,
  );
}

afterEach(() => useSession.setState({ user: null }));

describe("PointPage", () => {
  it("shows the points, the operator's warning, the rate, each reward and the history; a reward beyond the points cannot be claimed", async () => {
    signIn({ point: 0 });
    mockApi({
      "point/list": { body: LIST },
      "point/warning": { body: { text: "Exchanged points cannot be returned." } },
      "point/history": { body: HISTORY },
    });
    renderPage();
    expect(await screen.findByText("Exchanged points cannot be returned.")).toBeInTheDocument();
    expect(await screen.findByText("Earn 1 point for every 1,000 MMK of settled bets")).toBeInTheDocument();
    // The history's current points replace the stored ones.
    await waitFor(() => expect(screen.getByTestId("point-balance")).toHaveTextContent("150"));
    expect(useSession.getState().user?.point).toBe(150);
    expect(screen.getByText("Game round settled")).toBeInTheDocument();
    const [first, second] = screen.getAllByRole("listitem").filter((li) => within(li).queryByRole("button", { name: "Claim" }));
    expect(within(first as HTMLElement).getByRole("button", { name: "Claim" })).toBeEnabled();
    expect(within(second as HTMLElement).getByRole("button", { name: "Claim" })).toBeDisabled();
    expect(within(second as HTMLElement).getByText("350 more points needed")).toBeInTheDocument();
  });

  it("asks the rewards and the history in the page's language and shows the reward names the server answers in it", async () => {
    signIn({ point: 0 });
    const asked: Record<string, string | null> = {};
    mockApi({
      "point/list": (url) => {
        asked.list = url.searchParams.get("lng");
        return { body: { ...LIST, data: [{ id: 3, name: "Cash prize", points: 100, amount: 1_000 }] } };
      },
      "point/warning": { body: { text: "" } },
      "point/history": (url) => {
        asked.history = url.searchParams.get("lng");
        return { body: HISTORY };
      },
    });
    renderPage();
    expect(await screen.findByText("Cash prize")).toBeInTheDocument();
    await waitFor(() => expect(asked).toEqual({ list: "en", history: "en" }));
  });

  it("a claim is sent once with an Idempotency-Key and updates main balance and points", async () => {
    signIn({ point: 150, balance: 2_000 });
    const fetch = mockApi({
      "point/list": { body: LIST },
      "point/warning": { body: { text: "" } },
      "point/history": { body: HISTORY },
      "point/claim": {
        body: { message: "Reward claimed!", claim_id: 3, point_id: 1, points: 100, amount: 1_000, balance: 3_000, point: 50 },
      },
    });
    renderPage();
    const claim = (await screen.findAllByRole("button", { name: "Claim" }))[0] as HTMLElement;
    await userEvent.click(claim);
    expect(await screen.findByText("100 points exchanged: 1,000 MMK added to your main balance.")).toBeInTheDocument();
    expect(useSession.getState().user).toMatchObject({ balance: 3_000, point: 50 });
    const claims = fetch.mock.calls.filter(([u]) => String(u).includes("point/claim"));
    expect(claims).toHaveLength(1);
    expect(JSON.parse(String(claims[0]?.[1]?.body))).toEqual({ point_id: 1 });
    expect((claims[0]?.[1]?.headers as Record<string, string> | undefined)?.["Idempotency-Key"]).toMatch(/.+/);
  });

  it("short points answered by the server show in the player's language", async () => {
    signIn({ point: 150 });
    mockApi({
      "point/list": { body: LIST },
      "point/warning": { body: { text: "" } },
      "point/history": { body: HISTORY },
      "point/claim": { status: 422, body: { message: "Not enough points for this reward.", code: "INSUFFICIENT_POINTS" } },
    });
    renderPage();
    await userEvent.click((await screen.findAllByRole("button", { name: "Claim" }))[0] as HTMLElement);
    expect(await screen.findByText("You do not have enough points for this reward.")).toBeInTheDocument();
  });
});
