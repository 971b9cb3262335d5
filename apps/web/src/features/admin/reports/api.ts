import { balancesReportSchema, cashReportSchema, dailyPnlSchema, drawPnlSchema, reconciliationSchema } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiBytes } from "../../../lib/api-bytes.ts";
import { api } from "../../../lib/api-client.ts";
import { adminKeys } from "../api/query-keys.ts";

export type ReportName = "pnl" | "draws" | "cash" | "balances" | "reconciliation";
export interface ReportRange {
  start_date: string;
  end_date: string;
}

const schemas = {
  pnl: dailyPnlSchema,
  draws: drawPnlSchema,
  cash: cashReportSchema,
  balances: balancesReportSchema,
  reconciliation: reconciliationSchema,
} as const;

export type ReportData<N extends ReportName> = z.infer<(typeof schemas)[N]>;

/** GET /api/admin/reports/{name}?start_date&end_date: one report as JSON. */
export function useReport<N extends ReportName>(name: N, range: ReportRange) {
  return useQuery({
    queryKey: adminKeys.report(name, range.start_date, range.end_date),
    queryFn: async ({ signal }) =>
      schemas[name].parse(await api<unknown>(`admin/reports/${name}`, { signal, query: { ...range } })) as ReportData<N>,
  });
}

/** The same report as a CSV file, saved by the browser under the server's file name. */
export async function downloadReport(name: ReportName, range: ReportRange): Promise<void> {
  const { blob, fileName } = await apiBytes(`admin/reports/${name}`, {
    query: { start_date: range.start_date, end_date: range.end_date, format: "csv" },
  });
  const name_ = fileName ?? `${name}.csv`;
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = name_;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(href);
}
