import {
  type AdminLotteryGame,
  type AdminLotteryUpdate,
  adminLotteryGameListSchema,
  adminLotteryGameSchema,
  adminLotteryUpdateSchema,
  type LotteryType,
  numberRuleListSchema,
  numberRuleUpdateSchema,
  offDaysResponseSchema,
} from "@shwe/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../../lib/api-client.ts";
import { invalidateLotteryViews, lotteryAdminKeys } from "../../api/query-keys.ts";

/** GET /api/admin/lottery: every game with odds, limits, result source and schedule. */
export function useAdminGames() {
  return useQuery({
    queryKey: lotteryAdminKeys.games(),
    queryFn: async ({ signal }) => adminLotteryGameListSchema.parse(await api<unknown>("admin/lottery", { signal })).data,
  });
}

/** PUT /api/admin/lottery/{type}: odds apply to lines placed afterwards only. */
export function useUpdateGame(type: LotteryType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: AdminLotteryUpdate): Promise<AdminLotteryGame> =>
      adminLotteryGameSchema.parse(
        await api<unknown>(`admin/lottery/${type}`, { method: "PUT", body: adminLotteryUpdateSchema.parse(change) }),
      ),
    onSettled: () => invalidateLotteryViews(queryClient),
  });
}

/** GET /api/admin/lottery/{type}/numbers: the numbers marked hot or blocked. */
export function useNumberRules(type: LotteryType) {
  return useQuery({
    queryKey: lotteryAdminKeys.numbers(type),
    queryFn: async ({ signal }) => numberRuleListSchema.parse(await api<unknown>(`admin/lottery/${type}/numbers`, { signal })).data,
  });
}

/** PUT /api/admin/lottery/{type}/numbers {numbers, hot?, blocked?}: false + false clears the marks. */
export function useSetNumberRules(type: LotteryType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: { numbers: string[]; hot?: boolean; blocked?: boolean }) =>
      numberRuleListSchema.parse(
        await api<unknown>(`admin/lottery/${type}/numbers`, { method: "PUT", body: numberRuleUpdateSchema.parse(change) }),
      ),
    onSettled: () => invalidateLotteryViews(queryClient),
  });
}

/** POST /api/admin/lottery/{type}/off-days {day} or DELETE …/off-days/{day}. Adding voids that day's draws (refunds). */
export function useOffDay(type: LotteryType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ day, add }: { day: string; add: boolean }) =>
      offDaysResponseSchema.parse(
        add
          ? await api<unknown>(`admin/lottery/${type}/off-days`, { method: "POST", body: { day } })
          : await api<unknown>(`admin/lottery/${type}/off-days/${day}`, { method: "DELETE" }),
      ),
    onSettled: () => invalidateLotteryViews(queryClient),
  });
}
