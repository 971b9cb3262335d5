import {
  SUPPORT_TEXT_MAX,
  type SupportMessage,
  type SupportThread,
  supportMessageSchema,
  supportThreadSchema,
  supportVisitorResponseSchema,
} from "@shwe/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiBytes } from "../../../lib/api-bytes.ts";
import { ApiError, api } from "../../../lib/api-client.ts";
import { saveVisitorToken, visitorHeaders } from "../lib/visitor-token.ts";
import { supportKeys } from "./query-keys.ts";

export { SUPPORT_TEXT_MAX };

/** How often a visitor's open panel asks for new answers while its socket has not joined the conversation (down). */
export const VISITOR_FALLBACK_MS = 15_000;

/**
 * GET /api/support/conversation for the signed-in player, or for the visitor's token (none: no
 * query). Answers come on the socket; a visitor's panel polls slowly only while `visitorLive` is false.
 */
export function useThread(who: string, signedIn: boolean, hasVisitorToken: boolean, visitorLive: boolean) {
  return useQuery({
    queryKey: supportKeys.thread(who),
    queryFn: async ({ signal }) =>
      supportThreadSchema.parse(await api<unknown>("support/conversation", { signal, headers: visitorHeaders(signedIn) })),
    enabled: signedIn || hasVisitorToken,
    // Answers that came while the panel was closed (only the badge heard them): asked again at each opening.
    refetchOnMount: "always",
    refetchInterval: signedIn || visitorLive ? false : VISITOR_FALLBACK_MS,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
}

/** Adds a message to the cached thread once (a message may arrive by the answer and the socket both). */
export function withMessage(thread: SupportThread | undefined, message: SupportMessage): SupportThread | undefined {
  if (!thread) return thread;
  if (thread.messages.some((m) => m.id === message.id)) return thread;
  return { ...thread, messages: [...thread.messages, message].sort((a, b) => a.id - b.id) };
}

/** POST /api/support/messages (text) or /api/support/images (an image, with an optional caption). */
export function useSendMessage(who: string, signedIn: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { text: string; image?: File | undefined }) => {
      const headers = visitorHeaders(signedIn);
      if (input.image) {
        const form = new FormData();
        if (input.text.trim()) form.append("text", input.text);
        form.append("image", input.image);
        return supportMessageSchema.parse(await api<unknown>("support/images", { method: "POST", body: form, headers }));
      }
      return supportMessageSchema.parse(await api<unknown>("support/messages", { method: "POST", body: { text: input.text }, headers }));
    },
    onSuccess: async (message) => {
      const key = supportKeys.thread(who);
      const cached = queryClient.getQueryData<SupportThread>(key);
      if (cached?.conversation) queryClient.setQueryData<SupportThread>(key, (t) => withMessage(t, message));
      else await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

/** POST /api/support/visitor {phone}: the visitor's conversation token, kept in this browser. */
export function useStartVisitor() {
  return useMutation({
    mutationFn: async (phone: string) => {
      const res = supportVisitorResponseSchema.parse(
        await api<unknown>("support/visitor", { method: "POST", body: { phone }, anonymous: true }),
      );
      saveVisitorToken(res.token);
      return res;
    },
  });
}

/** Tells the server the player read the staff messages up to `upTo` (best effort). */
export function markRead(signedIn: boolean, upTo: number): void {
  void api("support/read", { method: "POST", body: { up_to: upTo }, headers: visitorHeaders(signedIn) }).catch(() => undefined);
}

/** Tells the operators the player is typing (best effort). */
export function sendTyping(signedIn: boolean): void {
  void api("support/typing", { method: "POST", headers: visitorHeaders(signedIn) }).catch(() => undefined);
}

/**
 * The image of a message, fetched with the caller's credentials (an <img> cannot send them) and
 * shown from memory.
 */
export async function fetchSupportImage(url: string, signedIn: boolean, signal?: AbortSignal): Promise<Blob> {
  const { blob } = await apiBytes(url, { headers: visitorHeaders(signedIn), ...(signal ? { signal } : {}) });
  return blob;
}
