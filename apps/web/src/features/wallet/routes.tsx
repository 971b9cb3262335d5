import { lazy } from "react";
import type { RouteObject } from "react-router";

// Each wallet page is its own chunk.
const CashInPage = lazy(() => import("./pages/cash-in-page.tsx").then((m) => ({ default: m.CashInPage })));
const CashOutPage = lazy(() => import("./pages/cash-out-page.tsx").then((m) => ({ default: m.CashOutPage })));
const WalletHistoryPage = lazy(() => import("./pages/wallet-history-page.tsx").then((m) => ({ default: m.WalletHistoryPage })));

/** The player's money pages (/cashin, /cashout, /wallet-history); mount them behind the login guard. */
export const walletRoutes: RouteObject[] = [
  { path: "cashin", element: <CashInPage /> },
  { path: "cashout", element: <CashOutPage /> },
  { path: "wallet-history", element: <WalletHistoryPage /> },
];
