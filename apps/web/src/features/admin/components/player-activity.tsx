import type { AdminUserDetail } from "@shwe/contracts";
import { formatAmount, formatDisplayDateTime } from "@shwe/domain";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Money } from "./money.tsx";
import { Badge, Panel } from "./panel.tsx";

const statusTone = { pending: "warn", approved: "win", rejected: "danger" } as const;
const SHOWN = 20;

/** The player's latest journals: what moved, on which balance, and the balance after. */
export function RecentJournals({ journals }: { journals: AdminUserDetail["journals"] }) {
  const { t } = useTranslation("admin");
  return (
    <Panel title={t("player.journals")}>
      {journals.length === 0 ? (
        <p className="text-sm text-muted">{t("player.noJournals")}</p>
      ) : (
        <ul className="divide-y divide-line">
          {journals.slice(0, SHOWN).map((j) => (
            <li key={j.id} className="grid gap-1 py-2 text-sm sm:grid-cols-[9rem_minmax(0,1fr)_minmax(0,1.2fr)] sm:gap-3">
              <span className="tabular text-muted">{formatDisplayDateTime(j.created_at)}</span>
              <span className="min-w-0">
                <span className="font-semibold">{t(`journalKinds.${j.kind}`, { defaultValue: j.kind })}</span>
                {j.memo ? <span className="block truncate text-xs text-muted">{j.memo}</span> : null}
              </span>
              <span className="tabular space-y-0.5">
                {j.entries.map((e, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a journal's entries keep their order and have no id here
                  <span key={i} className="block">
                    <span className="text-muted">{t(`accounts.${e.account}`, { defaultValue: e.account })} </span>
                    <span className={e.amount > 0 ? "text-win" : "text-danger"}>
                      {e.amount > 0 ? "+" : ""}
                      {formatAmount(e.amount)}
                    </span>
                    <span className="text-muted"> → {formatAmount(e.balance_after)}</span>
                  </span>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** The player's latest cash-in and cash-out requests with their outcome. */
export function RecentCashRequests({ requests }: { requests: AdminUserDetail["cash_requests"] }) {
  const { t } = useTranslation("admin");
  return (
    <Panel title={t("player.cashRequests")}>
      {requests.length === 0 ? (
        <p className="text-sm text-muted">{t("player.noCashRequests")}</p>
      ) : (
        <ul className="divide-y divide-line">
          {requests.slice(0, SHOWN).map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
              <span className="tabular w-36 text-muted">{formatDisplayDateTime(r.created_at)}</span>
              <span className="w-20 font-semibold">{t(r.kind === "in" ? "nav.cashIn" : "nav.cashOut")}</span>
              <Money value={r.amount} className="font-semibold" />
              <span className="text-muted">{r.payment_method}</span>
              <Badge tone={statusTone[r.status]}>{t(`status.${r.status}`)}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
