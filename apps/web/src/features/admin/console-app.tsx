import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { type RouteObject, useRoutes } from "../../lib/router.tsx";
import { useSession } from "../../lib/session-store.ts";
import { adminKeys } from "./api/query-keys.ts";
import { catalogueConsoleRoutes } from "./catalogue/routes.tsx";
import { ConsoleLayout } from "./components/console-layout.tsx";
import { ConsoleNotFound } from "./components/console-not-found.tsx";
import { liveConsoleRoutes } from "./live/routes.tsx";
import { lotteryConsoleRoutes } from "./lottery/routes.tsx";
import { AuditLogPage } from "./pages/audit-log-page.tsx";
import { CashQueuePage } from "./pages/cash-queue-page.tsx";
import { ContentPage } from "./pages/content-page.tsx";
import { DashboardPage } from "./pages/dashboard-page.tsx";
import { Lvl2Page } from "./pages/lvl2-page.tsx";
import { PlayerDetailPage } from "./pages/player-detail-page.tsx";
import { PlayersPage } from "./pages/players-page.tsx";
import { paymentsConsoleRoutes } from "./payments/routes.tsx";
import { pocketConsoleRoutes } from "./pocket/routes.tsx";
import { pointsConsoleRoutes } from "./points/routes.tsx";
import { promosConsoleRoutes } from "./promos/routes.tsx";
import { referralConsoleRoutes } from "./referral/routes.tsx";
import { reportsConsoleRoutes } from "./reports/routes.tsx";
import { cashbackConsoleRoutes } from "./rewards/routes.tsx";
import { SecondFactorGate } from "./security/components/second-factor.tsx";
import { securityConsoleRoutes } from "./security/routes.tsx";
import { supportConsoleRoutes } from "./support/routes.tsx";
import { vitalsConsoleRoutes } from "./vitals/routes.tsx";

/** The console's pages, relative to /admin. */
const consoleRoutes: RouteObject[] = [
  {
    element: <ConsoleLayout />,
    children: [
      { index: true, element: <DashboardPage /> },
      { path: "cash-in", element: <CashQueuePage kind="in" /> },
      { path: "cash-out", element: <CashQueuePage kind="out" /> },
      { path: "lvl2", element: <Lvl2Page /> },
      { path: "players", element: <PlayersPage /> },
      { path: "players/:id", element: <PlayerDetailPage /> },
      { path: "audit-log", element: <AuditLogPage /> },
      { path: "content", element: <ContentPage /> },
      ...lotteryConsoleRoutes,
      ...cashbackConsoleRoutes,
      ...pointsConsoleRoutes,
      ...pocketConsoleRoutes,
      ...referralConsoleRoutes,
      ...liveConsoleRoutes,
      ...supportConsoleRoutes,
      ...reportsConsoleRoutes,
      ...vitalsConsoleRoutes,
      ...paymentsConsoleRoutes,
      ...promosConsoleRoutes,
      ...catalogueConsoleRoutes,
      ...securityConsoleRoutes,
      { path: "*", element: <ConsoleNotFound /> },
    ],
  },
];

/**
 * The operator console under /admin, behind the second factor. Console data is dropped when the
 * operator leaves or changes.
 */
export function ConsoleApp() {
  const queryClient = useQueryClient();
  const operatorId = useSession((s) => s.user?.id);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a different operator (or leaving) drops the previous one's data
  useEffect(() => () => queryClient.removeQueries({ queryKey: adminKeys.all }), [queryClient, operatorId]);
  const routes = useRoutes(consoleRoutes);
  return <SecondFactorGate>{routes}</SecondFactorGate>;
}
