import {
  balancesReportSchema,
  cashReportSchema,
  dailyPnlSchema,
  drawPnlSchema,
  errorBodySchema,
  reconciliationSchema,
  reportQuerySchema,
} from "@shwe/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { AppContext, ZodApp } from "../../app-context.ts";
import {
  balancesReport,
  cashReport,
  dailyPnlReport,
  drawPnlReport,
  isReportFile,
  reconciliationReport,
} from "./console-reports.service.ts";

const tags = ["admin"];
const security = [{ bearer: [] }];
const errors = { "4xx": errorBodySchema };

async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header("cache-control", "no-store");
}

/** A report as JSON, or with format=csv as a CSV download (a string payload is sent as it is, not through the JSON schema). */
function send(reply: FastifyReply, report: unknown) {
  if (!isReportFile(report)) return report;
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${report.filename}"`)
    .send(report.csv);
}

/** The console's reports (operators): GET /api/admin/reports/… (the /api/admin hook guards them). */
export function registerConsoleReportRoutes(app: ZodApp, ctx: AppContext): void {
  const route = (path: string, summary: string, schema: z.ZodType, run: (q: z.infer<typeof reportQuerySchema>) => Promise<unknown>) =>
    app.get(
      path,
      {
        onRequest: noStore,
        schema: { tags, security, summary, querystring: reportQuerySchema, response: { 200: schema, ...errors } },
      },
      async (request, reply) => send(reply, await run(request.query)),
    );
  route("/api/admin/reports/pnl", "Profit and loss per day and game or provider (format=csv for a download)", dailyPnlSchema, (q) =>
    dailyPnlReport(ctx, q),
  );
  route("/api/admin/reports/draws", "Stakes, wins, refunds and result per draw held in the range", drawPnlSchema, (q) =>
    drawPnlReport(ctx, q),
  );
  route("/api/admin/reports/cash", "Cash-in and cash-out per day and payment method", cashReportSchema, (q) => cashReport(ctx, q));
  route("/api/admin/reports/balances", "What players' balances hold now, by balance", balancesReportSchema, (q) =>
    balancesReport(ctx, q.format),
  );
  route(
    "/api/admin/reports/reconciliation",
    "Provider rounds whose stored callbacks, round and ledger disagree",
    reconciliationSchema,
    (q) => reconciliationReport(ctx, q),
  );
}
