import { formatDisplayDate, yangonDate } from "@shwe/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi, signIn } from "../../../test/render.tsx";
import { cashInRow, renderPage, requestsTo, SLOW, setupUser } from "../test/fixtures.tsx";
import { WalletHistoryPage } from "./wallet-history-page.tsx";

describe("/wallet-history", SLOW, () => {
  it("lists cash-ins of today with status badges, amounts with separators and the rejection reason", async () => {
    const api = mockApi({
      "user/cash_in_history": {
        body: {
          data: [
            cashInRow({ id: 3, amount: 1_500_000, status: "approved", promo_code: "WELCOME10", bonus: 150_000 }),
            cashInRow({ id: 2, amount: 20_000, status: "rejected", reason: "No such transaction" }),
            cashInRow({ id: 1, amount: 5_000, status: "pending" }),
          ],
        },
      },
    });
    signIn();
    renderPage(<WalletHistoryPage />, "/wallet-history");
    const list = await screen.findByTestId("history-cashin");
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent("1,500,000");
    expect(within(rows[0] as HTMLElement).getByText("Approved")).toHaveAttribute("data-status", "approved");
    expect(rows[0]).toHaveTextContent("bonus 150,000 MMK");
    expect(within(rows[1] as HTMLElement).getByText("Rejected")).toHaveAttribute("data-status", "rejected");
    expect(rows[1]).toHaveTextContent("Reason: No such transaction");
    expect(within(rows[2] as HTMLElement).getByText("Pending")).toHaveAttribute("data-status", "pending");

    const today = yangonDate();
    expect(requestsTo(api, "user/cash_in_history")[0]?.query).toEqual({ start_date: today, end_date: today });
    // The range shows DD-MM-YYYY.
    expect(screen.getAllByText(formatDisplayDate(today))).toHaveLength(2);
  });

  it("switches tabs, sends the chosen range as YYYY-MM-DD and says 'No Data!' for an empty or failed list", async () => {
    const api = mockApi({
      "user/cash_in_history": { body: { data: [] } },
      "user/transfer_out_his": { status: 500, body: { message: "boom", code: "INTERNAL" } },
      "user/transfer_in_his": {
        body: { data: [{ id: 9, amount: 10_000, balance: 990_000, game_balance: 10_000, created_at: "2025-03-01T03:30:00.000Z" }] },
      },
    });
    signIn();
    const user = setupUser();
    const { router } = renderPage(<WalletHistoryPage />, "/wallet-history");
    expect(await screen.findByText("No Data!")).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Main → Game" }));
    expect(router.state.location.search).toBe("?tab=transfer-in");
    const list = await screen.findByTestId("history-transfer-in");
    expect(list).toHaveTextContent("10,000");
    expect(list).toHaveTextContent("After: main 990,000 · game 10,000 MMK");

    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2025-02-01" } });
    await waitFor(() => expect(requestsTo(api, "user/transfer_in_his").at(-1)?.query.start_date).toBe("2025-02-01"));
    expect(screen.getByText("01-02-2025")).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Game → Main" }));
    expect(await screen.findByText("No Data!")).toBeInTheDocument();
    expect(requestsTo(api, "user/transfer_out_his").at(-1)?.query).toEqual({ start_date: "2025-02-01", end_date: yangonDate() });
  });

  it("keeps the range the right way round: an end before the start moves the start too", async () => {
    const api = mockApi({ "user/cash_out_history": { body: { data: [] } } });
    signIn();
    renderPage(<WalletHistoryPage />, "/wallet-history?tab=cashout");
    expect(await screen.findByText("No Data!")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2025-01-10" } });
    await waitFor(() =>
      expect(requestsTo(api, "user/cash_out_history").at(-1)?.query).toEqual({ start_date: "2025-01-10", end_date: "2025-01-10" }),
    );
  });
});
