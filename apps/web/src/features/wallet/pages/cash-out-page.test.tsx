import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockApi, signIn } from "../../../test/render.tsx";
import { METHODS, renderPage, requestsTo, SLOW, setupUser } from "../test/fixtures.tsx";
import { CashOutPage } from "./cash-out-page.tsx";

function mockCashOut(
  answer: { status: number; body: unknown } = {
    status: 201,
    body: { id: 90, status: "pending", balance: 950_000, message: "Cashout request sent!" },
  },
) {
  return mockApi({
    "payment-method/show-cashout": { body: METHODS },
    "cashout-amount": { body: [10_000, 50_000] },
    "user/cash_out_history": { body: { data: [] } },
    "cash-out": answer,
  });
}

async function fillForm(user: ReturnType<typeof setupUser>) {
  await screen.findByRole("radio", { name: "KBZPay" });
  await user.click(await screen.findByRole("button", { name: "50,000" }));
  await user.type(screen.getByLabelText("Your wallet account number"), "09781234567");
  await user.type(screen.getByLabelText("Account holder name"), "Aung Aung");
  await user.type(screen.getByLabelText("Your login password"), "demo-player-1");
}

describe("/cashout", SLOW, () => {
  it("a level 1 account is told up front it needs level 2, with the way to the profile, and cannot send", async () => {
    const api = mockCashOut();
    signIn({ lvl_2: 1, lvl_2_status: "none", balance: 1_000_000 });
    const user = setupUser();
    renderPage(<CashOutPage />, "/cashout");
    const gate = await screen.findByRole("alert");
    expect(within(gate).getByText("Your account need to be level 2.")).toBeInTheDocument();
    expect(within(gate).getByRole("link", { name: "Go to profile" })).toHaveAttribute("href", "/profile");
    const submit = screen.getByRole("button", { name: "Send cash-out request" });
    expect(submit).toBeDisabled();
    expect(screen.getByLabelText("Your login password")).toBeDisabled();
    await user.click(submit);
    expect(requestsTo(api, "cash-out")).toHaveLength(0);

    await user.click(within(gate).getByRole("link", { name: "Go to profile" }));
    expect(await screen.findByText("Profile page")).toBeInTheDocument();
  });

  it("level 2: sends the fields with an Idempotency-Key, says 'Cashout request sent!' and shows the new main balance", async () => {
    const api = mockCashOut();
    signIn({ lvl_2: 2, lvl_2_status: "approved", balance: 1_000_000 });
    const user = setupUser();
    renderPage(<CashOutPage />, "/cashout");
    expect(screen.queryByText("Your account need to be level 2.")).not.toBeInTheDocument();
    expect(await screen.findByText("Minimum 1,000 MMK · Available 1,000,000 MMK")).toBeInTheDocument();
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: "Send cash-out request" }));

    expect(await screen.findByText("Cashout request sent!")).toBeInTheDocument();
    const [sent, ...more] = requestsTo(api, "cash-out");
    expect(more).toHaveLength(0);
    expect(sent?.body).toEqual({
      payment_method_id: 1,
      amount: 50_000,
      account_number: "09781234567",
      holder_name: "Aung Aung",
      password: "demo-player-1",
    });
    expect(sent?.headers.get("Idempotency-Key")).toBeTruthy();
    expect(screen.getByTestId("cashout-new-balance")).toHaveTextContent("950,000");
    expect(useSession.getState().user?.balance).toBe(950_000);
    // The password is not kept in the form after sending.
    expect(screen.getByLabelText("Your login password")).toHaveValue("");
  });

  it("checks the minimum and the balance before sending, and puts a wrong password under its field", async () => {
    const api = mockCashOut({ status: 422, body: { message: "The password is incorrect.", code: "WRONG_PASSWORD" } });
    signIn({ lvl_2: 2, balance: 30_000 });
    const user = setupUser();
    renderPage(<CashOutPage />, "/cashout");
    await fillForm(user);
    await user.click(screen.getByRole("button", { name: "Send cash-out request" }));
    expect(await screen.findByText("Your main balance is not enough.")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Amount"));
    await user.type(screen.getByLabelText("Amount"), "999");
    await user.click(screen.getByRole("button", { name: "Send cash-out request" }));
    expect(await screen.findByText("The minimum amount is 1,000 MMK.")).toBeInTheDocument();
    expect(requestsTo(api, "cash-out")).toHaveLength(0);

    await user.clear(screen.getByLabelText("Amount"));
    await user.type(screen.getByLabelText("Amount"), "20000");
    await user.click(screen.getByRole("button", { name: "Send cash-out request" }));
    expect(await screen.findByText("The password is incorrect.")).toBeInTheDocument();
    expect(screen.getByLabelText("Your login password")).toHaveAttribute("aria-invalid", "true");
    expect(useSession.getState().user?.balance).toBe(30_000);
  });
});
