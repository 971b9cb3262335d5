import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifySwagger from "@fastify/swagger";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  LogController,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config/env.ts";
import type { Database, Db } from "./db/client.ts";
import { type Clock, systemClock } from "./lib/clock.ts";
import { AppError } from "./lib/errors.ts";
import { PublicCache } from "./lib/public-cache.ts";
import { registerAccountRoutes } from "./modules/accounts/accounts.routes.ts";
import { registerAdminMoneyRoutes } from "./modules/admin-money/admin-money.routes.ts";
import { registerAdminUserRoutes } from "./modules/admin-users/admin-users.routes.ts";
import { type AuthService, createAuthService } from "./modules/auth/auth.service.ts";
import { registerCashRoutes } from "./modules/cash/cash.routes.ts";
import { registerCatalogueRoutes } from "./modules/catalogue/catalogue.routes.ts";
import { registerCatalogueAdminRoutes } from "./modules/catalogue/catalogue-admin.routes.ts";
import { registerContentRoutes } from "./modules/content/content.routes.ts";
import { registerContentAdminRoutes } from "./modules/content/content-admin.routes.ts";
import { registerHealthRoutes } from "./modules/health/health.routes.ts";
import { registerHouse } from "./modules/house/house.module.ts";
import { registerLottery } from "./modules/lottery/lottery.module.ts";
import type { ProviderRegistry } from "./modules/providers/provider-adapter.ts";
import { createProviderRegistry } from "./modules/providers/provider-registry.ts";
import { registerProviderRoutes } from "./modules/providers/providers.routes.ts";
import { type BalanceAnnouncer, createBalanceAnnouncer } from "./modules/realtime/realtime.repository.ts";
import { registerRealtimeRoutes } from "./modules/realtime/realtime.routes.ts";
import { registerWalletRoutes } from "./modules/wallet/wallet.routes.ts";
import { registerWebRoutes } from "./modules/web/web.routes.ts";
import { type AuthGuards, registerAuth } from "./plugins/auth.ts";
import { registerCompression } from "./plugins/compression.ts";
import { registerErrorHandling } from "./plugins/errors.ts";
import type { PublicBody } from "./plugins/public-reply.ts";
import { registerSecurityHeaders, securityHeaderOptions } from "./plugins/security-headers.ts";

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Everything a module needs, built once in buildApp and passed down explicitly. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  guards: AuthGuards;
  auth: AuthService;
  /** Game provider adapters by p_code (launch URLs, wallet secrets). */
  providers: ProviderRegistry;
  /**
   * Public answers every visitor sees the same, reused for config.publicCacheMs. Whatever changes
   * them in this process invalidates their scope once committed: every operator write (below), the
   * draw scheduler, settlement.
   */
  publicCache: PublicCache<PublicBody>;
  /** Balance changes committed without a notification of their own (one-call bets), announced after commit. */
  balanceAnnouncer: BalanceAnnouncer;
}

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
  const loggerOpt = opts.logger ?? (config.logLevel === "silent" ? false : { level: config.logLevel });
  const app = Fastify({
    ...(typeof loggerOpt === "object" && loggerOpt !== null && "child" in loggerOpt
      ? { loggerInstance: loggerOpt as FastifyBaseLogger }
      : { logger: loggerOpt as boolean | object }),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    logController: new LogController({ disableRequestLogging: config.logLevel !== "debug" && config.logLevel !== "trace" }),
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>() as unknown as ZodApp;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  registerSecurityHeaders(app, securityHeaderOptions(config.mode === "production"));

  await registerCompression(app);

  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, "RATE_LIMITED", "Too many requests. Please wait and try again.", {
        retry_after: Math.ceil(context.ttl / 1000),
      }),
  });

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

  const auth = createAuthService(database.db);
  const guards = registerAuth(app, auth);
  const clock = opts.clock ?? systemClock;
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
  };
  app.addHook("onClose", async () => ctx.balanceAnnouncer.drain());
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
  registerLottery(app, ctx);
  registerHouse(app, ctx);
  await registerRealtimeRoutes(app, ctx);

  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  await registerWebRoutes(app, ctx);
  return { app, ctx };
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
