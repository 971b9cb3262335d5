import { formatAmount, formatFloor } from "@shwe/domain";
import { Card } from "../../../components/card.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";

export interface BalanceFigures {
  balance: number;
  game_balance: number;
  point: number;
  p_balance: number;
  turnover: number;
}

/** Main balance as a whole number; game balance; points and claimable rounded down; turnover. */
export function BalancesCard({ figures }: { figures: BalanceFigures }) {
  const { t } = useTranslation("profile");
  const rows = [
    { key: "game", label: t("balances.game"), value: formatAmount(figures.game_balance), unit: t("balances.currency") },
    { key: "point", label: t("balances.point"), value: formatFloor(figures.point) },
    { key: "claimable", label: t("balances.claimable"), value: formatFloor(figures.p_balance), unit: t("balances.currency") },
    { key: "turnover", label: t("balances.turnover"), value: formatAmount(figures.turnover), unit: t("balances.currency") },
  ];
  return (
    <Card title={t("balances.title")}>
      <div className="rounded-xl border border-gold/30 bg-surface-2 px-4 py-3">
        <p className="text-sm text-muted">{t("balances.main")}</p>
        <p className="tabular text-2xl font-bold text-gold" data-testid="main-balance">
          {formatAmount(Math.floor(figures.balance))} <span className="text-sm font-semibold text-muted">{t("balances.currency")}</span>
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2">
        {rows.map((row) => (
          <div key={row.key} className="rounded-xl bg-surface-2/60 px-3 py-2">
            <dt className="text-xs leading-snug text-muted">{row.label}</dt>
            <dd className="tabular truncate text-base font-semibold text-text">
              {row.value}
              {row.unit ? <span className="ml-1 text-xs font-normal text-faint">{row.unit}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
