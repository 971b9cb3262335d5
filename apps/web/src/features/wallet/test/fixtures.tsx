import type { CashInHistoryItem, PaymentMethod } from "@shwe/contracts";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { ToastContainer } from "react-toastify";
import { renderRoutes } from "../../../test/render.tsx";

export const SLOW = { timeout: 30_000 };

/** user-event without the pause between keystrokes. */
export const setupUser = () => userEvent.setup({ delay: null });

export const METHODS: PaymentMethod[] = [
  {
    id: 1,
    name: "KBZPay",
    logo: "/img/payments/kbzpay.svg",
    account_name: "Shwe Lucky Demo",
    account_number: "09790000001",
    qr_image: "/img/payments/kbzpay-qr.svg",
    min_amount: 1_000,
    max_amount: 10_000_000,
  },
  {
    id: 2,
    name: "WavePay",
    logo: "/img/payments/wavepay.svg",
    account_name: "Shwe Lucky Wave",
    account_number: "09790000002",
    qr_image: null,
    min_amount: 5_000,
    max_amount: 5_000_000,
  },
];

export const cashInRow = (over: Partial<CashInHistoryItem> = {}): CashInHistoryItem => ({
  id: 41,
  amount: 50_000,
  payment_method: "KBZPay",
  payment_method_id: 1,
  last_six_digits: "123456",
  promo_code: null,
  bonus: 0,
  status: "pending",
  reason: null,
  created_at: "2025-03-01T03:30:00.000Z",
  decided_at: null,
  ...over,
});

/** Renders a wallet page at its path with the toasts (English texts). */
export function renderPage(page: ReactElement, path: string) {
  return renderRoutes(
    [
      {
        path: path.split("?")[0] ?? path,
        element: (
          <>
            {page}
            <ToastContainer />
          </>
        ),
      },
      { path: "/profile", element: <p>Profile page</p> },
      { path: "/login", element: <p>Login page</p> },
      ...(path.startsWith("/wallet-history") ? [] : [{ path: "/wallet-history", element: <p>History page</p> }]),
    ],
    { path },
  );
}

/** The requests fetch received for one API path (after /api/), with method, headers and parsed body. */
export function requestsTo(fetchMock: { mock: { calls: unknown[][] } }, path: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input)), init: (init ?? {}) as RequestInit }))
    .filter((c) => c.url.pathname === `/api/${path}`)
    .map((c) => ({
      method: c.init.method ?? "GET",
      headers: new Headers(c.init.headers),
      body: typeof c.init.body === "string" ? (JSON.parse(c.init.body) as unknown) : undefined,
      query: Object.fromEntries(c.url.searchParams),
    }));
}
