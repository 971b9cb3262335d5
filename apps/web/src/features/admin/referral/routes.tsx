import type { RouteObject } from "../../../lib/router.tsx";
import { ReferralPage } from "./pages/referral-page.tsx";

/** The console's referral screen, relative to /admin. */
export const referralConsoleRoutes: RouteObject[] = [{ path: "referral", element: <ReferralPage /> }];
