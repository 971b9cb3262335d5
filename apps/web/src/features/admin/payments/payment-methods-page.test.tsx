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
  }, 30_000);

  it("lets an admin add the first payment method of a new site", async () => {
    signInOperator({ role: "admin" });
    const server = mockServer({
      "GET /api/admin/2fa": () => ({ body: { role: "admin", enrolled: true, verified: true } }),
      "GET /api/admin/payment-methods": () => ({ body: { data: [], chips: list.chips } }),
      "POST /api/admin/payment-methods": (c) => ({ status: 201, body: { ...kbz, ...(c.body as object), id: 1 } }),
    });
    renderConsole(
      <>
        <PaymentMethodsPage />
        <ToastContainer />
      </>,
      { path: "/admin/payment-methods" },
    );
    expect(await screen.findByText("No payment methods yet: add the first one below so players can cash in.")).toBeInTheDocument();
    const form = screen.getByTestId("new-payment-method");
    await userEvent.click(within(form).getByRole("button", { name: "Add payment method" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("Enter the name, the logo");
    await userEvent.type(within(form).getByLabelText("Name"), "KBZPay");
    await userEvent.type(within(form).getByLabelText("Logo (site path)"), "/img/payments/kbzpay.svg");
    await userEvent.type(within(form).getByLabelText("Account name"), "Shwe Lucky Ltd");
    await userEvent.type(within(form).getByLabelText("Account number"), "09790000001");
    await userEvent.type(within(form).getByLabelText("Minimum (Ks)"), "1,000");
    await userEvent.type(within(form).getByLabelText("Maximum (Ks)"), "5,000,000");
    await userEvent.click(within(form).getByLabelText("Open for cash-out"));
    await userEvent.click(within(form).getByRole("button", { name: "Add payment method" }));
    await waitFor(() => expect(server.to("POST", "/api/admin/payment-methods")).toHaveLength(1));
    expect(server.to("POST", "/api/admin/payment-methods")[0]?.body).toEqual({
      name: "KBZPay",
      logo: "/img/payments/kbzpay.svg",
      account_name: "Shwe Lucky Ltd",
      account_number: "09790000001",
      min_amount: 1_000,
      max_amount: 5_000_000,
      cashin_enabled: true,
      cashout_enabled: false,
    });
    // Typing many fields takes a while on a busy machine; the steps themselves wait on what the page shows.
  }, 30_000);

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
