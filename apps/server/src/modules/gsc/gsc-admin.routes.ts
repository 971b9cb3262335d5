import { type GscDebts, gscDebtsSchema } from "@shwe/contracts";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { formatGscBalance } from "./gsc-amount.ts";
import { listOpenDebts } from "./gsc-wallet.repository.ts";

/**
 * GET /api/admin/gsc/debts — players who owe the house after an overdrawing GSC+ correction
 * (RESETTLED larger than the balance, decision 0015), largest first. Operators only (the /api/admin
 * hook). A debt is repaid by the player's next GSC+ credits before any kyat reaches the game balance.
 */
export function registerGscAdminRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    "/api/admin/gsc/debts",
    {
      schema: {
        tags: ["admin"],
        security: [{ bearer: [] }],
        summary: "Open GSC+ debts of players to the house (overdrawing corrections), largest first",
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(1000).default(200) }),
        response: { 200: gscDebtsSchema },
      },
    },
    async (request, reply): Promise<GscDebts> => {
      void reply.header("cache-control", "no-store");
      const rows = await listOpenDebts(ctx.db, request.query.limit);
      const debts = rows.map((r) => ({
        user_id: r.userId,
        user_code: r.userCode,
        debt: formatGscBalance(r.debtE4, 1, false),
        since: r.since ? r.since.toISOString() : null,
      }));
      return {
        total: formatGscBalance(
          rows.reduce((sum, r) => sum + r.debtE4, 0n),
          1,
          false,
        ),
        debts,
      };
    },
  );
}
