import {
  errorBodySchema,
  referralDecisionBodySchema,
  referralFlagListSchema,
  referralFlagQuerySchema,
  referralFlagSchema,
  referralPayoutsQuerySchema,
  referralPayoutsSchema,
  referralSettingsSchema,
} from "@shwe/contracts";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { actorOf } from "../content/audit.service.ts";
import {
  decideReferralHold,
  listReferralFlags,
  readReferralSettings,
  referralPayouts,
  updateReferralSettings,
} from "./referral-flags.service.ts";

const tags = ["admin"];
const security = [{ bearer: [] }];
const errors = { "4xx": errorBodySchema };
const idParams = z.strictObject({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** Operators: flagged referrers (clear / forfeit), the referral share and farming rule, referral payouts. */
export function registerReferralFlagRoutes(app: ZodApp, ctx: AppContext): void {
  const onRequest = ctx.guards.requireOperator;

  app.get(
    "/api/admin/referral/flags",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Referrers flagged for referral farming, with the referees of each device / IP-range group",
        querystring: referralFlagQuerySchema,
        response: { 200: referralFlagListSchema, ...errors },
      },
    },
    async (request) => ({ data: await listReferralFlags(ctx, request.query.status) }),
  );

  for (const decision of ["clear", "forfeit"] as const) {
    app.post(
      `/api/admin/referral/flags/:id/${decision}`,
      {
        onRequest,
        schema: {
          tags,
          security,
          summary:
            decision === "clear"
              ? "Clear a flagged referrer: the held earnings become claimable (reason audited)"
              : "Confirm referral abuse: the referral balance is forfeited to the house and stays held (reason audited)",
          params: idParams,
          body: referralDecisionBodySchema,
          response: { 200: referralFlagSchema, ...errors },
        },
      },
      async (request) => decideReferralHold(ctx, actorOf(request), request.params.id, decision, request.body.reason),
    );
  }

  app.get(
    "/api/admin/referral/settings",
    {
      onRequest,
      schema: { tags, security, summary: "The referral share and the farming rule", response: { 200: referralSettingsSchema, ...errors } },
    },
    async () => readReferralSettings(ctx),
  );

  app.put(
    "/api/admin/referral/settings",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Set the referral share (percent) and the farming rule (audited)",
        body: referralSettingsSchema,
        response: { 200: referralSettingsSchema, ...errors },
      },
    },
    async (request) => updateReferralSettings(ctx, actorOf(request), request.body),
  );

  app.get(
    "/api/admin/referral/payouts",
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Referral money per Asia/Yangon day: shares earned, claims to main, forfeits",
        querystring: referralPayoutsQuerySchema,
        response: { 200: referralPayoutsSchema, ...errors },
      },
    },
    async (request) => referralPayouts(ctx, request.query.days),
  );
}
