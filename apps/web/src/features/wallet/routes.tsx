import { lazyPage } from "../../lib/lazy-page.tsx";
import type { RouteObject } from "../../lib/router.tsx";

// Each wallet page is its own chunk.
const CashInPage = lazyPage(() => import("./pages/cash-in-page.tsx").then((m) => m.CashInPage));
const CashOutPage = lazyPage(() => import("./pages/cash-out-page.tsx").then((m) => m.CashOutPage));
const WalletHistoryPage = lazyPage(() => import("./pages/wallet-history-page.tsx").then((m) => m.WalletHistoryPage));

/** The player's money pages (/cashin, /cashout, /wallet-history); mount them behind the login guard. */
export const walletRoutes: RouteObject[] = [
  { path: "cashin", element: <CashInPage /> },
  { path: "cashout", element: <CashOutPage /> },
  { path: "wallet-history", element: <WalletHistoryPage /> },
];
