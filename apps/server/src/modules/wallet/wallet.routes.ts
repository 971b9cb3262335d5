import { errorBodySchema, historyQuerySchema, transferBodySchema, transferHistorySchema, transferResponseSchema } from "@shwe/contracts";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { currentUser } from "../../plugins/auth.ts";
import { idempotencyHeadersSchema, idempotencyKeyOf, sendMoneyResult } from "../ledger/money-call.ts";
import { type Direction, transfer, transferHistory } from "./transfer.service.ts";

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};
/** A transfer may also be refused for too many of the player's money calls at once (decision 0029). */
const transferErrors = { ...errors, 429: errorBodySchema };

/** Main ↔ game transfers and their histories (api.md "Wallet"). */
export function registerWalletRoutes(app: ZodApp, ctx: AppContext): void {
  for (const direction of ["in", "out"] as Direction[]) {
    app.post(
      `/api/user/transfer_${direction}`,
      {
        onRequest: ctx.guards.requireUser,
        schema: {
          tags: ["wallet"],
          summary: direction === "in" ? "Main balance → game balance" : "Game balance → main balance",
          security: [{ bearer: [] }],
          headers: idempotencyHeadersSchema,
          body: transferBodySchema,
          response: { 200: transferResponseSchema, ...transferErrors },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const result = await transfer(ctx, user.id, direction, request.body.amount, idempotencyKeyOf(request));
        return sendMoneyResult(reply, result);
      },
    );

    app.get(
      `/api/user/transfer_${direction}_his`,
      {
        onRequest: ctx.guards.requireUser,
        schema: {
          tags: ["wallet"],
          summary: `Transfers ${direction === "in" ? "main → game" : "game → main"} in a range of Asia/Yangon days`,
          security: [{ bearer: [] }],
          querystring: historyQuerySchema,
          response: { 200: transferHistorySchema, ...errors },
        },
      },
      async (request) => transferHistory(ctx, currentUser(request).id, direction, request.query),
    );
  }
}
