import { RequireAuth } from "../components/require-auth.tsx";
import { catalogueRoutes, gameFrameRoutes } from "../features/catalogue/routes.tsx";
import { gameReportRoutes } from "../features/games/routes.tsx";
import { houseRoutes } from "../features/house/routes.tsx";
import { lotteryGuardedRoutes, lotteryRoutes } from "../features/lottery/routes.tsx";
import { pointRoutes } from "../features/points/routes.tsx";
import { Layout } from "../features/shell/components/layout.tsx";
import { TransferHost } from "../features/wallet/components/transfer-host.tsx";
import { walletRoutes } from "../features/wallet/routes.tsx";
import { lazyPage } from "../lib/lazy-page.tsx";
import type { RouteObject } from "../lib/router.tsx";
import { RouteBoundary } from "./route-error.tsx";

// Every page is its own chunk: the first load carries only the shell and the page it shows.
const HomePage = lazyPage(() => import("../features/home/pages/home-page.tsx").then((m) => m.HomePage));
const LoginPage = lazyPage(() => import("../features/auth/pages/login-page.tsx").then((m) => m.LoginPage));
const RegisterPage = lazyPage(() => import("../features/auth/pages/register-page.tsx").then((m) => m.RegisterPage));
const ForgetPasswordPage = lazyPage(() => import("../features/auth/pages/forget-password-page.tsx").then((m) => m.ForgetPasswordPage));
const ProfilePage = lazyPage(() => import("../features/profile/pages/profile-page.tsx").then((m) => m.ProfilePage));
const InstallPage = lazyPage(() => import("../features/pwa/pages/install-page.tsx").then((m) => m.InstallPage));
const PromotionHistoryPage = lazyPage(() =>
  import("../features/rewards/pages/promotion-history-page.tsx").then((m) => m.PromotionHistoryPage),
);
const NotFoundPage = lazyPage(() => import("../features/not-found/pages/not-found-page.tsx").then((m) => m.NotFoundPage));
// The operator console (its own layout, outside the player shell); players never download it.
const AdminRoot = lazyPage(() => import("../features/admin/admin-root.tsx").then((m) => m.AdminRoot));
// A console invitation is completed before its holder can sign in.
const InvitationPage = lazyPage(() => import("../features/admin/invitation/invitation-page.tsx").then((m) => m.InvitationPage));

/**
 * Every page of the site. Each RouteBoundary shows the 'reload' notice in place of what failed to
 * draw: inside the shell only the page area, so the headers and menu stay usable.
 */
export const routes: RouteObject[] = [
  {
    path: "admin/invitation",
    element: (
      <RouteBoundary>
        <InvitationPage />
      </RouteBoundary>
    ),
  },
  {
    path: "admin/*",
    element: (
      <RouteBoundary>
        <RequireAuth>
          <AdminRoot />
        </RequireAuth>
      </RouteBoundary>
    ),
  },
  // Pages shown inside the game overlay's frame, without the site shell.
  { element: <RouteBoundary />, children: gameFrameRoutes },
  // The built-in provider's games (Shwe House Games), also inside the game overlay's frame.
  { element: <RouteBoundary />, children: houseRoutes },
  {
    // The transfer popup opens over any page of the shell (headers, menu).
    element: (
      <RouteBoundary>
        <Layout />
        <TransferHost />
      </RouteBoundary>
    ),
    children: [
      {
        element: <RouteBoundary />,
        children: [
          { index: true, element: <HomePage /> },
          { path: "login", element: <LoginPage /> },
          { path: "register", element: <RegisterPage /> },
          { path: "forgetpwd", element: <ForgetPasswordPage /> },
          { path: "install", element: <InstallPage /> },
          {
            element: <RequireAuth />,
            children: [{ path: "profile", element: <ProfilePage /> }],
          },
          {
            element: <RequireAuth />,
            children: [{ path: "promotion-history", element: <PromotionHistoryPage /> }],
          },
          {
            element: <RequireAuth />,
            children: gameReportRoutes,
          },
          ...lotteryRoutes,
          {
            element: <RequireAuth />,
            children: lotteryGuardedRoutes,
          },
          {
            element: <RequireAuth />,
            children: walletRoutes,
          },
          {
            element: <RequireAuth />,
            children: pointRoutes,
          },
          ...catalogueRoutes,
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
