import { Suspense, useEffect } from "react";
import { api } from "../../../lib/api-client.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { lazyPage } from "../../../lib/lazy-page.tsx";
import { onRealtimeStatus, subscribeRealtime } from "../../../lib/realtime.ts";
import { useSession } from "../../../lib/session-store.ts";
import { joinVisitorConversation, readVisitorToken, visitorHeaders } from "../lib/visitor-token.ts";
import { useChat } from "../stores/chat.ts";

// The panel (and the schema library it uses) downloads on the first tap, never with the page.
const ChatPanel = lazyPage(() => import("./chat-panel.tsx").then((m) => m.ChatPanel));

/** Asks how many staff messages wait unread (no answer when there is no conversation yet). */
async function fetchUnread(signedIn: boolean): Promise<number> {
  const headers = visitorHeaders(signedIn);
  if (!signedIn && !headers["x-support-token"]) return 0;
  const thread = await api<{ unread?: number }>("support/conversation", { headers });
  return typeof thread?.unread === "number" ? thread.unread : 0;
}

/**
 * The support chat's round button at the bottom right of every player page, above the lottery bet
 * bar, with the count of unread answers. A new answer on the socket raises the count while the
 * panel is closed. The panel itself loads on the first tap.
 */
export function ChatButton() {
  const { t, ready } = useTranslation("support", { useSuspense: false });
  const token = useSession((s) => s.user?.token);
  const signedIn = Boolean(token);
  const open = useChat((s) => s.open);
  const unread = useChat((s) => s.unread);

  useEffect(() => {
    let live = true;
    fetchUnread(signedIn).then(
      (n) => live && useChat.getState().setUnread(useChat.getState().open ? 0 : n),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [signedIn]);

  useEffect(
    () =>
      subscribeRealtime("support_message", (m) => {
        const message = m.message as { sender?: string } | undefined;
        if (message?.sender === "staff") useChat.getState().addUnread();
      }),
    [],
  );

  // A visitor with a conversation: the socket joins it, so answers come live (the badge too).
  useEffect(() => {
    joinVisitorConversation(signedIn ? null : readVisitorToken());
    const stops = [
      subscribeRealtime("support_joined", (m) => useChat.getState().setVisitorLive(typeof m.conversation_id === "number"), {
        catchUp: true,
      }),
      onRealtimeStatus((up) => {
        if (!up) useChat.getState().setVisitorLive(false);
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [signedIn]);

  // A notification's link (…?support=open) opens the chat.
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get("support") === "open") useChat.getState().setOpen(true);
  }, []);

  if (!ready) return null;
  return (
    <>
      {open ? null : (
        // Above the install banner while it is shown (its height: --install-banner-h, install-banner.tsx).
        <button
          type="button"
          onClick={() => useChat.getState().setOpen(true)}
          onPointerEnter={() => void ChatPanel.preload()}
          aria-label={unread > 0 ? t("button.unread", { count: unread }) : t("button.open")}
          data-testid="support-button"
          className="fixed right-3 bottom-[max(calc(6.5rem+env(safe-area-inset-bottom)),calc(var(--install-banner-h,0px)+0.5rem))] z-30 flex size-13 items-center justify-center rounded-full bg-gold text-bg shadow-card transition-colors hover:bg-gold-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold xl:right-5 xl:bottom-[max(1.5rem,calc(var(--install-banner-h,0px)+0.5rem))]"
        >
          <svg width={26} height={26} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
            <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" strokeLinejoin="round" />
            <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" strokeLinecap="round" strokeWidth={2.6} />
          </svg>
          {unread > 0 ? (
            <span
              data-testid="support-unread"
              className="tabular absolute -top-1 -right-1 min-w-5 rounded-full bg-danger px-1 text-center text-xs leading-5 font-bold text-bg"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          ) : null}
        </button>
      )}
      {open ? (
        <Suspense fallback={null}>
          <ChatPanel onClose={() => useChat.getState().setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
