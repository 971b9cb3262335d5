import type { RouteObject } from "../../../lib/router.tsx";
import { PaymentMethodsPage } from "./payment-methods-page.tsx";

export const paymentsConsoleRoutes: RouteObject[] = [{ path: "payment-methods", element: <PaymentMethodsPage /> }];
