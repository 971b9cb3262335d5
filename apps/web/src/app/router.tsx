import { lazy } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { RequireAuth } from "../components/require-auth.tsx";
import { catalogueRoutes, gameFrameRoutes } from "../features/catalogue/routes.tsx";
import { gameReportRoutes } from "../features/games/routes.tsx";
import { houseRoutes } from "../features/house/routes.tsx";
import { lotteryGuardedRoutes, lotteryRoutes } from "../features/lottery/routes.tsx";
import { Layout } from "../features/shell/components/layout.tsx";
import { TransferHost } from "../features/wallet/components/transfer-host.tsx";
import { walletRoutes } from "../features/wallet/routes.tsx";
import { RouteError } from "./route-error.tsx";

// Every page is its own chunk: the first load carries only the shell and the page it shows.
const HomePage = lazy(() => import("../features/home/pages/home-page.tsx").then((m) => ({ default: m.HomePage })));
const LoginPage = lazy(() => import("../features/auth/pages/login-page.tsx").then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import("../features/auth/pages/register-page.tsx").then((m) => ({ default: m.RegisterPage })));
const ForgetPasswordPage = lazy(() =>
  import("../features/auth/pages/forget-password-page.tsx").then((m) => ({ default: m.ForgetPasswordPage })),
);
const ProfilePage = lazy(() => import("../features/profile/pages/profile-page.tsx").then((m) => ({ default: m.ProfilePage })));
const NotFoundPage = lazy(() => import("../features/not-found/pages/not-found-page.tsx").then((m) => ({ default: m.NotFoundPage })));
// The operator console (its own layout, outside the player shell); players never download it.
const AdminRoot = lazy(() => import("../features/admin/admin-root.tsx").then((m) => ({ default: m.AdminRoot })));

export const routes: RouteObject[] = [
  {
    path: "admin/*",
    element: (
      <RequireAuth>
        <AdminRoot />
      </RequireAuth>
    ),
    errorElement: <RouteError />,
  },
  // Pages shown inside the game overlay's frame, without the site shell.
  { errorElement: <RouteError />, children: gameFrameRoutes },
  // The built-in provider's games (Shwe House Games), also inside the game overlay's frame.
  { errorElement: <RouteError />, children: houseRoutes },
  {
    // The transfer popup opens over any page of the shell (headers, menu).
    element: (
      <>
        <Layout />
        <TransferHost />
      </>
    ),
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: "login", element: <LoginPage /> },
          { path: "register", element: <RegisterPage /> },
          { path: "forgetpwd", element: <ForgetPasswordPage /> },
          {
            element: <RequireAuth />,
            children: [{ path: "profile", element: <ProfilePage /> }],
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
          ...catalogueRoutes,
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
