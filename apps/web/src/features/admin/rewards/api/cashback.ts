import { type AdminCashback, adminCashbackSchema, cashbackPercentBodySchema } from "@shwe/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../../../lib/api-client.ts";
import { adminKeys } from "../../api/query-keys.ts";

/** Under the content settings: a change of the maintenance flag (content page or here) refreshes it too. */
/** GET /api/admin/rewards/cashback: the percent, the maintenance flag and each processed week's payout. */
export function useCashbackOverview() {
  return useQuery({
    queryKey: adminKeys.cashback(),
    queryFn: async ({ signal }) => adminCashbackSchema.parse(await api<unknown>("admin/rewards/cashback", { signal })),
  });
}

/** PUT /api/admin/rewards/cashback/percent {percent} (audited). */
export function useUpdateCashbackPercent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (percent: number) => {
      const data = await api<unknown>("admin/rewards/cashback/percent", {
        method: "PUT",
        body: cashbackPercentBodySchema.parse({ percent }),
      });
      return z.object({ percent: z.number() }).parse(data).percent;
    },
    onSuccess: (percent) => queryClient.setQueryData<AdminCashback>(adminKeys.cashback(), (old) => (old ? { ...old, percent } : old)),
    onSettled: () =>
      Promise.all([adminKeys.cashback(), adminKeys.auditLog()].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export type CashbackWeekRow = AdminCashback["weeks"][number];
