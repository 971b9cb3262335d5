import { z } from "zod";
import type { AppContext, ZodApp } from "../../app.ts";
import { migrationsApplied } from "../../db/client.ts";

export function registerHealthRoutes(app: ZodApp, ctx: AppContext): void {
  app.get(
    "/api/health",
    {
      schema: {
        tags: ["system"],
        response: {
          200: z.object({ status: z.literal("ok") }),
          503: z.object({ status: z.literal("unavailable"), message: z.string(), code: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      const ok = (await ctx.database.ping()) && (await migrationsApplied(ctx.database));
      if (!ok) {
        return reply
          .status(503)
          .header("retry-after", "5")
          .send({ status: "unavailable", message: "Database not ready.", code: "UNAVAILABLE" });
      }
      return { status: "ok" as const };
    },
  );
}
