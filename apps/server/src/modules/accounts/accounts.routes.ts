import type { AppContext, ZodApp } from "../../app-context.ts";
import { registerDevRoutes } from "./dev.routes.ts";
import { registerOtpRoutes } from "./otp.routes.ts";
import { registerProfileRoutes } from "./profile.routes.ts";
import { registerSessionRoutes } from "./session.routes.ts";
import { createSmsGateway } from "./sms.ts";
import type { SmsGateway } from "./sms-gateway.ts";

export interface AccountRouteOptions {
  /** The SMS gateway adapter; by default the one the config selects (demo: the demo outbox; production: HTTP). */
  sms?: SmsGateway;
}

/** Accounts: phone verification, sign-up, sign-in, sessions, profile, level-2 uploads (and the demo SMS outbox). */
export function registerAccountRoutes(app: ZodApp, ctx: AppContext, opts: AccountRouteOptions = {}): void {
  const sms = opts.sms ?? createSmsGateway(ctx.config, ctx.db, app.log);
  registerOtpRoutes(app, ctx, sms);
  registerSessionRoutes(app, ctx);
  registerProfileRoutes(app, ctx);
  registerDevRoutes(app, ctx);
}
