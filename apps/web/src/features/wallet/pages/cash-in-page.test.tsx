import { yangonDate } from "@shwe/domain";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSession } from "../../../lib/session-store.ts";
import { mockApi, renderRoutes, signIn, testQueryClient } from "../../../test/render.tsx";
import { walletKeys } from "../api/query-keys.ts";
import { cashInRow, METHODS, renderPage, requestsTo, SLOW, setupUser } from "../test/fixtures.tsx";
import { CashInPage } from "./cash-in-page.tsx";

describe("/cashin", SLOW, () => {
  beforeEach(() => {
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  function mockCashIn(answer: (body: unknown) => { status?: number; body?: unknown } = () => ({ status: 201 })) {
    let filed = false;
    return mockApi({
      "payment-method/show-cashin": { body: METHODS },
      "cashin-amount": { body: [10_000, 50_000, 100_000] },
      "user/cash_in_history": () => ({ body: { data: filed ? [cashInRow({ id: 77, amount: 50_000, last_six_digits: "654321" })] : [] } }),
      "cash-in": (_url, init) => {
        const reply = answer(JSON.parse(String(init.body)));
        if ((reply.status ?? 200) < 300) filed = true;
        return reply.body === undefined ? { status: 201, body: { id: 77, status: "pending", message: "Cashin request sent!" } } : reply;
      },
    });
  }

  it("shows the chosen wallet's account with a copy button and its QR code, enlarged on tap", async () => {
    mockCashIn();
    const user = setupUser();
    // user-event puts a clipboard on navigator; watch what the page writes to it.
    const writeText = vi.spyOn(navigator.clipboard, "writeText");
    renderPage(<CashInPage />, "/cashin");
    expect(await screen.findByRole("radio", { name: "KBZPay" })).toBeChecked();
    expect(screen.getByTestId("account-number")).toHaveTextContent("09790000001");
    expect(screen.getByTestId("account-name")).toHaveTextContent("Shwe Lucky Demo");
    await user.click(screen.getByRole("button", { name: "Copy" }));
    expect(writeText).toHaveBeenCalledWith("09790000001");
    expect(await screen.findByText("Copied!")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Show the QR code larger" }));
    const dialog = await screen.findByRole("dialog", { name: "KBZPay QR code" });
    expect(within(dialog).getByRole("img", { name: "QR code of the KBZPay account" })).toHaveAttribute(
      "src",
      "/img/payments/kbzpay-qr.svg",
    );

    // Another wallet: its own account and limits, no QR button.
    await user.click(screen.getByRole("button", { name: "Close" }));
    await user.click(screen.getByRole("radio", { name: "WavePay" }));
    expect(screen.getByTestId("account-number")).toHaveTextContent("09790000002");
    expect(screen.queryByRole("button", { name: "Show the QR code larger" })).not.toBeInTheDocument();
    expect(screen.getAllByText("Min 5,000 – Max 5,000,000 MMK").length).toBeGreaterThan(0);
  });

  it("sends exactly the request's fields with an Idempotency-Key, says 'Cashin request sent!' and lists it as pending", async () => {
    const api = mockCashIn();
    const user = setupUser();
    renderPage(<CashInPage />, "/cashin");
    expect(await screen.findByText("No Data!")).toBeInTheDocument();

    await user.click(await screen.findByRole("button", { name: "50,000" }));
    expect(screen.getByLabelText("Amount")).toHaveValue("50,000");
    await user.type(screen.getByLabelText("Last six digits of the transaction ID"), "654321");
    await user.type(screen.getByLabelText("Promo code (optional)"), "welcome10");
    await user.click(screen.getByRole("button", { name: "Send cash-in request" }));

    expect(await screen.findByText("Cashin request sent!")).toBeInTheDocument();
    const [sent, ...more] = requestsTo(api, "cash-in");
    expect(more).toHaveLength(0);
    expect(sent?.method).toBe("POST");
    expect(sent?.body).toEqual({ payment_method_id: 1, amount: 50_000, last_six_digits: "654321", promo_code: "WELCOME10" });
    expect(sent?.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent?.headers.get("Authorization")).toBe("Bearer test-token");

    // The form is ready for the next request and today's list shows this one, pending.
    expect(screen.getByLabelText("Last six digits of the transaction ID")).toHaveValue("");
    const list = await screen.findByTestId("history-cashin");
    expect(within(list).getByText("50,000")).toBeInTheDocument();
    expect(within(list).getByText("Pending")).toBeInTheDocument();
    expect(within(list).getByText(/654321/)).toBeInTheDocument();
    const today = yangonDate();
    expect(requestsTo(api, "user/cash_in_history").at(-1)?.query).toEqual({ start_date: today, end_date: today });
  });

  it("needs exactly six digits of the transaction id (and an amount) before sending anything", async () => {
    const api = mockCashIn();
    const user = setupUser();
    renderPage(<CashInPage />, "/cashin");
    await screen.findByRole("radio", { name: "KBZPay" });
    const digits = screen.getByLabelText("Last six digits of the transaction ID");
    expect(digits).toHaveAttribute("inputmode", "numeric");

    await user.click(screen.getByRole("button", { name: "Send cash-in request" }));
    expect(await screen.findByText("Please set amount first.")).toBeInTheDocument();
    expect(screen.getByText("Enter exactly 6 digits.")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Amount"), "20000");
    await user.type(digits, "12a34-5");
    expect(digits).toHaveValue("12345");
    await user.click(screen.getByRole("button", { name: "Send cash-in request" }));
    expect(await screen.findByText("Enter exactly 6 digits.")).toBeInTheDocument();
    // Typing more than six keeps six.
    await user.type(digits, "678");
    expect(digits).toHaveValue("123456");
    expect(requestsTo(api, "cash-in")).toHaveLength(0);
  });

  it("shows a running break and takes no request during it", async () => {
    mockApi({
      "payment-method/show-cashin": { body: METHODS },
      "cashin-amount": { body: [10_000, 50_000, 100_000] },
      "user/cash_in_history": { body: { data: [] } },
      "user/protection": { body: { limits: [], self_exclusion: { until: null, indefinite: true }, reality_check_minutes: null } },
    });
    renderPage(<CashInPage />, "/cashin");
    expect(await screen.findByTestId("break-notice")).toHaveTextContent("You are on a break from play with no end date.");
    await screen.findByRole("radio", { name: "KBZPay" });
    expect(screen.getByRole("button", { name: "Send cash-in request" })).toBeDisabled();
  });

  it("refuses an amount below the wallet's minimum before sending, and shows the server's refusal in words", async () => {
    const api = mockCashIn(() => ({ status: 409, body: { message: "x", code: "DUPLICATE" } }));
    const user = setupUser();
    renderPage(<CashInPage />, "/cashin");
    await screen.findByRole("radio", { name: "KBZPay" });
    await user.type(screen.getByLabelText("Amount"), "500");
    await user.type(screen.getByLabelText("Last six digits of the transaction ID"), "111111");
    await user.click(screen.getByRole("button", { name: "Send cash-in request" }));
    expect(await screen.findByText("The minimum amount is 1,000 MMK.")).toBeInTheDocument();
    expect(requestsTo(api, "cash-in")).toHaveLength(0);

    await user.clear(screen.getByLabelText("Amount"));
    await user.type(screen.getByLabelText("Amount"), "5000");
    await user.click(screen.getByRole("button", { name: "Send cash-in request" }));
    expect(await screen.findByText("You already have a cash-in request waiting for review.")).toBeInTheDocument();
  });

  it("says why a known promo code cannot be used now", async () => {
    const reasons = ["used_up", "player_limit"];
    mockCashIn(() => ({
      status: 422,
      body: { message: "x", code: "INVALID_PROMO_CODE", details: { reason: reasons.shift() } },
    }));
    const user = setupUser();
    renderPage(<CashInPage />, "/cashin");
    await screen.findByRole("radio", { name: "KBZPay" });
    await user.type(screen.getByLabelText("Amount"), "5000");
    await user.type(screen.getByLabelText("Last six digits of the transaction ID"), "111111");
    await user.type(screen.getByLabelText("Promo code (optional)"), "firstday");
    await user.click(screen.getByRole("button", { name: "Send cash-in request" }));
    expect(await screen.findByText("This promo code has been used up.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send cash-in request" }));
    expect(await screen.findByText("You have used this promo code already.")).toBeInTheDocument();
  });

  it("a retry after a lost answer reuses the same Idempotency-Key; a new request gets a new one", async () => {
    let calls = 0;
    const api = mockApi({
      "payment-method/show-cashin": { body: METHODS },
      "cashin-amount": { body: [] },
      "user/cash_in_history": { body: { data: [] } },
      "cash-in": () => ({ status: 201, body: { id: 78, status: "pending", message: "Cashin request sent!" } }),
    });
    const real = api.getMockImplementation();
    api.mockImplementation(async (input, init) => {
      if (String(input).includes("/api/cash-in") && calls++ === 0) throw new TypeError("Failed to fetch");
      return (real as NonNullable<typeof real>)(input, init);
    });
    const user = setupUser();
    renderPage(<CashInPage />, "/cashin");
    await screen.findByRole("radio", { name: "KBZPay" });
    await user.type(screen.getByLabelText("Amount"), "20000");
    await user.type(screen.getByLabelText("Last six digits of the transaction ID"), "222222");
    await user.click(screen.getByRole("button", { name: "Send cash-in request" }));
    expect(await screen.findByText(/No connection to the server/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send cash-in request" }));
    expect(await screen.findByText("Cashin request sent!")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Amount"), "30000");
    await user.type(screen.getByLabelText("Last six digits of the transaction ID"), "333333");
    await user.click(screen.getByRole("button", { name: "Send cash-in request" }));
    await waitFor(() => expect(requestsTo(api, "cash-in")).toHaveLength(3));
    const [first, retry, next] = requestsTo(api, "cash-in").map((r) => r.headers.get("Idempotency-Key"));
    expect(first).toBeTruthy();
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  it("drawn by the server for a signed-in browser without the player (the wallets from the public answers), is taken over as drawn, then shows the balances", async () => {
    useSession.setState({ user: null });
    mockCashIn();
    const client = testQueryClient();
    client.setQueryData(walletKeys.methods("in"), METHODS);
    client.setQueryData(walletKeys.chips("in"), [10_000, 50_000, 100_000]);
    let drawing = "";
    const view = renderRoutes([{ path: "/cashin", element: <CashInPage /> }], {
      path: "/cashin",
      client,
      drawn: true,
      inBrowser: () => {
        drawing = document.body.innerHTML;
        signIn();
      },
    });
    expect(drawing).toContain("KBZPay");
    expect(drawing).toContain("—");
    expect(drawing).not.toContain("1,234,567");
    expect(view.mismatches).toEqual([]);
    expect(await screen.findByText("1,234,567")).toBeInTheDocument();
  });
});
