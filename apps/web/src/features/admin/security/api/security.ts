import {
  consoleChangeListSchema,
  consoleChangeSchema,
  consoleStatusSchema,
  type InviteOperatorBody,
  invitationViewSchema,
  operatorInvitationSchema,
  operatorListSchema,
  secondFactorEnabledSchema,
  secondFactorSetupSchema,
  secondFactorStatusSchema,
  secondFactorVerifiedSchema,
} from "@shwe/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../../lib/api-client.ts";
import { adminKeys, invitationKey } from "../../api/query-keys.ts";

/** GET /api/admin/2fa: enrolled, and passed by this sign-in. */
export function useSecondFactorStatus() {
  return useQuery({
    queryKey: adminKeys.secondFactor(),
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
    queryKey: adminKeys.operators(),
    queryFn: async ({ signal }) => operatorListSchema.parse(await api<unknown>("admin/operators", { signal })),
    enabled,
  });
}

/** POST /api/admin/operators (admins): an invitation; the one-time link comes back this once. */
export function useInviteOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: InviteOperatorBody) =>
      operatorInvitationSchema.parse(await api<unknown>("admin/operators", { method: "POST", body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** POST /api/admin/operators/{id}/2fa/reset (admins): applied, or waiting for a second admin. */
export function useResetOperatorSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      consoleChangeSchema.parse(await api<unknown>(`admin/operators/${id}/2fa/reset`, { method: "POST", body: {} })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** POST /api/admin/operators/{id}/role {role} (admins; not their own): applied, or waiting for a second admin. */
export function useChangeOperatorRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, role }: { id: number; role: "operator" | "admin" }) =>
      consoleChangeSchema.parse(await api<unknown>(`admin/operators/${id}/role`, { method: "POST", body: { role } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** GET /api/admin/operators/changes (admins): what waits for a second admin. */
export function useConsoleChanges(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.consoleChanges(),
    queryFn: async ({ signal }) => consoleChangeListSchema.parse(await api<unknown>("admin/operators/changes", { signal })),
    enabled,
  });
}

/** POST /api/admin/operators/changes/{id}/confirm | reject (admins). */
export function useDecideConsoleChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, approve }: { id: number; approve: boolean }) =>
      consoleChangeSchema.parse(
        await api<unknown>(`admin/operators/changes/${id}/${approve ? "confirm" : "reject"}`, { method: "POST", body: {} }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** GET /api/admin/console: whether maker–checker is in force (two admins or more). */
export function useConsoleStatus() {
  return useQuery({
    queryKey: adminKeys.consoleStatus(),
    queryFn: async ({ signal }) => consoleStatusSchema.parse(await api<unknown>("admin/console", { signal })),
    staleTime: 60_000,
  });
}

/** POST /api/console-invitation {token}: what an invitation is for (no sign-in). */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: invitationKey(token),
    queryFn: async () => invitationViewSchema.parse(await api<unknown>("console-invitation", { method: "POST", body: { token } })),
    enabled: token.length > 0,
    retry: false,
  });
}

/** POST /api/console-invitation/setup {token}: the proposed secret and its QR code. */
export function useInvitationSetup() {
  return useMutation({
    mutationFn: async (token: string) =>
      secondFactorSetupSchema.parse(await api<unknown>("console-invitation/setup", { method: "POST", body: { token } })),
  });
}

/** POST /api/console-invitation/complete {token, password, code}: the recovery codes, this once. */
export function useCompleteInvitation() {
  return useMutation({
    mutationFn: async (body: { token: string; password: string; code: string }) =>
      secondFactorEnabledSchema.parse(await api<unknown>("console-invitation/complete", { method: "POST", body })),
  });
}
