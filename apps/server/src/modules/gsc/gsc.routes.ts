import {
  errorBodySchema,
  type GscReconciliation,
  gscDayQuerySchema,
  gscReconcileBodySchema,
  gscReconcileSummarySchema,
  gscReconciliationSchema,
  gscStatusSchema,
  gscSyncReportSchema,
} from "@shwe/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { selectGscProducts } from "./gsc-catalogue.repository.ts";
import { type JobRunRow, selectJobRun, selectLatestFinishedRun } from "./gsc-jobs.repository.ts";
import { GSC_LAUNCH_PAGE_PATH, takeLaunchPage } from "./gsc-launch.adapter.ts";
import { selectMismatches } from "./gsc-reconcile.repository.ts";
import type { GscServer } from "./gsc-server.ts";

const tags = ["admin"];
const security = [{ bearer: [] }];
const errors = { "4xx": errorBodySchema };
/** The console shows at most this many mismatching rows of a day. */
const MISMATCH_LIMIT = 500;

async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header("cache-control", "no-store");
}

/**
 * A launch page is the aggregator's HTML: served sandboxed (an opaque origin, so it can read nothing
 * of the site, not even the player's sign-in), framable only by the site's own game overlay.
 */
const LAUNCH_PAGE_CSP = "sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox; frame-ancestors 'self'";

const EXPIRED_PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><title>Game</title></head><body style="font-family:sans-serif;text-align:center;padding:2em">This game link has expired. Please close this window and open the game again.</body></html>';

function toReconciliation(
  day: string,
  run: JobRunRow | undefined,
  mismatches: Awaited<ReturnType<typeof selectMismatches>>,
): GscReconciliation {
  return {
    day,
    run: run
      ? {
          started_at: run.startedAt.toISOString(),
          finished_at: run.finishedAt ? run.finishedAt.toISOString() : null,
          error: run.error,
          summary: run.finishedAt ? (gscReconcileSummarySchema.safeParse(run.report).data ?? null) : null,
        }
      : null,
    mismatches: mismatches.map((m) => ({
      id: m.id,
      kind: m.kind,
      wager_code: m.wagerCode,
      member_account: m.memberAccount,
      product_code: m.productCode,
      ours: m.ours,
      theirs: m.theirs,
    })),
  };
}

/**
 * The console's GSC+ calls: status, sync now (admin), a day's reconciliation (operators read, admins
 * run it); and the player's launch pages.
 */
export function registerGscRoutes(app: ZodApp, ctx: AppContext, gsc: GscServer): void {
  app.get(
    "/api/admin/gsc/status",
    {
      onRequest: noStore,
      schema: {
        tags,
        security,
        summary: "GSC+ connection: callback base URL, products, last sync",
        response: { 200: gscStatusSchema, ...errors },
      },
    },
    async (request) => {
      const [products, last] = await Promise.all([selectGscProducts(ctx.db), selectLatestFinishedRun(ctx.db, "sync")]);
      return {
        simulated: gsc.config.simulated,
        operator_code: gsc.config.operatorCode,
        callback_base_url: `${request.protocol}://${request.host}${gsc.config.callbackPrefix}`,
        products: products.filter((p) => p.listed).length,
        last_sync:
          last?.finishedAt != null
            ? { finished_at: last.finishedAt.toISOString(), report: gscSyncReportSchema.safeParse(last.report).data ?? null }
            : null,
      };
    },
  );

  app.post(
    "/api/admin/gsc/sync",
    {
      onRequest: noStore,
      schema: {
        tags,
        security,
        summary: "Sync the GSC+ products and games into the catalogue now (admins)",
        response: { 200: gscSyncReportSchema, ...errors },
      },
    },
    async () => gsc.syncNow(),
  );

  app.get(
    "/api/admin/gsc/reconciliation",
    {
      onRequest: noStore,
      schema: {
        tags,
        security,
        summary: "A Yangon day's GSC+ reconciliation: summary and mismatching wagers",
        querystring: gscDayQuerySchema,
        response: { 200: gscReconciliationSchema, ...errors },
      },
    },
    async (request) => {
      const { day } = request.query;
      const [run, mismatches] = await Promise.all([selectJobRun(ctx.db, "reconcile", day), selectMismatches(ctx.db, day, MISMATCH_LIMIT)]);
      return toReconciliation(day, run, mismatches);
    },
  );

  app.post(
    "/api/admin/gsc/reconciliation",
    {
      onRequest: noStore,
      schema: {
        tags,
        security,
        summary: "Reconcile a Yangon day with the aggregator's wager list now (admins)",
        body: gscReconcileBodySchema,
        response: { 200: gscReconciliationSchema, ...errors },
      },
    },
    async (request) => {
      const { day } = request.body;
      await gsc.reconcileNow(day);
      const [run, mismatches] = await Promise.all([selectJobRun(ctx.db, "reconcile", day), selectMismatches(ctx.db, day, MISMATCH_LIMIT)]);
      return toReconciliation(day, run, mismatches);
    },
  );

  app.get(
    `${GSC_LAUNCH_PAGE_PATH}/:token`,
    { schema: { hide: true, params: z.object({ token: z.string().max(200) }) } },
    async (request, reply) => {
      const html = await takeLaunchPage(ctx.db, request.params.token, ctx.clock.now());
      reply
        .header("content-type", "text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .header("referrer-policy", "no-referrer")
        .header("content-security-policy", LAUNCH_PAGE_CSP);
      if (html === undefined) return reply.code(404).send(EXPIRED_PAGE);
      return reply.send(html);
    },
  );
}
