import type { SupportMessage, SupportTab } from "@shwe/contracts";
import { formatAmount } from "@shwe/domain";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { AttachImageButton } from "../../../../components/attach-image-button.tsx";
import { Button } from "../../../../components/button.tsx";
import { adminPaths } from "../../../../config/console-paths.ts";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { Link, useSearchParams } from "../../../../lib/router.tsx";
import { useSession } from "../../../../lib/session-store.ts";
import { supportInboxKeys } from "../../api/query-keys.ts";
import { Badge, PageHeader, Panel } from "../../components/panel.tsx";
import { EmptyState, ListSkeleton, LoadError } from "../../components/query-state.tsx";
import {
  sendStaffTyping,
  useAnswer,
  useCanned,
  useConversation,
  useConversationAction,
  useInbox,
  useOperators,
  usePlayerContext,
} from "../api.ts";
import { CannedEditor } from "../components/canned-editor.tsx";
import { fetchConsoleImage } from "../image.ts";
import { useInboxLive } from "../live.ts";

const TABS: readonly SupportTab[] = ["open", "mine", "closed"];
const TYPING_EVERY_MS = 3_000;

/**
 * The support inbox: open / mine / closed conversations on the left, the conversation in the
 * middle, the player's balances, last cash requests and slips on the right. On a phone the list
 * and the conversation take turns (the open conversation is in the URL: ?id=…).
 */
export function SupportPage() {
  const { t } = useTranslation("support");
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get("tab") ?? "") ? (params.get("tab") as SupportTab) : "open";
  const idParam = Number(params.get("id"));
  const selected = Number.isSafeInteger(idParam) && idParam > 0 ? idParam : undefined;
  const set = (next: { tab?: SupportTab; id?: number | undefined }) => {
    const p = new URLSearchParams();
    p.set("tab", next.tab ?? tab);
    const id = "id" in next ? next.id : selected;
    if (id !== undefined) p.set("id", String(id));
    setParams(p, { replace: true });
  };
  const live = useInboxLive();
  return (
    <>
      <PageHeader title={t("console.title")} subtitle={t("console.subtitle")} />
      <div className="grid gap-4 lg:grid-cols-[18rem_minmax(0,1fr)] xl:grid-cols-[18rem_minmax(0,1fr)_17rem]">
        <div className={selected !== undefined ? "max-lg:hidden" : ""}>
          <Inbox
            live={live}
            tab={tab}
            selected={selected}
            onTab={(next) => set({ tab: next, id: undefined })}
            onPick={(id) => set({ id })}
          />
        </div>
        {selected !== undefined ? (
          <>
            <Conversation live={live} id={selected} onBack={() => set({ id: undefined })} />
            <PlayerSide live={live} id={selected} />
          </>
        ) : (
          <div className="max-lg:hidden">
            <EmptyState>{t("console.pick")}</EmptyState>
          </div>
        )}
      </div>
      <div className="mt-4">
        <CannedEditor />
      </div>
    </>
  );
}

