import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi, signIn } from "../../../test/render.tsx";
import { cashInRow, renderPage, requestsTo, SLOW, setupUser } from "../test/fixtures.tsx";
import { WalletHistoryPage } from "./wallet-history-page.tsx";

describe("/wallet-history paging", SLOW, () => {
  it("shows 'Load more' while the server has a next page, and appends that page with its cursor", async () => {
    const api = mockApi({
      "user/cash_in_history": (url) => {
        const cursor = url.searchParams.get("cursor");
        if (cursor === null) {
          return { body: { data: [cashInRow({ id: 5, amount: 5_000 }), cashInRow({ id: 4, amount: 4_000 })], next_cursor: "page-2" } };
        }
        if (cursor === "page-2") {
          return { body: { data: [cashInRow({ id: 3, amount: 3_000 }), cashInRow({ id: 2, amount: 2_000 })], next_cursor: "page-3" } };
        }
        return { body: { data: [cashInRow({ id: 1, amount: 1_000 })], next_cursor: null } };
      },
    });
    signIn();
    const user = setupUser();
    renderPage(<WalletHistoryPage />, "/wallet-history");
    const list = await screen.findByTestId("history-cashin");
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);

    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(4));
    expect(requestsTo(api, "user/cash_in_history").at(-1)?.query.cursor).toBe("page-2");

    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(5));
    expect(requestsTo(api, "user/cash_in_history").at(-1)?.query.cursor).toBe("page-3");
    const amounts = within(list)
      .getAllByRole("listitem")
      .map((li) => li.textContent?.match(/^[\d,]+/)?.[0]);
    expect(amounts).toEqual(["5,000", "4,000", "3,000", "2,000", "1,000"]);
    // The last page says there is no more.
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("offers no 'Load more' when the first page is the only one", async () => {
    mockApi({ "user/cash_in_history": { body: { data: [cashInRow({ id: 1 })], next_cursor: null } } });
    signIn();
    renderPage(<WalletHistoryPage />, "/wallet-history");
    await screen.findByTestId("history-cashin");
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });
});
