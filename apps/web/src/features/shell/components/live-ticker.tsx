import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { contentLanguageOf, liveTextIn } from "../../../lib/content-language.ts";
import { LANGUAGES } from "../../../lib/i18n.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { subscribeRealtime } from "../../../lib/realtime.ts";
import { toast } from "../../../lib/toast.ts";
import { shellKeys } from "../api/query-keys.ts";

interface Chat {
  id: number;
  /** Burmese, and the other languages the operator wrote (the page shows its own, else Burmese). */
  text: string;
  translations: unknown;
  ms: number;
}

/** Each chat message shows this long unless the server says otherwise (site-spec: 20 s). */
const DEFAULT_SHOWN_MS = 20_000;
/** This part of the shell downloads after the socket may have opened: what arrived before is handed over. */
const catchUp = { catchUp: true };
/** At most this many messages wait their turn; older ones give way. */
const QUEUE_MAX = 20;

/**
 * The shell's live parts: the chat ticker (each operator message shown 20 s, one after another, in
 * the page's language where the operator wrote it, else Burmese),
 * the marquee replaced in place when an operator edits it, and operator broadcasts as a notice.
 */
export function LiveTicker() {
  const { t, i18n } = useTranslation("common");
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<readonly Chat[]>([]);
  const current = queue[0];

  useEffect(() => {
    const stops = [
      subscribeRealtime(
        "chat",
        (m) => {
          if (typeof m.text !== "string" || typeof m.event_id !== "number" || !m.text.trim()) return;
          const ms = typeof m.shown_for_ms === "number" && m.shown_for_ms > 0 ? m.shown_for_ms : DEFAULT_SHOWN_MS;
          const chat = { id: m.event_id, text: m.text, translations: m.translations, ms };
          setQueue((q) => (q.some((c) => c.id === chat.id) ? q : [...q, chat].slice(-QUEUE_MAX)));
        },
        catchUp,
      ),
      subscribeRealtime(
        "marquee",
        (m) => {
          if (typeof m.text !== "string") return;
          // Every language's marquee is replaced: a later language switch shows the new text too.
          for (const lng of LANGUAGES) queryClient.setQueryData(shellKeys.headerText(lng), liveTextIn(m.text, m.translations, lng).trim());
        },
        catchUp,
      ),
      subscribeRealtime(
        "broadcast",
        (m) => {
          if (typeof m.title !== "string" || typeof m.body !== "string") return;
          const lng = contentLanguageOf(i18n.language);
          toast.info(
            <div>
              <p className="font-bold">{liveTextIn(m.title, m.title_translations, lng)}</p>
              <p className="whitespace-pre-line break-words">{liveTextIn(m.body, m.body_translations, lng)}</p>
            </div>,
            { toastId: `broadcast-${String(m.event_id)}`, autoClose: 12_000 },
          );
        },
        catchUp,
      ),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient, i18n]);

  // The message on show leaves after its time; the next one in line follows.
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setQueue((q) => (q[0]?.id === current.id ? q.slice(1) : q)), current.ms);
    return () => clearTimeout(timer);
  }, [current]);

  if (!current) return null;
  // Chosen when shown, so a language switch while it runs shows it in the new language.
  const shown = liveTextIn(current.text, current.translations, contentLanguageOf(i18n.language));
  return (
    <section aria-label={t("ticker.label")} data-testid="chat-ticker" className="border-b border-line bg-surface-2 text-sm">
      <div className="mx-auto flex w-full max-w-6xl items-center gap-2 px-4 py-1.5 lg:px-6">
        <span className="shrink-0 rounded-full bg-gold px-2 py-0.5 text-xs font-bold text-bg">{t("ticker.badge")}</span>
        <p role="status" aria-live="polite" key={current.id} className="min-w-0 flex-1 break-words leading-[1.9]">
          {shown}
        </p>
        {queue.length > 1 ? <span className="tabular shrink-0 text-xs text-muted">+{queue.length - 1}</span> : null}
      </div>
    </section>
  );
}
