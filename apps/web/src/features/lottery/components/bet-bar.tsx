import { formatAmount } from "@shwe/domain";
import { type ReactNode, useEffect } from "react";
import { Button } from "../../../components/button.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { holdInstallBanner } from "../../../lib/pwa.ts";
import { useHydrated } from "../../../lib/use-hydrated.ts";

export interface BetBarProps {
  count: number;
  total: number;
  /** Shown once known: the server's drawing, and the browser while it takes it over, hold the button's text unseen. */
  signedIn: boolean;
  disabled: boolean;
  /** A warning of the last press ('Please set amount first.' …), shown above the button. */
  warning: string | null;
  /** Shown instead of the warning (the slip just placed). */
  notice?: ReactNode;
  onBet: () => void;
}

/**
 * The slip's count, total and the Bet button, kept at the bottom of the screen within thumb reach
 * (under the slip column on wide screens). Visitors get "Login to bet".
 */
export function BetBar({ count, total, signedIn: player, disabled, warning, notice, onBet }: BetBarProps) {
  const { t } = useTranslation("lottery");
  // Known here, not in the page: only the bar draws again once the app has taken the page over.
  const signedIn = useHydrated() ? player : undefined;
  // The install banner would sit over this bar (both keep to the bottom of the screen): it waits for another page.
  useEffect(() => holdInstallBanner(), []);
  return (
    <div className="sticky bottom-0 z-20 -mx-4 mt-4 border-t border-line bg-bg/95 px-4 pt-2 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur lg:mx-0 lg:ml-auto lg:w-[22rem] lg:rounded-t-card lg:border-x lg:px-3">
      {notice ?? null}
      {warning ? (
        <p role="alert" className="mb-2 rounded-card border border-warn/60 bg-warn/10 px-3 py-2 text-sm font-semibold text-warn">
          {warning}
        </p>
      ) : null}
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1 leading-tight">
          <p className="text-xs text-muted">{t("slip.count", { count })}</p>
          <p>
            <span className="sr-only">{t("slip.total")} </span>
            <span className="tabular text-xl font-bold text-gold">{formatAmount(total)}</span>
            <span className="text-xs text-muted"> {t("currency")}</span>
          </p>
        </div>
        <Button size="lg" onClick={onBet} disabled={disabled} className="shrink-0">
          <span className={signedIn === undefined ? "invisible" : undefined}>{signedIn ? t("bet") : t("loginToBet")}</span>
        </Button>
      </div>
    </div>
  );
}
