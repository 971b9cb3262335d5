import { errorBodySchema, vitalsAcceptedSchema, vitalsReportSchema, vitalsSummaryQuerySchema, vitalsSummarySchema } from "@shwe/contracts";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { sha256Hex } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import { recordVitals, registerVitalsGauge, vitalsSummary } from "./vitals.service.ts";

const tags = ["vitals"];

/** Reports one address may send per minute (a visit sends one, a busy shared Wi-Fi many). */
export const VITALS_REPORTS_PER_MINUTE = 60;

/**
 * Speed on players' phones: the browsers' reports (POST /api/vitals, no session, rate-limited per
 * address, the address never stored), the console's summary, and the p75 gauge in /metrics.
 */
export function registerVitalsRoutes(app: ZodApp, ctx: AppContext): void {
  registerVitalsGauge(ctx);
  const limits = ctx.config.rateLimits;
  const perAddress = limits.enabled
    ? app.createRateLimit({
        max: Math.max(1, Math.round(VITALS_REPORTS_PER_MINUTE * limits.factor)),
        timeWindow: 60_000,
        // Counted under a hash: the shared counter store never holds the address itself.
        keyGenerator: (request) => `vitals:ip:${sha256Hex(request.ip).slice(0, 32)}`,
      })
    : undefined;

  app.post(
    "/api/vitals",
    {
      schema: {
        tags,
        summary: "One visit's LCP, INP, CLS and TTFB (navigator.sendBeacon): page, device class and connection only",
        body: vitalsReportSchema,
        response: { 200: vitalsAcceptedSchema, "4xx": errorBodySchema, "5xx": errorBodySchema },
      },
      // Before the body is read and checked: a flood costs a counter, not a parse.
      onRequest: async (request) => {
        if (!perAddress) return;
        const result = await perAddress(request);
        if (!result.isAllowed && result.isExceeded)
          throw new AppError(429, "RATE_LIMITED", "Too many requests. Please wait and try again.", {
            retry_after: Math.max(1, result.ttlInSeconds),
          });
      },
    },
    async (request) => ({ accepted: await recordVitals(ctx, request.body) }),
  );

  app.get(
    "/api/admin/vitals",
    {
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "Speed on players' phones: p75 and good / needs improvement / poor shares by page, device class and connection",
        querystring: vitalsSummaryQuerySchema,
        response: { 200: vitalsSummarySchema, "4xx": errorBodySchema, "5xx": errorBodySchema },
      },
      preHandler: ctx.guards.requireOperator,
    },
    async (request) => vitalsSummary(ctx, request.query.days),
  );
}
