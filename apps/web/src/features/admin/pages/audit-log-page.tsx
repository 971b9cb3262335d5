import type { AuditLogEntry } from "@shwe/contracts";
import { formatDisplayDateTime } from "@shwe/domain";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { ChevronDownIcon } from "../../../components/icons.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useSearchParams } from "../../../lib/router.tsx";
import { AUDIT_FILTER_KEYS, type AuditFilters, useAuditLog } from "../api/audit-log.ts";
import { inputClass } from "../components/fields.tsx";
import { PageHeader } from "../components/panel.tsx";
import { EmptyState, ListSkeleton, LoadError } from "../components/query-state.tsx";

export const AUDIT_PER_PAGE = 25;

/** before/after as indented JSON; nothing recorded shows as a dash. */
export function formatJson(value: unknown): string {
  if (value === null || value === undefined) return "—";
  return JSON.stringify(value, null, 2);
}

/** The filters in the URL (?actor=&action=&player=&start_date=&end_date=). */
function filtersOf(params: URLSearchParams): AuditFilters {
  const out: AuditFilters = {};
  for (const key of AUDIT_FILTER_KEYS) {
    const value = params.get(key);
    if (value) out[key] = value;
  }
  return out;
}

/** The append-only audit log, newest first, a page at a time (?page=), filtered by operator, action, player and days. */
export function AuditLogPage() {
  const { t } = useTranslation("admin");
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get("page")) || 1));
  const filters = filtersOf(params);
  const log = useAuditLog(page, AUDIT_PER_PAGE, filters);
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / log.data.per_page)) : 1;
  const goTo = (next: number) => {
    setParams({ ...filters, ...(next === 1 ? {} : { page: String(next) }) } as Record<string, string>);
    window.scrollTo?.({ top: 0 });
  };

  return (
    <>
      <PageHeader title={t("audit.title")} subtitle={t("audit.subtitle")} />
      <AuditFilterForm value={filters} onApply={(next) => setParams(next as Record<string, string>)} />
      {log.isPending ? (
        <ListSkeleton rows={6} className="h-20" />
      ) : log.isError ? (
        <LoadError error={log.error} onRetry={() => void log.refetch()} />
      ) : log.data.data.length === 0 ? (
        <EmptyState>{t("audit.empty")}</EmptyState>
      ) : (
        <>
          <ul className={`space-y-2 transition-opacity ${log.isPlaceholderData ? "opacity-60" : ""}`} aria-busy={log.isFetching}>
            {log.data.data.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ul>
          <nav aria-label={t("audit.pages")} className="mt-4 flex items-center justify-between gap-3">
            <Button variant="secondary" onClick={() => goTo(page - 1)} disabled={page <= 1}>
              {t("audit.previous")}
            </Button>
            <p className="tabular text-sm text-muted">{t("audit.pageOf", { page, pages, total: log.data.total })}</p>
            <Button variant="secondary" onClick={() => goTo(page + 1)} disabled={page >= pages}>
              {t("audit.next")}
            </Button>
          </nav>
        </>
      )}
    </>
  );
}

function AuditRow({ entry: e }: { entry: AuditLogEntry }) {
  const { t } = useTranslation("admin");
  const target = e.target_type ? `${e.target_type}${e.target_id ? ` #${e.target_id}` : ""}` : "—";
  return (
    <li className="rounded-card border border-line bg-surface text-sm">
      <details className="group">
        <summary className="relative grid min-h-11 cursor-pointer list-none grid-cols-2 gap-x-3 gap-y-0.5 px-3 py-2 select-none hover:bg-surface-2 sm:grid-cols-[9.5rem_minmax(0,1fr)_minmax(0,1.2fr)_minmax(0,1fr)_1.25rem] sm:items-center [&::-webkit-details-marker]:hidden">
          <span className="tabular text-muted">{formatDisplayDateTime(e.created_at)}</span>
          <span className="min-w-0">
            {/* A player's own actions (sign-in, password) are the player's, not an operator's. */}
            <span className="sr-only">{t(e.actor_role === "player" ? "audit.whoPlayer" : "audit.who")} </span>
            <span className="tabular font-semibold">{e.actor_phone ?? (e.actor_id ? `#${e.actor_id}` : t("audit.system"))}</span>
            {e.actor_role === "player" ? (
              <span className="ml-2 rounded-full border border-line px-2 py-0.5 text-xs text-muted" data-testid="audit-actor-player">
                {t("audit.player")}
              </span>
            ) : null}
          </span>
          <span className="min-w-0 font-mono text-gold break-all">{e.action}</span>
          <span className="min-w-0 text-muted break-all">
            <span className="sr-only">{t("audit.target")} </span>
            {target}
          </span>
          <span className="hidden text-muted transition-transform group-open:rotate-180 sm:block" aria-hidden="true">
            <ChevronDownIcon size={18} />
          </span>
          <span className="sr-only">{t("audit.changes")}</span>
        </summary>
        <div className="grid gap-2 border-t border-line p-3 sm:grid-cols-2">
          <div>
            <p className="mb-1 text-xs text-muted">{t("audit.before")}</p>
            <pre className="max-h-72 overflow-auto rounded-lg border border-line bg-bg p-2 text-xs leading-relaxed">
              {formatJson(e.before)}
            </pre>
          </div>
          <div>
            <p className="mb-1 text-xs text-muted">{t("audit.after")}</p>
            <pre className="max-h-72 overflow-auto rounded-lg border border-line bg-bg p-2 text-xs leading-relaxed">
              {formatJson(e.after)}
            </pre>
          </div>
          {e.ip ? <p className="tabular text-xs text-faint sm:col-span-2">IP {e.ip}</p> : null}
        </div>
      </details>
    </li>
  );
}

/** The filter form: applying it starts again at page 1. */
function AuditFilterForm({ value, onApply }: { value: AuditFilters; onApply: (filters: AuditFilters) => void }) {
  const { t } = useTranslation("admin");
  const [draft, setDraft] = useState<AuditFilters>(value);
  const ids = { actor: useId(), action: useId(), player: useId(), from: useId(), to: useId() };
  const field = (key: keyof AuditFilters, id: string, label: string, extra: Record<string, string> = {}) => (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-muted">
        {label}
      </label>
      <input
        id={id}
        className={inputClass}
        value={draft[key] ?? ""}
        onChange={(e) => setDraft({ ...draft, [key]: e.target.value.trim() })}
        {...extra}
      />
    </div>
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: AuditFilters = {};
    for (const key of AUDIT_FILTER_KEYS) if (draft[key]) next[key] = draft[key];
    onApply(next);
  };
  return (
    <form
      onSubmit={submit}
      className="mb-4 grid gap-3 rounded-card border border-line bg-surface p-3 sm:grid-cols-3 lg:grid-cols-6 lg:items-end"
    >
      {field("actor", ids.actor, t("audit.filter.actor"), { inputMode: "tel", placeholder: "09…" })}
      {field("action", ids.action, t("audit.filter.action"), { placeholder: "draw." })}
      {field("player", ids.player, t("audit.filter.player"), { inputMode: "numeric" })}
      {field("start_date", ids.from, t("audit.filter.from"), { type: "date" })}
      {field("end_date", ids.to, t("audit.filter.to"), { type: "date" })}
      <div className="flex gap-2">
        <Button type="submit" block>
          {t("audit.filter.apply")}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setDraft({});
            onApply({});
          }}
        >
          {t("audit.filter.clear")}
        </Button>
      </div>
    </form>
  );
}
