import type { LuckyDailyItem } from "@shwe/contracts";
import { Skeleton } from "../../../components/skeleton.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useLuckyDaily } from "../api/lucky-numbers.ts";
import { GAME_ORDER, gameKey } from "../lib/games.ts";
import { drawTime } from "./draw-picker.tsx";

/** Today's draws of every game with their numbers ('_ _' until the result is out). */
export function TodayResults() {
  const { t } = useTranslation("lottery");
  const daily = useLuckyDaily();
  const byGame = new Map<string, LuckyDailyItem[]>();
  for (const item of daily.data ?? []) byGame.set(item.type, [...(byGame.get(item.type) ?? []), item]);
  const games = GAME_ORDER.filter((type) => byGame.has(type));
  return (
    <section aria-labelledby="today-title" className="rounded-card border border-line bg-surface p-3 shadow-card sm:p-4">
      <h2 id="today-title" className="mb-2 font-bold">
        {t("winNumber.today")}
      </h2>
      {daily.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : games.length === 0 ? (
        <p className="text-sm text-muted">{t("winNumber.noDrawsToday")}</p>
      ) : (
        <div className="flex flex-col gap-2">
          {games.map((type) => (
            <div key={type} className="flex items-center gap-3">
              <span className="w-20 shrink-0 text-sm font-semibold">{t(`games.${gameKey(type)}.short`)}</span>
              <ul className="flex min-w-0 flex-1 gap-1.5 overflow-x-auto pb-0.5">
                {(byGame.get(type) ?? []).map((d) => (
                  <li
                    key={d.draw_id}
                    className="min-w-16 shrink-0 rounded-card border border-line bg-surface-2 px-2 py-1 text-center leading-tight"
                  >
                    <span className="tabular block text-xs text-muted">{drawTime(d.draw_at)}</span>
                    <span className={`tabular block text-lg font-bold ${d.number ? "text-gold" : "text-faint"}`}>
                      {d.number ?? (d.status === "void" ? t("winNumber.void") : "_ _")}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
