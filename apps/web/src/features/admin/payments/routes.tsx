import type { RouteObject } from "../../../lib/router.tsx";
import { PaymentMethodsPage } from "./payment-methods-page.tsx";

/** URLs of the console's payment methods (under /admin). */
export const paymentsAdminPaths = { payments: "/admin/payment-methods" } as const;

export const paymentsConsoleRoutes: RouteObject[] = [{ path: "payment-methods", element: <PaymentMethodsPage /> }];
