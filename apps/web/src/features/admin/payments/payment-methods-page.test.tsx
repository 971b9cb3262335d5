import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockServer, renderConsole, signInOperator } from "../test/render.tsx";
import { PaymentMethodsPage } from "./payment-methods-page.tsx";

afterEach(() => useSession.setState({ user: null }));

const kbz = {
  id: 1,
  name: "KBZPay",
  logo: "/img/payments/kbzpay.svg",
  account_name: "Shwe Lucky",
  account_number: "09790000000",
  min_amount: 1_000,
  max_amount: 5_000_000,
  cashin_enabled: true,
  cashout_enabled: true,
  sort: 1,
};
const list = { data: [kbz], chips: { cash_in: [5_000, 10_000], cash_out: [10_000] } };

describe("PaymentMethodsPage", () => {
  it("lets an admin change a method's limits and directions and the amount chips", async () => {
    signInOperator({ role: "admin" });
    const server = mockServer({
      "GET /api/admin/2fa": () => ({ body: { role: "admin", enrolled: true, verified: true } }),
      "GET /api/admin/payment-methods": () => ({ body: list }),
      "PUT /api/admin/payment-methods/1": (c) => ({ body: { ...kbz, ...(c.body as object) } }),
      "PUT /api/admin/payment-methods/chips": (c) => ({ body: { ...list, chips: c.body } }),
    });
    renderConsole(
      <>
        <PaymentMethodsPage />
        <ToastContainer />
      </>,
      { path: "/admin/payment-methods" },
    );
    const form = await screen.findByTestId("payment-method-1");
    const min = within(form).getByLabelText("Minimum (Ks)");
    await userEvent.clear(min);
    await userEvent.type(min, "9,000,000");
    await userEvent.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("minimum not above the maximum");
    await userEvent.clear(min);
    await userEvent.type(min, "2,000");
    await userEvent.click(within(form).getByLabelText("Open for cash-out"));
    await userEvent.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.to("PUT", "/api/admin/payment-methods/1")).toHaveLength(1));
    expect(server.to("PUT", "/api/admin/payment-methods/1")[0]?.body).toMatchObject({
      min_amount: 2_000,
      max_amount: 5_000_000,
      cashout_enabled: false,
    });

    const chipsIn = screen.getByLabelText("Cash-in amounts");
    expect(chipsIn).toHaveValue("5,000, 10,000");
    await userEvent.clear(chipsIn);
    await userEvent.type(chipsIn, "20,000, 50,000 100000");
    await userEvent.click(screen.getAllByRole("button", { name: "Save" }).at(-1) as HTMLElement);
    await waitFor(() => expect(server.to("PUT", "/api/admin/payment-methods/chips")).toHaveLength(1));
    expect(server.to("PUT", "/api/admin/payment-methods/chips")[0]?.body).toEqual({
      cash_in: [20_000, 50_000, 100_000],
      cash_out: [10_000],
    });
  });

  it("shows an operator the methods without a way to change them", async () => {
    signInOperator();
    mockServer({ "GET /api/admin/payment-methods": () => ({ body: list }) });
    renderConsole(<PaymentMethodsPage />, { path: "/admin/payment-methods" });
    const form = await screen.findByTestId("payment-method-1");
    expect(within(form).getByLabelText("Minimum (Ks)")).toBeDisabled();
    expect(within(form).queryByRole("button", { name: "Save" })).not.toBeInTheDocument();
    expect(screen.getByText("Only an admin can change payment methods.")).toBeInTheDocument();
  });
});
