import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockApi, renderWithProviders, signIn } from "../../../test/render.tsx";
import { ReferralCard } from "./referral-card.tsx";

const friend = (id: number) => ({ id, phone: `09*******${100 + id}`, joined_at: "2025-02-10T03:00:00.000Z", share_earned: 100 * id });
const totals = { refer_count: 3, total_earned: 600, game_refer_amt: 0 };

afterEach(() => useSession.setState({ user: null }));

describe("ReferralCard paging", { timeout: 30_000 }, () => {
  it("appends the next page of friends with the cursor; the total earned is the server's", async () => {
    signIn();
    const fetch = mockApi({
      "user/my_referral_his": (url) =>
        url.searchParams.get("cursor") === "friends-2"
          ? { body: { data: [friend(1)], next_cursor: null, ...totals } }
          : { body: { data: [friend(3), friend(2)], next_cursor: "friends-2", ...totals } },
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ReferralCard />);
    await screen.findByText("09*******103");
    expect(screen.getByText("Earned in total: 600 MMK")).toBeInTheDocument();
    const list = screen.getByText("09*******103").closest("ul") as HTMLElement;
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);

    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(3));
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.querySelector("p")?.textContent),
    ).toEqual(["09*******103", "09*******102", "09*******101"]);
    const cursors = fetch.mock.calls
      .map(([u]) => new URL(String(u)))
      .filter((u) => u.pathname === "/api/user/my_referral_his")
      .map((u) => u.searchParams.get("cursor"));
    expect(cursors).toEqual([null, "friends-2"]);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });
});
