import { balancesReportSchema, cashReportSchema, dailyPnlSchema, drawPnlSchema, reconciliationSchema } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { ApiError, api } from "../../../lib/api-client.ts";
import { useSession } from "../../../lib/session-store.ts";
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
    queryKey: [...adminKeys.all, "reports", name, range.start_date, range.end_date] as const,
    queryFn: async ({ signal }) =>
      schemas[name].parse(await api<unknown>(`admin/reports/${name}`, { signal, query: { ...range } })) as ReportData<N>,
  });
}

/** The same report as a CSV file, saved by the browser under the server's file name. */
export async function downloadReport(name: ReportName, range: ReportRange): Promise<void> {
  const url = new URL(`/api/admin/reports/${name}`, window.location.origin);
  url.searchParams.set("start_date", range.start_date);
  url.searchParams.set("end_date", range.end_date);
  url.searchParams.set("format", "csv");
  const token = useSession.getState().user?.token;
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const e = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError(res.status, e.code ?? "HTTP_ERROR", e.message ?? res.statusText);
  }
  const name_ = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? `${name}.csv`;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = href;
  a.download = name_;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(href);
}
