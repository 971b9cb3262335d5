/** The console's GSC+ calls: status (404 when the site has no GSC+ connection), sync now, a day's reconciliation. */
import { gscDebtsSchema, gscReconciliationSchema, gscStatusSchema, gscSyncReportSchema } from "@shwe/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client.ts";
import { adminKeys, gscKeys } from "../api/query-keys.ts";

/** The connection's status, or null when GSC+ is not set up on this site. */
export function useGscStatus() {
  return useQuery({
    queryKey: gscKeys.status(),
    queryFn: async ({ signal }) => {
      try {
        return gscStatusSchema.parse(await api<unknown>("admin/gsc/status", { signal }));
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    retry: false,
  });
}

export function useGscSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => gscSyncReportSchema.parse(await api<unknown>("admin/gsc/sync", { method: "POST" })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useGscReconciliation(day: string, enabled: boolean) {
  return useQuery({
    queryKey: gscKeys.reconciliation(day),
    queryFn: async ({ signal }) =>
      gscReconciliationSchema.parse(await api<unknown>("admin/gsc/reconciliation", { signal, query: { day } })),
    enabled,
  });
}

export function useGscReconcileRun(day: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      gscReconciliationSchema.parse(await api<unknown>("admin/gsc/reconciliation", { method: "POST", body: { day } })),
    onSuccess: (data) => queryClient.setQueryData(gscKeys.reconciliation(day), data),
  });
}

/** Players' open GSC+ debts to the house (read-only; repaid by their next GSC+ credits). */
export function useGscDebts(enabled: boolean) {
  return useQuery({
    queryKey: gscKeys.debts(),
    queryFn: async ({ signal }) => gscDebtsSchema.parse(await api<unknown>("admin/gsc/debts", { signal })),
    enabled,
  });
}