function Inbox({
  live,
  tab,
  selected,
  onTab,
  onPick,
}: {
  live: boolean;
  tab: SupportTab;
  selected: number | undefined;
  onTab: (tab: SupportTab) => void;
  onPick: (id: number) => void;
}) {
  const { t } = useTranslation("support");
  const inbox = useInbox(tab, live);
  return (
    <Panel>
      <div role="tablist" aria-label={t("console.title")} className="mb-3 flex gap-1 rounded-card border border-line bg-surface-2 p-1">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={name === tab}
            onClick={() => onTab(name)}
            className={`min-h-11 flex-1 rounded-lg px-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-gold ${
              name === tab ? "bg-gold text-bg" : "text-muted hover:text-text"
            }`}
          >
            {t(`console.tabs.${name}`)}
          </button>
        ))}
      </div>
      {inbox.isPending ? (
        <ListSkeleton rows={4} className="h-16" />
      ) : inbox.isError ? (
        <LoadError error={inbox.error} onRetry={() => void inbox.refetch()} />
      ) : inbox.data.data.length === 0 ? (
        <EmptyState>{t("console.empty")}</EmptyState>
      ) : (
        <ul className="flex flex-col gap-1" data-testid="support-inbox">
          {inbox.data.data.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => onPick(c.id)}
                aria-current={c.id === selected ? "true" : undefined}
                className={`flex w-full flex-col gap-0.5 rounded-card border px-3 py-2 text-left focus-visible:outline-2 focus-visible:outline-gold ${
                  c.id === selected ? "border-gold bg-surface-2" : "border-transparent hover:bg-surface-2"
                }`}
              >
                <span className="flex items-center gap-2">
                  <span className="tabular min-w-0 flex-1 truncate text-sm font-semibold">
                    {c.name ? `${c.name} · ${c.phone}` : c.phone}
                  </span>
                  {c.unread > 0 ? (
                    <span className="tabular min-w-5 rounded-full bg-gold px-1.5 text-center text-xs leading-5 font-bold text-bg">
                      {c.unread}
                    </span>
                  ) : null}
                </span>
                <span className="truncate text-xs text-muted">{c.player_typing ? t("console.typing") : c.last_text}</span>
                <span className="flex items-center gap-1 text-[11px] text-faint">
                  {c.user_id === null ? <Badge>{t("console.visitor")}</Badge> : null}
                  {c.assignee_name ? t("console.assignedTo", { name: c.assignee_name }) : t("console.unassigned")}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function Conversation({ id, live, onBack }: { id: number; live: boolean; onBack: () => void }) {
  const { t } = useTranslation("support");
  const me = useSession((s) => s.user?.id);
  const thread = useConversation(id, live);
  const action = useConversationAction(id);
  const operators = useOperators();
  const end = useRef<HTMLDivElement>(null);
  const count = thread.data?.messages.length ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when a message comes
  useEffect(() => {
    void end.current?.scrollIntoView?.({ block: "end" });
  }, [count]);
  if (thread.isPending) return <ListSkeleton rows={3} className="h-24" />;
  if (thread.isError) return <LoadError error={thread.error} onRetry={() => void thread.refetch()} />;
  const c = thread.data.conversation;
  return (
    <Panel className="flex min-h-[32rem] flex-col">
      <div className="mb-3 flex flex-wrap items-center gap-2 border-b border-line pb-3">
        <button type="button" onClick={onBack} className="min-h-11 text-sm text-gold underline lg:hidden">
          {t("console.back")}
        </button>
        <div className="min-w-0 basis-full">
          <p className="tabular truncate font-semibold">{c.name ? `${c.name} · ${c.phone}` : c.phone}</p>
          <p className="text-xs text-muted">
            {c.status === "closed" ? `${t("console.closed")} · ` : ""}
            {c.assignee_name ? t("console.assignedTo", { name: c.assignee_name }) : t("console.unassigned")}
            {c.player_typing ? ` · ${t("console.typing")}` : ""}
          </p>
        </div>
        {c.assignee_id !== me && me !== undefined ? (
          <Button variant="secondary" onClick={() => action.mutate({ kind: "assign", operatorId: me })} disabled={action.isPending}>
            {t("console.take")}
          </Button>
        ) : (
          <Button variant="ghost" onClick={() => action.mutate({ kind: "assign", operatorId: null })} disabled={action.isPending}>
            {t("console.release")}
          </Button>
        )}
        <label className="sr-only" htmlFor={`hand-${id}`}>
          {t("console.handTo")}
        </label>
        <select
          id={`hand-${id}`}
          value=""
          onChange={(e) => e.target.value && action.mutate({ kind: "assign", operatorId: Number(e.target.value) })}
          className="min-h-11 rounded-card border border-line bg-surface-2 px-2 text-sm"
        >
          <option value="">{t("console.handTo")}</option>
          {(operators.data?.data ?? [])
            .filter((o) => o.id !== c.assignee_id)
            .map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
        </select>
        {c.status === "open" ? (
          <Button variant="secondary" onClick={() => action.mutate({ kind: "close" })} disabled={action.isPending}>
            {t("console.close")}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => action.mutate({ kind: "reopen" })} disabled={action.isPending}>
            {t("console.reopen")}
          </Button>
        )}
      </div>
      <div className="flex max-h-[28rem] flex-1 flex-col gap-2 overflow-y-auto" data-testid="support-thread">
        {thread.data.messages.map((m) => (
          <ConsoleMessage key={m.id} message={m} />
        ))}
        <div ref={end} />
      </div>
      <AnswerBox id={id} />
    </Panel>
  );
}

function ConsoleMessage({ message: m }: { message: SupportMessage }) {
  const staff = m.sender === "staff";
  return (
    <div className={`flex max-w-[80%] flex-col ${staff ? "items-end self-end" : "items-start self-start"}`}>
      <div className={`rounded-2xl px-3 py-2 text-sm ${staff ? "rounded-br-md bg-gold text-bg" : "rounded-bl-md bg-surface-2"}`}>
        {m.image_url ? <ConsoleImage url={m.image_url} /> : null}
        {m.body ? <p className="break-words whitespace-pre-wrap">{m.body}</p> : null}
      </div>
      <span className="tabular mt-0.5 px-1 text-[11px] text-faint">
        {staff && m.operator_name ? `${m.operator_name} · ` : ""}
        {new Date(m.created_at).toLocaleString()}
      </span>
    </div>
  );
}

function ConsoleImage({ url }: { url: string }) {
  const query = useQuery({
    queryKey: supportInboxKeys.image(url),
    queryFn: ({ signal }) => fetchConsoleImage(url, signal),
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
    <a href={src} target="_blank" rel="noreferrer">
      <img src={src} alt="" className="mb-1 max-h-72 rounded-lg" />
    </a>
  ) : (
    <span className="mb-1 block h-24 w-40 animate-pulse rounded-lg bg-black/10" />
  );
}

function AnswerBox({ id }: { id: number }) {
  const { t, i18n } = useTranslation("support");
  const [text, setText] = useState("");
  const [image, setImage] = useState<File>();
  const fileRef = useRef<HTMLInputElement>(null);
  const answer = useAnswer(id);
  const canned = useCanned();
  const lastTyping = useRef(0);
  const [language, setLanguage] = useState(i18n.language === "mm" || !i18n.language ? "mm" : i18n.language);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim() && !image) return;
    answer.mutate(
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
  const answers = (canned.data?.data ?? []).filter((c) => c.language === language);
  return (
    <form onSubmit={submit} className="mt-3 border-t border-line pt-3">
      {answers.length > 0 || canned.data ? (
        <div className="mb-2 flex flex-wrap items-center gap-1">
          <label className="sr-only" htmlFor={`canned-lang-${id}`}>
            {t("console.cannedLanguage")}
          </label>
          <select
            id={`canned-lang-${id}`}
            value={language}
            onChange={(e) => setLanguage(e.target.value)}
            className="min-h-9 rounded-card border border-line bg-surface-2 px-2 text-xs"
          >
            {["mm", "en", "cn", "thai"].map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
          {answers.map((c) => (
            <button
              key={c.id}
              type="button"
              onClick={() => setText((prev) => (prev ? `${prev} ${c.body}` : c.body))}
              className="min-h-9 rounded-full border border-line px-3 text-xs hover:border-gold hover:text-gold"
              title={c.body}
            >
              {c.title}
            </button>
          ))}
        </div>
      ) : null}
      {answer.error ? (
        <p role="alert" className="mb-1 text-xs text-danger">
          {answer.error.message}
        </p>
      ) : null}
      {image ? (
        <p className="mb-1 flex items-center gap-2 text-xs text-muted">
          <span className="min-w-0 truncate">{t("attached", { name: image.name })}</span>
          <button
            type="button"
            className="text-gold underline"
            onClick={() => {
              setImage(undefined);
              if (fileRef.current) fileRef.current.value = "";
            }}
          >
            {t("remove")}
          </button>
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        <AttachImageButton label={t("attach")} withTitle inputRef={fileRef} testId="console-support-file" onPick={setImage} />
        <label className="sr-only" htmlFor={`answer-${id}`}>
          {t("console.answer")}
        </label>
        <textarea
          id={`answer-${id}`}
          value={text}
          maxLength={1000}
          rows={2}
          onChange={(e) => {
            setText(e.target.value);
            const now = Date.now();
            if (now - lastTyping.current > TYPING_EVERY_MS) {
              lastTyping.current = now;
              sendStaffTyping(id);
            }
          }}
          className="min-h-11 flex-1 resize-y rounded-xl border border-line bg-surface-2 px-3 py-2 text-sm focus:border-gold focus:outline-none"
        />
        <Button type="submit" disabled={answer.isPending || (!text.trim() && !image)}>
          {t("console.send")}
        </Button>
      </div>
    </form>
  );
}

function PlayerSide({ id, live }: { id: number; live: boolean }) {
  const { t } = useTranslation("support");
  const thread = useConversation(id, live);
  const player = thread.data?.conversation.user_id ?? null;
  const context = usePlayerContext(id, player !== null);
  if (player === null) return <div className="max-xl:hidden" />;
  const b = context.data?.balances;
  return (
    <div className="flex flex-col gap-3 lg:col-start-2 xl:col-start-auto" data-testid="support-context">
      <Panel title={t("console.balances")}>
        {b ? (
          <dl className="grid grid-cols-2 gap-2 text-sm">
            {(
              [
                ["main", b.balance],
                ["game", b.game_balance],
                ["claimable", b.p_balance],
                ["points", b.point],
              ] as const
            ).map(([key, value]) => (
              <div key={key}>
                <dt className="text-xs text-muted">{t(`console.${key}`)}</dt>
                <dd className="tabular font-semibold">{formatAmount(value)}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <ListSkeleton rows={1} className="h-10" />
        )}
        <Link to={adminPaths.player(player)} className="mt-3 inline-block text-sm text-gold underline">
          {t("console.openPlayer")}
        </Link>
      </Panel>
      <Panel title={t("console.cashRequests")}>
        {context.data && context.data.cash_requests.length === 0 ? <p className="text-sm text-muted">{t("console.none")}</p> : null}
        <ul className="flex flex-col gap-1 text-sm">
          {context.data?.cash_requests.map((r) => (
            <li key={r.id} className="flex items-center justify-between gap-2">
              <span>
                {t(`console.${r.kind}`)} #{r.id}
              </span>
              <span className="tabular">{formatAmount(r.amount)}</span>
              <Badge tone={r.status === "approved" ? "win" : r.status === "rejected" ? "danger" : "warn"}>{r.status}</Badge>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title={t("console.slips")}>
        {context.data && context.data.slips.length === 0 ? <p className="text-sm text-muted">{t("console.none")}</p> : null}
        <ul className="flex flex-col gap-1 text-sm">
          {context.data?.slips.map((s) => (
            <li key={`${s.lottery}-${s.id}`} className="flex items-center justify-between gap-2">
              <span>
                {s.lottery} #{s.id}
              </span>
              <span className="tabular">{formatAmount(s.total)}</span>
              <span className="tabular text-win">{s.win_total > 0 ? `+${formatAmount(s.win_total)}` : ""}</span>
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}
