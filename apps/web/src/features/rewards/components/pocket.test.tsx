import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockApi, renderWithProviders, signIn } from "../../../test/render.tsx";
import { usePocketStore } from "../stores/pocket.ts";
import { PocketButton, PocketWinHost } from "./pocket-button.tsx";
import { PocketWinners } from "./pocket-winners.tsx";

afterEach(() => {
  useSession.setState({ user: null });
  usePocketStore.setState({ open: false, amount: 0 });
  vi.useRealTimers();
});

function renderButton() {
  return renderWithProviders(
    <>
      <PocketButton />
      <PocketWinHost />
      <ToastContainer />
    </>,
  );
}

describe("PocketButton and the win dialog", () => {
  it("is hidden for visitors", () => {
    mockApi({});
    renderButton();
    expect(screen.queryByRole("button", { name: "Pocket Money" })).not.toBeInTheDocument();
  });

  it("claims with an Idempotency-Key, updates the balance and opens the dialog that counts up to the amount", async () => {
    signIn({ balance: 10_000 });
    const fetch = mockApi({ "pocket/money/claim": { body: { status: "success", amount: 2_345, balance: 12_345 } } });
    renderButton();
    await userEvent.click(await screen.findByRole("button", { name: "Pocket Money" }));
    const dialog = await screen.findByRole("dialog", { name: "Congratulations!" });
    const [, init] = fetch.mock.calls.find(([u]) => String(u).includes("pocket/money/claim")) ?? [];
    expect(new Headers(init?.headers).get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(useSession.getState().user?.balance).toBe(12_345);
    expect(dialog).toHaveTextContent("MMK");
    await waitFor(() => expect(screen.getByTestId("pocket-win-amount")).toHaveTextContent("2,345 MMK"), { timeout: 6_000 });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument(), { timeout: 3_000 });
  }, 12_000);

  it("shows a refusal as an error toast in the player's language and opens nothing", async () => {
    signIn({ balance: 10_000 });
    mockApi({
      "pocket/money/claim": {
        status: 422,
        body: { message: "Today's pocket money has all been given out. Please try again tomorrow.", code: "BUDGET_SPENT" },
      },
    });
    renderButton();
    await userEvent.click(await screen.findByRole("button", { name: "Pocket Money" }));
    expect(await screen.findByText("Today's pocket money has all been given out. Please try again tomorrow.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(useSession.getState().user?.balance).toBe(10_000);
  });
});

describe("PocketWinners", () => {
  it("lists the day's winners with medals, amounts in MMK and DD-MM-YYYY dates; typing in the date is blocked", async () => {
    const fetch = mockApi({
      "pocket/money/winner": (url) => ({
        body: {
          date: url.searchParams.get("date"),
          commitment: null,
          seed: null,
          data:
            url.searchParams.get("date") === "2030-01-02"
              ? []
              : [
                  { phone: "********123", promo_amount: 5_000, created_at: "2030-01-01T03:00:00Z" },
                  { phone: "********456", promo_amount: 1_200, created_at: "2030-01-01T04:00:00Z" },
                ],
        },
      }),
    });
    renderWithProviders(<PocketWinners />);
    const rows = await screen.findAllByRole("row");
    expect(rows[1]).toHaveTextContent("********123");
    expect(rows[1]).toHaveTextContent("5,000 MMK");
    expect(rows[1]).toHaveTextContent("01-01-2030");
    expect(rows[1]?.querySelector('[data-medal="gold"]')).not.toBeNull();
    expect(rows[2]?.querySelector('[data-medal="silver"]')).not.toBeNull();
    const today = new URL(String(fetch.mock.calls[0]?.[0])).searchParams.get("date");
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const input = screen.getByTestId("pocket-date");
    const typed = fireEvent.keyDown(input, { key: "1" });
    expect(typed).toBe(false);
    fireEvent.change(input, { target: { value: "2030-01-02" } });
    expect(await screen.findByText("No Data!")).toBeInTheDocument();
  });
});
