import { SUPPORT_TYPING_SHOWN_MS, type SupportMessage, type SupportThread } from "@shwe/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { AttachImageButton } from "../../../components/attach-image-button.tsx";
import { Button } from "../../../components/button.tsx";
import { Field } from "../../../components/field.tsx";
import { CloseIcon } from "../../../components/icons.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { subscribeRealtime } from "../../../lib/realtime.ts";
import { useSession } from "../../../lib/session-store.ts";
import { supportKeys } from "../api/query-keys.ts";
import {
  fetchSupportImage,
  markRead,
  SUPPORT_TEXT_MAX,
  sendTyping,
  useSendMessage,
  useStartVisitor,
  useThread,
  withMessage,
} from "../api/thread.ts";
import { joinVisitorConversation, readVisitorToken } from "../lib/visitor-token.ts";
import { useChat } from "../stores/chat.ts";

/** At most one typing notice per this long. */
const TYPING_EVERY_MS = 3_000;

function errorText(t: (key: string, opts?: Record<string, unknown>) => string, err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === "RATE_LIMITED") return t("errors.rateLimited");
    if (err.status === 400) return t("errors.invalid");
    if (err.status === 413) return t("errors.tooBig");
  }
  return t("errors.failed");
}

/**
 * The support chat: a sheet from the bottom on a phone, a card at the bottom right on a wide
 * screen. A visitor first gives a phone number; a player writes at once. Messages are shown as
 * text (never HTML), with images, the player's own marked sent or read, and "typing…" while an
 * operator writes. Answers arrive on the socket (a visitor's once it joined the conversation;
 * while the socket is down a visitor's panel asks slowly).
 */
export function ChatPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("support");
  const titleId = useId();
  const user = useSession((s) => s.user);
  const signedIn = Boolean(user?.token);
  const [visitorToken, setVisitorToken] = useState(() => (signedIn ? null : readVisitorToken()));
  const who = signedIn ? `u${user?.id}` : `v${visitorToken ?? ""}`;
  const queryClient = useQueryClient();
  const visitorLive = useChat((s) => s.visitorLive);
  const thread = useThread(who, signedIn, Boolean(visitorToken), visitorLive);
  const [staffTyping, setStaffTyping] = useState(false);

  // A visitor's socket joins the conversation as soon as there is one; once joined, what came meanwhile is read.
  useEffect(() => {
    if (!signedIn) joinVisitorConversation(visitorToken);
  }, [signedIn, visitorToken]);
  useEffect(() => {
    if (!signedIn && visitorLive) void queryClient.invalidateQueries({ queryKey: supportKeys.thread(who) });
  }, [signedIn, visitorLive, who, queryClient]);

  // A visitor's token the server no longer knows: ask for the phone again.
  useEffect(() => {
    if (!signedIn && thread.error instanceof ApiError && thread.error.status === 404) setVisitorToken(null);
  }, [signedIn, thread.error]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);

  // Live (a player's socket, or a visitor's joined to the conversation): new messages, the operator typing, the operator having read.
  useEffect(() => {
    const key = supportKeys.thread(who);
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const stops = [
      subscribeRealtime("support_message", (m) => {
        const message = m.message as SupportMessage;
        if (message.sender === "staff") setStaffTyping(false);
        const cached = queryClient.getQueryData<SupportThread>(key);
        if (cached?.conversation) queryClient.setQueryData<SupportThread>(key, (th) => withMessage(th, message));
        else void queryClient.invalidateQueries({ queryKey: key });
      }),
      subscribeRealtime("support_typing", () => {
        setStaffTyping(true);
        clearTimeout(typingTimer);
        typingTimer = setTimeout(() => setStaffTyping(false), SUPPORT_TYPING_SHOWN_MS);
      }),
      subscribeRealtime("support_resync", () => void queryClient.invalidateQueries({ queryKey: key })),
      subscribeRealtime("support_read", (m) => {
        const upTo = Number(m.up_to);
        queryClient.setQueryData<SupportThread>(key, (th) =>
          th?.conversation
            ? { ...th, conversation: { ...th.conversation, staff_read_id: Math.max(th.conversation.staff_read_id, upTo) } }
            : th,
        );
      }),
    ];
    return () => {
      clearTimeout(typingTimer);
      for (const stop of stops) stop();
    };
  }, [who, queryClient]);

  // The panel is open: every staff message shown is read.
  const data = thread.data;
  const lastStaff = data?.messages.reduce((max, m) => (m.sender === "staff" ? Math.max(max, m.id) : max), 0) ?? 0;
  useEffect(() => {
    if (!data?.conversation || lastStaff <= data.conversation.player_read_id) return;
    markRead(signedIn, lastStaff);
    useChat.getState().setUnread(0);
    queryClient.setQueryData<SupportThread>(supportKeys.thread(who), (th) =>
      th?.conversation ? { ...th, unread: 0, conversation: { ...th.conversation, player_read_id: lastStaff } } : th,
    );
  }, [data, lastStaff, signedIn, who, queryClient]);

  const needsPhone = !signedIn && !visitorToken;
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-end bg-black/50 xl:inset-auto xl:right-5 xl:bottom-5 xl:bg-transparent">
      <button type="button" aria-label={t("close")} tabIndex={-1} className="absolute inset-0 cursor-default xl:hidden" onClick={onClose} />
      <section
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="support-panel"
        className="relative flex h-[85dvh] w-full flex-col overflow-hidden rounded-t-card border border-line bg-surface shadow-card xl:h-[34rem] xl:w-[24rem] xl:rounded-card"
      >
        <header className="flex items-center gap-3 border-b border-line px-4 py-2">
          <div className="min-w-0 flex-1 leading-tight">
            <h2 id={titleId} className="text-base font-bold text-gold">
              {t("title")}
            </h2>
            <p className="text-xs text-muted">{staffTyping ? t("typing") : t("subtitle")}</p>
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label={t("close")}
            className="flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-text focus-visible:outline-2 focus-visible:outline-gold"
          >
            <CloseIcon />
          </button>
        </header>
        {needsPhone ? (
          <VisitorStart onStarted={(token) => setVisitorToken(token)} />
        ) : (
          <>
            <MessageList thread={data} loading={thread.isPending} failed={thread.isError} signedIn={signedIn} staffTyping={staffTyping} />
            <Composer who={who} signedIn={signedIn} />
          </>
        )}
      </section>
    </div>
  );
}

