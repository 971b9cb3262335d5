import {
  type AdminPoints,
  adminPointRewardSchema,
  adminPointsSchema,
  type CreatePointRewardBody,
  createPointRewardBodySchema,
  pointPayoutsSchema,
  pointRateBodySchema,
  type UpdatePointRewardBody,
  updatePointRewardBodySchema,
} from "@shwe/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../../lib/api-client.ts";
import { adminKeys } from "../../api/query-keys.ts";

/** GET /api/admin/points: the earning rate and every reward. */
export function usePointsOverview() {
  return useQuery({
    queryKey: adminKeys.points(),
    queryFn: async ({ signal }) => adminPointsSchema.parse(await api<unknown>("admin/points", { signal })),
  });
}

/** GET /api/admin/points/payouts: claims per day and reward in a range of days. */
export function usePointPayouts(start: string, end: string) {
  return useQuery({
    queryKey: adminKeys.pointPayouts(start, end),
    queryFn: async ({ signal }) =>
      pointPayoutsSchema.parse(await api<unknown>("admin/points/payouts", { signal, query: { start_date: start, end_date: end } })),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([adminKeys.points(), adminKeys.auditLog()].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** PUT /api/admin/points/rate (audited). */
export function useUpdatePointRate() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (kyatPerPoint: number) =>
      pointRateBodySchema.parse(
        await api<unknown>("admin/points/rate", { method: "PUT", body: pointRateBodySchema.parse({ kyat_per_point: kyatPerPoint }) }),
      ).kyat_per_point,
    onSuccess: (rate) => queryClient.setQueryData<AdminPoints>(adminKeys.points(), (old) => (old ? { ...old, kyat_per_point: rate } : old)),
    onSettled: refresh,
  });
}

/** POST /api/admin/points/rewards (audited). */
export function useCreatePointReward() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: CreatePointRewardBody) =>
      adminPointRewardSchema.parse(
        await api<unknown>("admin/points/rewards", { method: "POST", body: createPointRewardBodySchema.parse(body) }),
      ),
    onSettled: refresh,
  });
}

/** PUT /api/admin/points/rewards/{id} (audited). */
export function useUpdatePointReward() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: UpdatePointRewardBody }) =>
      adminPointRewardSchema.parse(
        await api<unknown>(`admin/points/rewards/${id}`, { method: "PUT", body: updatePointRewardBodySchema.parse(body) }),
      ),
    onSettled: refresh,
  });
}
