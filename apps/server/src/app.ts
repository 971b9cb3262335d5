import fastifyMultipart from "@fastify/multipart";
import fastifySwagger from "@fastify/swagger";
import Fastify, { type FastifyBaseLogger, LogController } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext, ZodApp } from "./app-context.ts";
import type { Config } from "./config/env.ts";
import { fastifyTrustProxy } from "./config/trust-proxy.ts";
import type { Database } from "./db/client.ts";
import { createMoneyBatcher } from "./db/money-batch.ts";
import { type Clock, systemClock } from "./lib/clock.ts";
import { DatabaseOutageLog } from "./lib/db-outage.ts";
import { loggerOptions } from "./lib/log-safety.ts";
import { createPlayerQueue } from "./lib/player-queue.ts";
import { PublicCache } from "./lib/public-cache.ts";
import { registerAccountRoutes } from "./modules/accounts/accounts.routes.ts";
import { registerAdminMoneyRoutes } from "./modules/admin-money/admin-money.routes.ts";
import { registerAdminUserRoutes } from "./modules/admin-users/admin-users.routes.ts";
import { createAuthService } from "./modules/auth/auth.service.ts";
import { createTokenCache, TOKEN_OWNER_CHANGED, type TokenCache } from "./modules/auth/token-cache.ts";
import { registerCashRoutes } from "./modules/cash/cash.routes.ts";
import { registerPaymentMethodAdminRoutes } from "./modules/cash/payment-methods-admin.routes.ts";
import { registerPromoCodeAdminRoutes } from "./modules/cash/promo-codes-admin.routes.ts";
import { registerCatalogueRoutes } from "./modules/catalogue/catalogue.routes.ts";
import { registerCatalogueAdminRoutes } from "./modules/catalogue/catalogue-admin.routes.ts";
import { registerConsoleReportRoutes } from "./modules/console-reports/console-reports.routes.ts";
import { registerContentRoutes } from "./modules/content/content.routes.ts";
import { registerContentAdminRoutes } from "./modules/content/content-admin.routes.ts";
import { registerMediaRoutes } from "./modules/content/media.routes.ts";
import { registerGsc } from "./modules/gsc/gsc.module.ts";
import { registerGscDemoSimulator } from "./modules/gsc/gsc-demo.ts";
import { registerGscWebhookRoutes } from "./modules/gsc/gsc-webhooks.routes.ts";
import { registerHealthRoutes } from "./modules/health/health.routes.ts";
import { registerHouse } from "./modules/house/house.module.ts";
import { registerHousekeeping } from "./modules/housekeeping/housekeeping.service.ts";
import { registerLiveRoutes } from "./modules/live/live.routes.ts";
import { registerLottery } from "./modules/lottery/lottery.module.ts";
import { registerMarket } from "./modules/market/market.module.ts";
import { registerOperatorRoutes } from "./modules/operators/operators.routes.ts";
import { registerProtectionRoutes } from "./modules/protection/protection.routes.ts";
import { createProviderRegistry } from "./modules/providers/launch/provider-registry.ts";
import { registerProviderRoutes } from "./modules/providers/providers.routes.ts";
import { registerPushRoutes } from "./modules/push/push.routes.ts";
import { createBalanceAnnouncer } from "./modules/realtime/realtime.repository.ts";
import { registerRealtimeRoutes } from "./modules/realtime/realtime.routes.ts";
import { registerCashback } from "./modules/rewards/cashback.routes.ts";
import { registerPocketRoutes } from "./modules/rewards/pocket.routes.ts";
import { registerPointRoutes } from "./modules/rewards/points.routes.ts";
import { registerReferralFlagRoutes } from "./modules/rewards/referral-flags.routes.ts";
import { registerSupportRoutes } from "./modules/support/support.routes.ts";
import { registerVitalsRoutes } from "./modules/vitals/vitals.routes.ts";
import { registerWalletRoutes } from "./modules/wallet/wallet.routes.ts";
import { registerWebRoutes } from "./modules/web/web.routes.ts";
import { registerAuth } from "./plugins/auth.ts";
import { registerCompression } from "./plugins/compression.ts";
import { registerErrorHandling } from "./plugins/errors.ts";
import { registerInputGuard } from "./plugins/input-guard.ts";
import { createMetrics, type MetricsOptions, registerMetrics } from "./plugins/metrics.ts";
import type { PublicBody } from "./plugins/public-body.ts";
import { registerRateLimits } from "./plugins/rate-limit.ts";
import { registerSecurityHeaders, securityHeaderOptions } from "./plugins/security-headers.ts";

