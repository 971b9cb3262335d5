import {
  type CreateOperatorBody,
  operatorListSchema,
  operatorRowSchema,
  secondFactorEnabledSchema,
  secondFactorSetupSchema,
  secondFactorStatusSchema,
  secondFactorVerifiedSchema,
} from "@shwe/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../../lib/api-client.ts";
import { adminKeys } from "../../api/query-keys.ts";

export const secondFactorKey = () => [...adminKeys.all, "second-factor"] as const;
export const operatorsKey = () => [...adminKeys.all, "operators"] as const;

/** GET /api/admin/2fa: enrolled, and passed by this sign-in. */
export function useSecondFactorStatus() {
  return useQuery({
    queryKey: secondFactorKey(),
    queryFn: async ({ signal }) => secondFactorStatusSchema.parse(await api<unknown>("admin/2fa", { signal })),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** POST /api/admin/2fa/setup: a secret proposed, with its otpauth URL for the QR code. */
export function useSecondFactorSetup() {
  return useMutation({
    mutationFn: async () => secondFactorSetupSchema.parse(await api<unknown>("admin/2fa/setup", { method: "POST", body: {} })),
  });
}

/** POST /api/admin/2fa/enable {code}: enrolled; the recovery codes come back this once. */
export function useEnableSecondFactor() {
  return useMutation({
    mutationFn: async (code: string) =>
      secondFactorEnabledSchema.parse(await api<unknown>("admin/2fa/enable", { method: "POST", body: { code } })),
  });
}

/** POST /api/admin/2fa/verify {code}: this sign-in passes; the console opens. */
export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      secondFactorVerifiedSchema.parse(await api<unknown>("admin/2fa/verify", { method: "POST", body: { code } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** GET /api/admin/operators (admins). */
export function useOperators(enabled: boolean) {
  return useQuery({
    queryKey: operatorsKey(),
    queryFn: async ({ signal }) => operatorListSchema.parse(await api<unknown>("admin/operators", { signal })),
    enabled,
  });
}

/** POST /api/admin/operators (admins). */
export function useCreateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateOperatorBody) =>
      operatorRowSchema.parse(await api<unknown>("admin/operators", { method: "POST", body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorsKey() }),
  });
}

/** POST /api/admin/operators/{id}/2fa/reset (admins). */
export function useResetOperatorSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      operatorRowSchema.parse(await api<unknown>(`admin/operators/${id}/2fa/reset`, { method: "POST", body: {} })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorsKey() }),
  });
}
