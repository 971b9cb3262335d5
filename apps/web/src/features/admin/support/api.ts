import {
  adminSupportInboxSchema,
  adminSupportThreadSchema,
  type SupportCanned,
  type SupportCannedBody,
  type SupportTab,
  supportCannedListSchema,
  supportCannedSchema,
  supportMessageSchema,
  supportOperatorsSchema,
  supportPlayerContextSchema,
  supportStatsSchema,
} from "@shwe/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { supportInboxKeys } from "../api/query-keys.ts";

/**
 * While the socket is not live (down, or the inbox topic not granted), the inbox and the open
 * conversation are asked again this often; while it is, only when the socket says something changed.
 */
export const FALLBACK_REFRESH_MS = 15_000;

/** GET /api/admin/support/conversations?tab=… */
export function useInbox(tab: SupportTab, live: boolean) {
  return useQuery({
    queryKey: supportInboxKeys.inbox(tab),
    queryFn: async ({ signal }) =>
      adminSupportInboxSchema.parse(await api<unknown>("admin/support/conversations", { signal, query: { tab } })),
    refetchInterval: live ? false : FALLBACK_REFRESH_MS,
  });
}

/** GET /api/admin/support/conversations/:id (opening it marks the player's messages read). */
export function useConversation(id: number | undefined, live: boolean) {
  return useQuery({
    queryKey: supportInboxKeys.thread(id ?? 0),
    queryFn: async ({ signal }) => adminSupportThreadSchema.parse(await api<unknown>(`admin/support/conversations/${id}`, { signal })),
    enabled: id !== undefined,
    refetchInterval: live ? false : FALLBACK_REFRESH_MS,
  });
}

/** GET /api/admin/support/conversations/:id/context: balances, last cash requests and slips. */
export function usePlayerContext(id: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: supportInboxKeys.context(id ?? 0),
    queryFn: async ({ signal }) =>
      supportPlayerContextSchema.parse(await api<unknown>(`admin/support/conversations/${id}/context`, { signal })),
    enabled: id !== undefined && enabled,
  });
}

export function useOperators() {
  return useQuery({
    queryKey: supportInboxKeys.operators(),
    queryFn: async ({ signal }) => supportOperatorsSchema.parse(await api<unknown>("admin/support/operators", { signal })),
    staleTime: 60_000,
  });
}

export function useSupportStats() {
  return useQuery({
    queryKey: supportInboxKeys.stats(),
    queryFn: async ({ signal }) => supportStatsSchema.parse(await api<unknown>("admin/support/stats", { signal })),
    refetchInterval: 30_000,
  });
}

/** POST …/messages {text}, or …/images (an image with an optional caption): the answer (audited). */
export function useAnswer(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ text, image }: { text: string; image?: File | undefined }) => {
      if (!image)
        return supportMessageSchema.parse(
          await api<unknown>(`admin/support/conversations/${id}/messages`, { method: "POST", body: { text } }),
        );
      const form = new FormData();
      if (text.trim()) form.append("text", text);
      form.append("image", image);
      return supportMessageSchema.parse(await api<unknown>(`admin/support/conversations/${id}/images`, { method: "POST", body: form }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportInboxKeys.all() }),
  });
}

/** Tells the player the operator is typing (best effort). */
export function sendStaffTyping(id: number): void {
  void api(`admin/support/conversations/${id}/typing`, { method: "POST" }).catch(() => undefined);
}

/** Take / hand over / release (operator_id null), close and reopen. */
export function useConversationAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: { kind: "assign"; operatorId: number | null } | { kind: "close" } | { kind: "reopen" }) =>
      action.kind === "assign"
        ? api(`admin/support/conversations/${id}/assign`, { method: "POST", body: { operator_id: action.operatorId } })
        : api(`admin/support/conversations/${id}/${action.kind}`, { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportInboxKeys.all() }),
  });
}

export function useCanned() {
  return useQuery({
    queryKey: supportInboxKeys.canned(),
    queryFn: async ({ signal }) => supportCannedListSchema.parse(await api<unknown>("admin/support/canned", { signal })),
  });
}

export function useCannedChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      change:
        | { kind: "create"; body: SupportCannedBody }
        | { kind: "update"; id: number; body: SupportCannedBody }
        | { kind: "delete"; id: number },
    ): Promise<SupportCanned | undefined> => {
      if (change.kind === "create")
        return supportCannedSchema.parse(await api<unknown>("admin/support/canned", { method: "POST", body: change.body }));
      if (change.kind === "update")
        return supportCannedSchema.parse(await api<unknown>(`admin/support/canned/${change.id}`, { method: "PUT", body: change.body }));
      await api(`admin/support/canned/${change.id}`, { method: "DELETE" });
      return undefined;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportInboxKeys.canned() }),
  });
}
