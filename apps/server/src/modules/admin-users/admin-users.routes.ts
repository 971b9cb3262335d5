import {
  adminBlockBodySchema,
  adminBlockResponseSchema,
  adminLvl2DecisionBodySchema,
  adminLvl2DecisionResponseSchema,
  adminLvl2ListQuerySchema,
  adminLvl2ListResponseSchema,
  adminUserSearchQuerySchema,
  adminUserSearchResponseSchema,
  endSessionsResponseSchema,
  errorBodySchema,
  playerAccessSchema,
  playerPlaySchema,
} from "@shwe/contracts";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { sendPrivateJpeg } from "../accounts/profile.routes.ts";
import { actorOf } from "../content/audit.service.ts";
import { decideLvl2, findAccounts, listLvl2Queue, readUploadImage, setBlocked } from "./admin-users.service.ts";
import { endPlayerSessions, playerAccess, playerPlay } from "./player-access.service.ts";

const tags = ["admin"];
const security = [{ bearer: [] }];
const idParam = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** Operator calls on accounts: the level-2 review queue and its decisions, blocking, account search. */
export function registerAdminUserRoutes(app: ZodApp, ctx: AppContext): void {
  const preHandler = ctx.guards.requireOperator;

  app.get(
    "/api/admin/users",
    {
      schema: {
        tags,
        security,
        summary: "Find accounts by phone, phone prefix, user code or referral code",
        querystring: adminUserSearchQuerySchema,
        response: { 200: adminUserSearchResponseSchema, "4xx": errorBodySchema },
      },
      preHandler,
    },
    async (request) => ({ data: await findAccounts(ctx, request.query.q) }),
  );

  app.get(
    "/api/admin/lvl2",
    {
      schema: {
        tags,
        security,
        summary: "Level-2 uploads by status (pending: the review queue, oldest first)",
        querystring: adminLvl2ListQuerySchema,
        response: { 200: adminLvl2ListResponseSchema, "4xx": errorBodySchema },
      },
      preHandler,
    },
    async (request) => ({ data: await listLvl2Queue(ctx, request.query.status, request.query.limit) }),
  );

  app.get(
    "/api/admin/lvl2/:uploadId/image",
    {
      schema: {
        tags,
        security,
        summary: "The image of a level-2 upload (JPEG)",
        params: z.strictObject({ uploadId: idParam }),
        response: { "4xx": errorBodySchema },
      },
      preHandler,
    },
    async (request, reply) => sendPrivateJpeg(reply, await readUploadImage(ctx, currentUser(request), request.params.uploadId, request.ip)),
  );

  app.post(
    "/api/admin/users/:id/lvl_2",
    {
      schema: {
        tags,
        security,
        summary: "Approve or reject the account's pending level-2 upload (reject needs a reason)",
        params: z.strictObject({ id: idParam }),
        body: adminLvl2DecisionBodySchema,
        response: { 200: adminLvl2DecisionResponseSchema, "4xx": errorBodySchema },
      },
      preHandler,
    },
    async (request) => decideLvl2(ctx, currentUser(request), request.params.id, request.body, request.ip),
  );

  app.post(
    "/api/admin/users/:id/block",
    {
      schema: {
        tags,
        security,
        summary: "Block or unblock an account (blocked: no sign-in, every token answers 403 BLOCKED)",
        params: z.strictObject({ id: idParam }),
        body: adminBlockBodySchema,
        response: { 200: adminBlockResponseSchema, "4xx": errorBodySchema },
      },
      preHandler,
    },
    async (request) => setBlocked(ctx, currentUser(request), request.params.id, request.body, request.ip),
  );

  app.get(
    "/api/admin/users/:id/access",
    {
      schema: {
        tags,
        security,
        summary: "A player's live sign-ins, sign-in addresses, sign-up device, referrer and referees, limits and self-exclusion",
        params: z.strictObject({ id: idParam }),
        response: { 200: playerAccessSchema, "4xx": errorBodySchema },
      },
    },
    async (request) => playerAccess(ctx, request.params.id),
  );

  app.post(
    "/api/admin/users/:id/sessions/end",
    {
      schema: {
        tags,
        security,
        summary: "End every sign-in of a player (sockets and house sessions close at once; audited)",
        params: z.strictObject({ id: idParam }),
        body: z.strictObject({}),
        response: { 200: endSessionsResponseSchema, "4xx": errorBodySchema },
      },
      preHandler,
    },
    async (request) => endPlayerSessions(ctx, actorOf(request), request.params.id),
  );

  app.get(
    "/api/admin/users/:id/play",
    {
      schema: {
        tags,
        security,
        summary: "A player's latest lottery slips (with their outcome) and casino rounds",
        params: z.strictObject({ id: idParam }),
        response: { 200: playerPlaySchema, "4xx": errorBodySchema },
      },
    },
    async (request) => playerPlay(ctx, request.params.id),
  );
}
