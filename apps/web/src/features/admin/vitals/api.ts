import { type VitalsSummary, vitalsSummarySchema } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { adminKeys } from "../api/query-keys.ts";

/** GET /api/admin/vitals?days: p75 and the good / needs improvement / poor shares of real visits. */
export function useVitalsSummary(days: number) {
  return useQuery({
    queryKey: adminKeys.vitals(days),
    queryFn: async ({ signal }): Promise<VitalsSummary> =>
      vitalsSummarySchema.parse(await api<unknown>("admin/vitals", { signal, query: { days: String(days) } })),
  });
}
