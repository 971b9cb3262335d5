import type { AppContext, ZodApp } from "../../app-context.ts";
import { registerLaunchRoutes } from "./launch/launch.routes.ts";
import { registerReferralRoutes } from "./referral/referral.routes.ts";
import { registerReportRoutes } from "./reports/reports.routes.ts";
import { registerProviderWalletRoutes } from "./wallet/wallet.routes.ts";

/** Casino games from providers: the wallet API, launch, game reports and the referral share. */
export async function registerProviderRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  await registerProviderWalletRoutes(app, ctx);
  registerLaunchRoutes(app, ctx);
  registerReportRoutes(app, ctx);
  registerReferralRoutes(app, ctx);
}
