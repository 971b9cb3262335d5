import type { AppContext, ZodApp } from "../../app-context.ts";
import { registerLaunchRoutes } from "./launch.routes.ts";
import { registerReferralRoutes } from "./referral.routes.ts";
import { registerReportRoutes } from "./reports.routes.ts";
import { registerProviderWalletRoutes } from "./wallet.routes.ts";

/** Casino games from providers: the wallet API, launch, game reports and the referral share. */
export async function registerProviderRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  await registerProviderWalletRoutes(app, ctx);
  registerLaunchRoutes(app, ctx);
  registerReportRoutes(app, ctx);
  registerReferralRoutes(app, ctx);
}
