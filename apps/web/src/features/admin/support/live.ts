import { SUPPORT_INBOX_TOPIC, SUPPORT_TYPING_SHOWN_MS } from "@shwe/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { onRealtimeStatus, setWatchedTopics, subscribeRealtime } from "../../../lib/realtime.ts";
import { useLiveBalance } from "../../session/hooks/use-live-balance.ts";
import { supportInboxKeys } from "../api/query-keys.ts";

/**
 * The inbox kept live over the operator's socket: the page opens the socket, watches the console's
 * topic and, on every `support_inbox` message (a message, typing, a read mark, an assignment or a
 * status changed, on whichever server instance), reads the inbox and that conversation again at
 * once. Answers true while the server has granted the topic on an open socket; while false (socket
 * down, not granted) the inbox and the conversation fall back to a slow poll.
 */
export function useInboxLive(): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useLiveBalance();

  useEffect(() => {
    setWatchedTopics("support", [SUPPORT_INBOX_TOPIC]);
    return () => setWatchedTopics("support", []);
  }, []);

  useEffect(() => {
    const again = (conversationId: number | null) => {
      void queryClient.invalidateQueries({ queryKey: supportInboxKeys.inboxAll() });
      void queryClient.invalidateQueries({ queryKey: supportInboxKeys.stats() });
      void queryClient.invalidateQueries({
        queryKey: conversationId === null ? supportInboxKeys.threadAll() : supportInboxKeys.thread(conversationId),
      });
    };
    const typingTimers = new Map<number, ReturnType<typeof setTimeout>>();
    const stops = [
      subscribeRealtime(
        "watching",
        (m) => {
          const granted = Array.isArray(m.topics) && m.topics.includes(SUPPORT_INBOX_TOPIC);
          setLive(granted);
          // What changed while the socket was away is read now.
          if (granted) again(null);
        },
        { catchUp: true },
      ),
      subscribeRealtime("support_inbox", (m) => {
        const id = typeof m.conversation_id === "number" ? m.conversation_id : null;
        again(id);
        // "Typing…" shows for a few seconds after the last notice: read again once it is over.
        if (m.change === "typing" && id !== null) {
          clearTimeout(typingTimers.get(id));
          typingTimers.set(
            id,
            setTimeout(() => again(id), SUPPORT_TYPING_SHOWN_MS + 500),
          );
        }
      }),
      onRealtimeStatus((up) => {
        if (!up) setLive(false);
      }),
    ];
    return () => {
      for (const stop of stops) stop();
      for (const timer of typingTimers.values()) clearTimeout(timer);
    };
  }, [queryClient]);

  return live;
}
