import {
  type ReferralFlag,
  type ReferralSettings,
  referralDecisionBodySchema,
  referralFlagListSchema,
  referralFlagSchema,
  referralPayoutsSchema,
  referralSettingsSchema,
} from "@shwe/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { adminKeys } from "../api/query-keys.ts";

export type FlagFilter = "held" | "cleared" | "forfeited" | "all";

/** GET /api/admin/referral/flags?status: flagged referrers with the referees of each device / network group. */
export function useReferralFlags(status: FlagFilter) {
  return useQuery({
    queryKey: adminKeys.referralFlags(status),
    queryFn: async ({ signal }) =>
      referralFlagListSchema.parse(await api<unknown>("admin/referral/flags", { signal, query: { status } })).data,
    staleTime: 0,
  });
}

/** POST /api/admin/referral/flags/:id/{clear|forfeit} {reason} (audited). */
export function useDecideReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { referrerId: number; decision: "clear" | "forfeit"; reason: string }): Promise<ReferralFlag> => {
      const data = await api<unknown>(`admin/referral/flags/${input.referrerId}/${input.decision}`, {
        method: "POST",
        body: referralDecisionBodySchema.parse({ reason: input.reason }),
      });
      return referralFlagSchema.parse(data);
    },
    onSettled: () =>
      Promise.all([adminKeys.referral(), adminKeys.auditLog()].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** GET /api/admin/referral/settings: the share and the farming rule. */
export function useReferralSettings() {
  return useQuery({
    queryKey: adminKeys.referralSettings(),
    queryFn: async ({ signal }) => referralSettingsSchema.parse(await api<unknown>("admin/referral/settings", { signal })),
  });
}

/** PUT /api/admin/referral/settings (audited). */
export function useUpdateReferralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (next: ReferralSettings) =>
      referralSettingsSchema.parse(
        await api<unknown>("admin/referral/settings", { method: "PUT", body: referralSettingsSchema.parse(next) }),
      ),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.referralSettings(), saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() }),
  });
}

/** GET /api/admin/referral/payouts?days: per-day earned / claimed / forfeited, outstanding and held. */
export function useReferralPayouts(days = 30) {
  return useQuery({
    queryKey: adminKeys.referralPayouts(days),
    queryFn: async ({ signal }) => referralPayoutsSchema.parse(await api<unknown>("admin/referral/payouts", { signal, query: { days } })),
  });
}
