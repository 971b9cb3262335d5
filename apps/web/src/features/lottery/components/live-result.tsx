import type { LotteryType } from "@shwe/contracts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useLuckyDaily } from "../api/lucky-numbers.ts";
import { drawTime } from "./draw-picker.tsx";

/**
 * The game's latest result today, in large type. A live result on the socket rewrites today's
 * numbers in place (use-live-results.ts), so the number changes here the moment the draw is resulted.
 */
export function LiveResult({ type }: { type: LotteryType }) {
  const { t } = useTranslation("lottery");
  const daily = useLuckyDaily();
  const latest = (daily.data ?? [])
    .filter((d) => d.type === type && d.number)
    .sort((a, b) => Date.parse(b.draw_at) - Date.parse(a.draw_at))[0];
  if (!latest) return null;
  return (
    <section
      aria-label={t("winNumber.number")}
      className="flex items-center justify-between gap-3 rounded-card border border-line bg-surface px-4 py-3 shadow-card"
    >
      <div className="min-w-0">
        <p className="text-xs text-muted">{t("winNumber.number")}</p>
        <p className="tabular text-sm text-muted">{drawTime(latest.draw_at)}</p>
      </div>
      <p aria-live="polite" data-testid="live-result-number" className="tabular text-4xl leading-tight font-bold tracking-widest text-gold">
        {latest.number}
      </p>
    </section>
  );
}
