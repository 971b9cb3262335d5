import type { LotteryType } from "@shwe/contracts";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { Link } from "../../../../lib/router.tsx";
import { ADMIN_GAMES } from "../games.ts";

/** One tab per game; the choice is part of the page's URL, so every tab is a link. */
export function GameLinks({ value, href }: { value: LotteryType; href: (type: LotteryType) => string }) {
  const { t } = useTranslation("admin");
  return (
    <nav aria-label={t("lottery.games")} className="mb-4 flex gap-1 overflow-x-auto rounded-card border border-line bg-surface p-1">
      {ADMIN_GAMES.map((type) => {
        const current = type === value;
        return (
          <Link
            key={type}
            to={href(type)}
            aria-current={current ? "page" : undefined}
            className={`flex min-h-11 flex-1 items-center justify-center rounded-lg px-3 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-gold ${
              current ? "bg-gold text-bg" : "text-muted hover:bg-surface-2 hover:text-text"
            }`}
          >
            {t(`lottery.gameNames.${type}`)}
          </Link>
        );
      })}
    </nav>
  );
}
