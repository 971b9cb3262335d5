import type { AppContext, ZodApp } from "../../app-context.ts";
import { GSC_SIMULATOR_PATH } from "./gsc.module.ts";
import type { GscServer } from "./gsc-server.ts";

/**
 * Demo mode without GSC_* settings: the GSC+ simulator (packages/gsc-simulator, dev tooling) plays
 * the aggregator inside this process, under GSC_SIMULATOR_PATH. The outbound client reaches it
 * over HTTP at this server's own listening address (gsc.module.ts), its game pages are served from
 * the site's own origin (so the game overlay frames them as it frames the house games), and it
 * sends its signed wallet webhooks to this server's own callback path. Production never loads it.
 */
export async function registerGscDemoSimulator(app: ZodApp, ctx: AppContext, server: GscServer): Promise<void> {
  const config = ctx.config.gsc;
  if (ctx.config.mode !== "demo" || !config?.simulated) return;
  const { registerGscSimulator } = await import("@shwe/gsc-simulator");
  registerGscSimulator(app, {
    prefix: GSC_SIMULATOR_PATH,
    operatorCode: config.operatorCode,
    secretKey: config.secretKey,
    callbackBaseUrl: () => `${ownOrigin(app)}${config.callbackPrefix}`,
    // Site-relative: the player's browser opens the game page on the site's own origin.
    publicBaseUrl: GSC_SIMULATOR_PATH,
    // Every product answers a game page URL; the `content` answer is covered by the tests.
    contentProducts: [],
    lobbyUrl: "/",
  });
  server.syncSoon();
}

/** This server's listening address as it reaches itself. */
function ownOrigin(app: ZodApp): string {
  const address = app.server.address();
  if (!address || typeof address !== "object") throw new Error("the server is not listening yet");
  const host = address.address === "0.0.0.0" || address.address === "::" ? "127.0.0.1" : address.address;
  return `http://${address.family === "IPv6" && host !== "127.0.0.1" ? `[${host}]` : host}:${address.port}`;
}
