import type { LotteryType } from "@shwe/contracts";
import { useTranslation } from "../../../lib/i18n-react.tsx";

// The games in the order of the game tabs. GameTabs itself is not imported: with these pages sharing
// lib/games.ts, the bundler would split it out into one more chunk of the game pages' first load.
const GAMES: readonly LotteryType[] = ["2D", "1D", "3D", "C2D", "C1D"];

/** The game tabs of the results calendar and statistics pages; `controls` is the id of the panel they drive. */
export function GameSwitch({ value, onChange, controls }: { value: LotteryType; onChange: (type: LotteryType) => void; controls: string }) {
  const { t } = useTranslation("lottery");
  return (
    <div role="tablist" aria-label={t("gamesLabel")} className="-mx-1 flex gap-1.5 overflow-x-auto px-1 pb-1">
      {GAMES.map((type) => (
        <button
          key={type}
          type="button"
          role="tab"
          aria-selected={type === value}
          aria-controls={controls}
          onClick={() => onChange(type)}
          className={`min-h-11 shrink-0 rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-gold ${
            type === value ? "border-gold bg-gold text-bg" : "border-line bg-surface-2 text-text hover:border-gold"
          }`}
        >
          {t(`games.${type.toLowerCase()}.short`)}
        </button>
      ))}
    </div>
  );
}

/** The game of a `?game=` parameter (any case), 2D when missing or unknown. */
export function gameOfParam(value: string | null): LotteryType {
  const upper = value?.toUpperCase();
  return GAMES.find((g) => g === upper) ?? "2D";
}
