import { formatAmount } from "@shwe/domain";
import { WalletIcon } from "../../../components/icons.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useSession } from "../../../lib/session-store.ts";

/** Main balance (whole kyat, thousands separators) and game balance of the signed-in player. */
export function BalanceBox({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation("common");
  const balance = useSession((s) => s.user?.balance);
  const gameBalance = useSession((s) => s.user?.game_balance);
  if (balance === undefined) return null;
  if (compact) {
    // Two short lines so a 7-digit balance still fits beside the logo at 360–430 px.
    return (
      <div className="flex min-h-11 min-w-0 items-center gap-1.5 rounded-full border border-line bg-surface-2 py-0.5 pr-3 pl-2.5">
        <WalletIcon size={16} className="shrink-0 text-gold" />
        <div className="min-w-0 leading-tight">
          <p className="truncate text-sm font-bold text-gold" title={t("balance.mainBalance")}>
            <span className="sr-only">{t("balance.mainBalance")} </span>
            <span className="tabular" data-testid="main-balance">
              {formatAmount(balance)}
            </span>{" "}
            <span className="text-xs font-normal text-muted">{t("balance.currency")}</span>
          </p>
          <p className="truncate text-[11px] text-muted" title={t("balance.gameBalance")}>
            <span aria-hidden="true">{t("balance.game")} </span>
            <span className="sr-only">{t("balance.gameBalance")} </span>
            <span className="tabular font-semibold text-text" data-testid="game-balance">
              {formatAmount(gameBalance ?? 0)}
            </span>
          </p>
        </div>
      </div>
    );
  }
  return (
    <dl className="flex shrink-0 items-center gap-3 whitespace-nowrap rounded-card border border-line bg-surface-2 px-3 py-1 text-sm leading-tight">
      <WalletIcon size={20} className="shrink-0 text-gold" />
      <div className="grid grid-cols-[auto_auto] items-baseline gap-x-2">
        <dt className="text-xs text-muted">{t("balance.main")}</dt>
        <dd className="tabular text-right font-bold text-gold" data-testid="main-balance">
          {formatAmount(balance)} <span className="text-xs font-normal text-muted">{t("balance.currency")}</span>
        </dd>
        <dt className="text-xs text-muted">{t("balance.game")}</dt>
        <dd className="tabular text-right font-semibold text-text" data-testid="game-balance">
          {formatAmount(gameBalance ?? 0)} <span className="text-xs font-normal text-muted">{t("balance.currency")}</span>
        </dd>
      </div>
    </dl>
  );
}
