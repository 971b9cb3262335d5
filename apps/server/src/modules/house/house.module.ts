import type { AppContext, ZodApp } from "../../app-context.ts";
import { createHouseAdapter } from "./house.adapter.ts";
import { registerHouseRoutes } from "./house.routes.ts";
import { completeOpenRounds, type HouseDeps } from "./house-rounds.service.ts";
import { createHouseWalletClient, httpTransport, injectTransport, type WalletTransport } from "./house-wallet.client.ts";

/** How often a listening server finishes house rounds that are still waiting for the wallet. */
const RECOVERY_MS = 15_000;

export interface HouseServer {
  deps: HouseDeps;
  /** Replaces how wallet calls travel (tests simulate a wallet that does not answer). */
  useTransport(transport: WalletTransport): void;
  /** Finishes every round still waiting for the wallet; returns how many are still open. */
  recover(): Promise<number>;
}

const servers = new WeakMap<object, HouseServer>();

/** The house game server registered in an app (tests reach its wallet transport and recovery here). */
export function houseServerOf(app: ZodApp): HouseServer {
  const server = servers.get(app);
  if (!server) throw new Error("The house game server is not registered in this app");
  return server;
}

/**
 * Shwe House Games, the built-in provider: its HTTP API under /house/api, its provider adapter, and a
 * wallet client that signs every call with the HOUSE secret and sends it over HTTP to the wallet API.
 * The wallet is config.houseBaseUrl when set; otherwise this server itself: through request
 * injection until it listens, then over HTTP to its own listening address.
 */
export function registerHouse(app: ZodApp, ctx: AppContext): HouseServer {
  const { config } = ctx;
  let transport: WalletTransport = config.houseBaseUrl ? httpTransport(config.houseBaseUrl) : injectTransport(app);
  const wallet = createHouseWalletClient({ secret: config.houseSecret, clock: ctx.clock, transport: () => transport });
  const deps: HouseDeps = {
    db: ctx.db,
    clock: ctx.clock,
    wallet,
    log: { warn: (obj, msg) => app.log.warn(obj, msg), error: (obj, msg) => app.log.error(obj, msg) },
  };
  registerHouseRoutes(app, deps, config.rateLimits);
  ctx.providers.register(createHouseAdapter({ db: ctx.db, clock: ctx.clock, secret: config.houseSecret }));

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const recover = () => completeOpenRounds(deps);
  app.addHook("onListen", async () => {
    const address = app.server.address();
    if (!config.houseBaseUrl && address && typeof address === "object") {
      const host = address.address === "0.0.0.0" || address.address === "::" ? "127.0.0.1" : address.address;
      transport = httpTransport(`http://${address.family === "IPv6" && host !== "127.0.0.1" ? `[${host}]` : host}:${address.port}`);
    }
    timer = setInterval(() => {
      if (running) return;
      running = ctx.dbOutage.round("house_recovery", recover, "house round recovery failed").finally(() => {
        running = undefined;
      });
    }, RECOVERY_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer);
    await running;
  });

  const server: HouseServer = {
    deps,
    useTransport(next) {
      transport = next;
    },
    recover,
  };
  servers.set(app, server);
  return server;
}