function VisitorStart({ onStarted }: { onStarted: (token: string) => void }) {
  const { t } = useTranslation("support");
  const [phone, setPhone] = useState("");
  const start = useStartVisitor();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    start.mutate(phone, { onSuccess: (res) => onStarted(res.token) });
  };
  const error = start.error
    ? start.error instanceof ApiError && start.error.status === 400
      ? t("visitor.badPhone")
      : errorText(t, start.error)
    : undefined;
  return (
    <form onSubmit={submit} className="flex flex-1 flex-col gap-4 overflow-y-auto p-4">
      <p className="text-sm text-muted">{t("visitor.intro")}</p>
      <Field
        label={t("visitor.phone")}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        error={error}
        maxLength={20}
        required
      />
      <Button type="submit" disabled={start.isPending || phone.trim().length < 9}>
        {t("visitor.start")}
      </Button>
    </form>
  );
}

function MessageList({
  thread,
  loading,
  failed,
  signedIn,
  staffTyping,
}: {
  thread: SupportThread | undefined;
  loading: boolean;
  failed: boolean;
  signedIn: boolean;
  staffTyping: boolean;
}) {
  const { t } = useTranslation("support");
  const end = useRef<HTMLDivElement>(null);
  const count = thread?.messages.length ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when a message or the typing notice comes
  useEffect(() => {
    void end.current?.scrollIntoView?.({ block: "end" });
  }, [count, staffTyping]);
  const staffRead = thread?.conversation?.staff_read_id ?? 0;
  return (
    <div className="flex flex-1 flex-col gap-2 overflow-y-auto px-3 py-3" aria-live="polite" data-testid="support-messages">
      {count === 0 ? (
        <p className="m-auto max-w-60 text-center text-sm text-muted">
          {loading ? t("loading") : failed ? t("errors.failed") : t("empty")}
        </p>
      ) : null}
      {thread?.messages.map((m) => {
        const mine = m.sender === "player";
        return (
          <div key={m.id} className={`flex max-w-[85%] flex-col ${mine ? "items-end self-end" : "items-start self-start"}`}>
            {!mine && m.operator_name ? <span className="mb-0.5 px-1 text-xs text-faint">{m.operator_name}</span> : null}
            <div
              className={`rounded-2xl px-3 py-2 text-sm ${mine ? "rounded-br-md bg-gold text-bg" : "rounded-bl-md bg-surface-2 text-text"}`}
            >
              {m.image_url ? <MessageImage url={m.image_url} signedIn={signedIn} /> : null}
              {m.body ? <p className="break-words whitespace-pre-wrap">{m.body}</p> : null}
            </div>
            <span className="tabular mt-0.5 px-1 text-[11px] text-faint">
              {new Date(m.created_at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}
              {mine ? ` · ${m.id <= staffRead ? t("state.read") : t("state.sent")}` : ""}
            </span>
          </div>
        );
      })}
      {staffTyping ? <p className="self-start rounded-2xl bg-surface-2 px-3 py-2 text-sm text-muted">{t("typing")}</p> : null}
      <div ref={end} />
    </div>
  );
}

function MessageImage({ url, signedIn }: { url: string; signedIn: boolean }) {
  const { t } = useTranslation("support");
  const query = useQuery({
    queryKey: supportKeys.image(url),
    queryFn: ({ signal }) => fetchSupportImage(url, signedIn, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    if (!query.data) return;
    const objectUrl = URL.createObjectURL(query.data);
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [query.data]);
  return src ? (
    <img src={src} alt={t("image")} className="mb-1 max-h-60 rounded-lg" />
  ) : (
    <span className="mb-1 block h-24 w-40 animate-pulse rounded-lg bg-black/10" />
  );
}

function Composer({ who, signedIn }: { who: string; signedIn: boolean }) {
  const { t } = useTranslation("support");
  const [text, setText] = useState("");
  const [image, setImage] = useState<File>();
  const fileRef = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);
  const send = useSendMessage(who, signedIn);
  const canSend = !send.isPending && (image !== undefined || text.trim().length > 0) && text.length <= SUPPORT_TEXT_MAX;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSend) return;
    send.mutate(
      { text, image },
      {
        onSuccess: () => {
          setText("");
          setImage(undefined);
          if (fileRef.current) fileRef.current.value = "";
        },
      },
    );
  };
  const onType = (value: string) => {
    setText(value);
    const now = Date.now();
    if (now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      sendTyping(signedIn);
    }
  };
  return (
    <form onSubmit={submit} className="border-t border-line p-2">
      {send.error ? (
        <p role="alert" className="mb-1 px-1 text-xs text-danger">
          {errorText(t, send.error)}
        </p>
      ) : null}
      {image ? (
        <p className="mb-1 flex items-center gap-2 px-1 text-xs text-muted">
          <span className="min-w-0 truncate">{t("attached", { name: image.name })}</span>
          <button type="button" className="text-gold underline" onClick={() => setImage(undefined)}>
            {t("remove")}
          </button>
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        <AttachImageButton label={t("attach")} inputRef={fileRef} testId="support-file" onPick={setImage} />
        <label className="sr-only" htmlFor={`${who}-text`}>
          {t("message")}
        </label>
        <textarea
          id={`${who}-text`}
          value={text}
          onChange={(e) => onType(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
          rows={1}
          maxLength={SUPPORT_TEXT_MAX}
          placeholder={t("placeholder")}
          className="max-h-28 min-h-11 flex-1 resize-none rounded-xl border border-line bg-surface-2 px-3 py-2.5 text-base text-text placeholder:text-faint focus:border-gold focus:ring-2 focus:ring-gold/30 focus:outline-none"
        />
        <Button type="submit" disabled={!canSend} className="shrink-0">
          {t("send")}
        </Button>
      </div>
      {text.length > SUPPORT_TEXT_MAX - 100 ? (
        <p className="tabular mt-1 px-1 text-right text-xs text-faint">
          {text.length}/{SUPPORT_TEXT_MAX}
        </p>
      ) : null}
    </form>
  );
}
