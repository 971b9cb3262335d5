import { z } from "zod";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { migrationsApplied } from "../../db/client.ts";

/**
 * Liveness and readiness, for a load balancer or an orchestrator:
 *   - `GET /api/health`: the process is up and answering. It never touches the database, so a
 *     database outage does not make every instance look dead and get restarted at once.
 *   - `GET /api/ready`: this instance can serve: the database answers and every migration is applied.
 *     503 with Retry-After otherwise; take the instance out of rotation until it answers 200 again.
 */
export function registerHealthRoutes(app: ZodApp, ctx: AppContext): void {
  app.get("/api/health", { schema: { tags: ["system"], response: { 200: z.object({ status: z.literal("ok") }) } } }, async () => ({
    status: "ok" as const,
  }));

  app.get(
    "/api/ready",
    {
      schema: {
        tags: ["system"],
        response: {
          200: z.object({ status: z.literal("ready") }),
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
          .header("cache-control", "no-store")
          .send({ status: "unavailable", message: "Database not ready.", code: "UNAVAILABLE" });
      }
      return reply.header("cache-control", "no-store").send({ status: "ready" as const });
    },
  );
}