export interface BuildOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  /** A pino logger instance or options; tests pass none (silent). */
  logger?: FastifyBaseLogger | boolean | object;
}

/** Maximum JSON body: generous for real calls, far below anything that could hurt the server. */
const BODY_LIMIT = 64 * 1024;

export async function buildApp(opts: BuildOptions): Promise<{ app: ZodApp; ctx: AppContext }> {
  const { config, database } = opts;
  // Pino options given as an object keep the safe error serializer and redaction (lib/log-safety.ts).
  const loggerOpt =
    opts.logger === undefined
      ? config.logLevel === "silent"
        ? false
        : loggerOptions(config.logLevel)
      : typeof opts.logger === "object" && opts.logger !== null && !("child" in opts.logger)
        ? { ...loggerOptions(config.logLevel), ...opts.logger }
        : opts.logger;
  const app = Fastify({
    ...(typeof loggerOpt === "object" && loggerOpt !== null && "child" in loggerOpt
      ? { loggerInstance: loggerOpt as FastifyBaseLogger }
      : { logger: loggerOpt as boolean | object }),
    bodyLimit: BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    logController: new LogController({ disableRequestLogging: config.logLevel !== "debug" && config.logLevel !== "trace" }),
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>() as unknown as ZodApp;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuard(app);

  // A connected GSC+ aggregator's games open in the overlay from the aggregator's own https hosts.
  const gameFrames = config.gsc && !config.gsc.simulated ? ["https:"] : [];
  registerSecurityHeaders(app, securityHeaderOptions(config.mode === "production", gameFrames));

  await registerCompression(app);

  // Rate-limit counters shared by every instance (the database, or Redis with REDIS_URL).
  const rateLimitStore = await registerRateLimits(app, config, database.db);

  await app.register(fastifyMultipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10, parts: 12 },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "Shwe Lucky API", version: "1.0.0", description: "Player, operator and provider calls. See docs/." },
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer" },
          houseSession: { type: "apiKey", in: "header", name: "X-House-Session" },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  // The embedded database belongs to this process: players' token owners are kept in memory and
  // dropped at every committed change to tokens or accounts (migration 0024, token-cache.ts).
  let tokenCache: TokenCache | undefined;
  if (database.kind === "pglite") {
    const cache = createTokenCache();
    await database.listen(TOKEN_OWNER_CHANGED, () => cache.clear());
    tokenCache = cache;
  }
  const auth = createAuthService(database.db, database.kind, tokenCache);
  const guards = registerAuth(app, auth, config.operatorSecondFactor);
  const clock = opts.clock ?? systemClock;
  const metrics = createMetrics();
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    clock,
    guards,
    auth,
    providers: createProviderRegistry(),
    publicCache: new PublicCache<PublicBody>(clock, config.publicCacheMs),
    balanceAnnouncer: createBalanceAnnouncer(database.db, (err) => app.log.warn({ err }, "balance notification failed")),
    moneyBatcher: config.moneyBatch
      ? createMoneyBatcher(database.db, { ...config.moneyBatch, nextBatchFirst: database.kind === "postgres" })
      : undefined,
    playerQueue: createPlayerQueue(config.playerMoneyQueue, (outcome) => metrics.playerQueue(outcome)),
    metrics,
    rateLimitStore,
    dbOutage: new DatabaseOutageLog(app.log),
  };
  registerMetrics(app, metrics, { access: metricsAccess(config) });
  metrics.sources.pool = () => database.poolStats?.();
  metrics.sources.playerQueue = () => ctx.playerQueue.total();
  app.addHook("onClose", async () => {
    await ctx.moneyBatcher?.drain();
    await ctx.balanceAnnouncer.drain();
  });
  invalidatePublicCacheOnOperatorWrites(app, ctx.publicCache);

  registerHealthRoutes(app, ctx);
  // Feature modules register here, one line each, in the order they were built.
  registerAccountRoutes(app, ctx);
  registerAdminUserRoutes(app, ctx);
  registerContentRoutes(app, ctx);
  registerContentAdminRoutes(app, ctx);
  registerCatalogueRoutes(app, ctx);
  registerCatalogueAdminRoutes(app, ctx);
  registerWalletRoutes(app, ctx);
  registerCashRoutes(app, ctx);
  registerAdminMoneyRoutes(app, ctx);
  await registerProviderRoutes(app, ctx);
  if (config.gsc) await registerGscWebhookRoutes(app, ctx, config.gsc);
  registerLottery(app, ctx);
  registerHouse(app, ctx);
  registerHousekeeping(app, ctx);
  registerCashback(app, ctx);
  registerPointRoutes(app, ctx);
  registerProtectionRoutes(app, ctx);
  registerOperatorRoutes(app, ctx);
  registerConsoleReportRoutes(app, ctx);
  registerPaymentMethodAdminRoutes(app, ctx);
  registerPromoCodeAdminRoutes(app, ctx);
  registerMediaRoutes(app, ctx);
  registerPocketRoutes(app, ctx);
  registerReferralFlagRoutes(app, ctx);
  registerPushRoutes(app, ctx);
  registerVitalsRoutes(app, ctx);
  const hub = await registerRealtimeRoutes(app, ctx);
  metrics.sources.websockets = () => hub.socketCount();
  registerLiveRoutes(app, ctx, hub);
  registerSupportRoutes(app, ctx);
  hub.snapshotOf = registerMarket(
    app,
    ctx,
    (message) => hub.sendTopic(`market:${message.market}`, message),
    (market) => hub.watches(`market:${market}`),
  );
  const gsc = config.gsc ? registerGsc(app, ctx) : undefined;
  if (gsc) await registerGscDemoSimulator(app, ctx, gsc);

  // The API description is public in demo mode; production serves it only with OPENAPI_ENABLED=true (else 404).
  if (config.mode !== "production" || config.openapiEnabled) {
    app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  }
  await registerWebRoutes(app, ctx);
  return { app, ctx };
}

/** Metrics are open in demo mode; in production only with METRICS_TOKEN (as a bearer token), else 404. */
function metricsAccess(config: Config): MetricsOptions["access"] {
  if (config.mode !== "production") return { kind: "open" };
  return config.metricsToken ? { kind: "token", token: config.metricsToken } : { kind: "off" };
}

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every operator call that may write (any method but GET/HEAD/OPTIONS under /api/admin/) empties the
 * public cache before its answer leaves: the handler has committed by then, so the operator, and
 * everyone after, sees the change at once. Operator writes are rare; reading public data again after
 * each one is cheap. Added to those routes only, so public reads pay nothing for it.
 */
function invalidatePublicCacheOnOperatorWrites(app: ZodApp, cache: PublicCache<PublicBody>): void {
  const invalidate = (_request: unknown, _reply: unknown, payload: unknown, done: (err: null, payload: unknown) => void) => {
    cache.invalidate();
    done(null, payload);
  };
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith("/api/admin/") || methods.every((m) => READ_METHODS.has(m))) return;
    const existing = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...existing, invalidate as never];
  });
}
