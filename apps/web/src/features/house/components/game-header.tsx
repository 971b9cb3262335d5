import { formatAmount } from "@shwe/domain";
import { BackIcon } from "../../../components/icons.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";

/** Inside the game overlay the site's own close button is shown; opened in a tab of its own, a way back. */
function insideFrame(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/** The game's top bar: its name and the player's game balance (updated after every round). */
export function GameHeader({ title, balance, busy }: { title: string; balance: number | undefined; busy?: boolean }) {
  const { t } = useTranslation("house");
  // In the overlay its own bar already names the game: the title stays for screen readers only.
  const framed = insideFrame();
  return (
    <header className="sticky top-0 z-20 border-b border-line bg-bg/95 backdrop-blur">
      <div className="mx-auto flex max-w-md items-center gap-2 px-3 py-2">
        {framed ? null : (
          <a
            href="/"
            className="-ml-1 flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-text"
            aria-label={t("backToSite")}
          >
            <BackIcon />
          </a>
        )}
        <div className="min-w-0 flex-1">
          <p className={`truncate text-muted ${framed ? "text-sm font-semibold" : "text-xs"}`}>{t("provider")}</p>
          <h1 className={framed ? "sr-only" : "truncate text-base font-bold leading-tight text-text"}>{title}</h1>
        </div>
        <div
          className="shrink-0 rounded-card border border-gold/40 bg-surface-2 px-3 py-1 text-right"
          aria-live="polite"
          aria-busy={busy || undefined}
        >
          <p className="text-[11px] leading-tight text-muted">{t("balance")}</p>
          <p className="tabular text-base font-bold leading-tight text-gold" data-testid="game-balance">
            {balance === undefined ? "—" : formatAmount(balance)} <span className="text-xs font-semibold text-muted">{t("currency")}</span>
          </p>
        </div>
      </div>
    </header>
  );
}
