import type { MonthResult } from "@shwe/contracts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { monthWeeks, WEEK_ORDER } from "../lib/month-grid.ts";

export interface MonthCalendarProps {
  month: string;
  /** The month's month label, as the page writes it. */
  label: string;
  results: readonly MonthResult[];
  offDays: readonly string[];
  /** Today, YYYY-MM-DD (Asia/Yangon). */
  today: string;
  selected: string | null;
  onSelect: (day: string) => void;
}

/**
 * A month of results: one cell per day, Monday first, with the numbers of that day's draws in time
 * order and the off days (holidays) marked. A day with results is a button that shows its details.
 */
export function MonthCalendar({ month, label, results, offDays, today, selected, onSelect }: MonthCalendarProps) {
  const { t } = useTranslation("stats");
  const byDay = new Map<string, MonthResult[]>();
  for (const r of results) byDay.set(r.day, [...(byDay.get(r.day) ?? []), r]);
  const off = new Set(offDays);
  return (
    <table className="w-full table-fixed border-separate border-spacing-1" aria-label={t("calendar.grid", { month: label })}>
      <thead>
        <tr>
          {WEEK_ORDER.map((d) => (
            <th key={d} scope="col" className="truncate pb-1 text-center text-[11px] font-semibold text-muted sm:text-xs">
              {t(`weekdays.${d}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week) => (
          <tr key={week.find(Boolean) ?? month}>
            {week.map((day, i) => {
              if (!day) return <td key={`empty-${WEEK_ORDER[i]}`} />;
              const draws = byDay.get(day) ?? [];
              const isOff = off.has(day);
              const base = `flex h-full min-h-16 w-full flex-col items-center gap-0.5 rounded-card border p-1 text-center sm:min-h-24 sm:p-1.5 ${
                day === selected ? "border-gold bg-gold/10" : day === today ? "border-gold/60 bg-surface" : "border-line bg-surface"
              }`;
              const body = (
                <>
                  <span className={`tabular text-xs ${day === today ? "font-bold text-gold" : "text-muted"}`}>{Number(day.slice(8))}</span>
                  {isOff ? (
                    <span className="text-[10px] leading-tight font-semibold text-danger sm:text-xs">{t("calendar.holiday")}</span>
                  ) : null}
                  {draws.map((r) => (
                    <span key={r.draw_id} className="tabular text-sm leading-tight font-bold text-gold sm:text-base">
                      {r.number}
                    </span>
                  ))}
                </>
              );
              return (
                <td key={day} className="h-px p-0 align-top">
                  {draws.length > 0 || isOff ? (
                    <button
                      type="button"
                      aria-pressed={day === selected}
                      aria-label={[day, isOff ? t("calendar.holiday") : null, ...draws.map((r) => `${r.time} ${r.number}`)]
                        .filter(Boolean)
                        .join(", ")}
                      onClick={() => onSelect(day)}
                      className={`${base} hover:border-gold focus-visible:outline-2 focus-visible:outline-gold`}
                    >
                      {body}
                    </button>
                  ) : (
                    <div className={`${base} opacity-60`}>{body}</div>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
