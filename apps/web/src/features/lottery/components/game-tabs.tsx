import type { LotteryType } from "@shwe/contracts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { GAME_ORDER, gameKey } from "../lib/games.ts";

/** One tab per game (2D, 1D, 3D, crypto 2D, crypto 1D); `controls` is the id of the panel they drive. */
export function GameTabs({ value, onChange, controls }: { value: LotteryType; onChange: (type: LotteryType) => void; controls: string }) {
  const { t } = useTranslation("lottery");
  return (
    <div role="tablist" aria-label={t("gamesLabel")} className="-mx-1 flex gap-1.5 overflow-x-auto px-1 pb-1">
      {GAME_ORDER.map((type) => {
        const selected = type === value;
        return (
          <button
            key={type}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={controls}
            onClick={() => onChange(type)}
            className={`min-h-11 shrink-0 rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-gold ${
              selected ? "border-gold bg-gold text-bg" : "border-line bg-surface-2 text-text hover:border-gold"
            }`}
          >
            {t(`games.${gameKey(type)}.short`)}
          </button>
        );
      })}
    </div>
  );
}
