import { yangonDate } from "@shwe/domain";
import { type KeyboardEvent, useState } from "react";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useSearchParams } from "../../../lib/router.tsx";
import { HISTORY_KINDS, type HistoryKind, isHistoryKind } from "../api/history.ts";
import { type DateRange, DateRangeFields } from "../components/date-range.tsx";
import { HistoryList } from "../components/history-list.tsx";
import { PageHeader } from "../components/page-header.tsx";

const TAB_LABEL: Record<HistoryKind, string> = {
  cashin: "history.tabs.cashin",
  cashout: "history.tabs.cashout",
  "transfer-in": "history.tabs.transferIn",
  "transfer-out": "history.tabs.transferOut",
};

/**
 * /wallet-history (behind the login guard): cash-in, cash-out and both transfer directions, as tabs
 * (kept in ?tab= so a link can open one), between two days (default today).
 */
export function WalletHistoryPage() {
  const { t } = useTranslation("wallet");
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: HistoryKind = isHistoryKind(requested) ? requested : "cashin";
  const today = yangonDate();
  const [range, setRange] = useState<DateRange>({ start: today, end: today });

  const select = (kind: HistoryKind) => setParams({ tab: kind }, { replace: true });
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = HISTORY_KINDS[(HISTORY_KINDS.indexOf(tab) + step + HISTORY_KINDS.length) % HISTORY_KINDS.length] ?? "cashin";
    select(next);
    document.getElementById(`wallet-tab-${next}`)?.focus();
  };

  return (
    <div className="mx-auto w-full max-w-3xl pb-8">
      <PageHeader title={t("history.title")} />
      <div
        role="tablist"
        aria-label={t("history.title")}
        className="mb-3 grid grid-cols-2 gap-1 rounded-card border border-line bg-surface p-1 sm:grid-cols-4"
      >
        {HISTORY_KINDS.map((kind) => {
          const selected = kind === tab;
          return (
            <button
              key={kind}
              id={`wallet-tab-${kind}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls="wallet-tabpanel"
              tabIndex={selected ? 0 : -1}
              onClick={() => select(kind)}
              onKeyDown={onKeyDown}
              className={`min-h-11 rounded-xl px-2 text-sm font-semibold transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-gold ${
                selected ? "bg-gold text-bg" : "text-muted hover:bg-surface-2 hover:text-text"
              }`}
            >
              {t(TAB_LABEL[kind])}
            </button>
          );
        })}
      </div>
      <DateRangeFields value={range} today={today} onChange={setRange} />
      <div id="wallet-tabpanel" role="tabpanel" aria-labelledby={`wallet-tab-${tab}`} className="mt-3">
        <HistoryList kind={tab} start={range.start} end={range.end} />
      </div>
    </div>
  );
}
