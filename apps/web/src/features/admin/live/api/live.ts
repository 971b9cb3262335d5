import {
  type LiveBroadcastBody,
  type LiveChatBody,
  liveBroadcastBodySchema,
  liveChatBodySchema,
  liveConnectionsSchema,
  liveSentSchema,
} from "@shwe/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../../lib/api-client.ts";
import { adminKeys } from "../../api/query-keys.ts";

/** How often the console asks again how many are connected. */
const CONNECTIONS_REFRESH_MS = 10_000;

/** GET /api/admin/live/connections: open sockets now, over every server process. */
export function useLiveConnections() {
  return useQuery({
    queryKey: adminKeys.liveConnections(),
    queryFn: async ({ signal }) => liveConnectionsSchema.parse(await api<unknown>("admin/live/connections", { signal })),
    refetchInterval: CONNECTIONS_REFRESH_MS,
  });
}

/**
 * POST /api/admin/live/chat {text, translations}: a ticker message on every open page (audited), Burmese
 * `text` required, the other languages optional (each page shows its own, else Burmese).
 */
export function useSendChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LiveChatBody) =>
      liveSentSchema.parse(await api<unknown>("admin/live/chat", { method: "POST", body: liveChatBodySchema.parse(body) })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() }),
  });
}

/** POST /api/admin/live/broadcast {title, body, phone?}: to everyone, or to one player (audited). */
export function useSendBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LiveBroadcastBody) =>
      liveSentSchema.parse(await api<unknown>("admin/live/broadcast", { method: "POST", body: liveBroadcastBodySchema.parse(body) })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.auditLog() }),
  });
}
