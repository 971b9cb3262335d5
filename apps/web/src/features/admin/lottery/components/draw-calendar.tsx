import type { AdminDraw, LotteryType } from "@shwe/contracts";
import { drawsOnDay, type ScheduleConfig, yangonDate, yangonTime } from "@shwe/domain";
import { useState } from "react";
import { Button } from "../../../../components/button.tsx";
import { Skeleton } from "../../../../components/skeleton.tsx";
import { lotteryAdminPaths } from "../../../../config/console-paths.ts";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { Link } from "../../../../lib/router.tsx";
import { Badge } from "../../components/panel.tsx";
import { useAdminGames } from "../api/games.ts";
import { DrawStatusBadge } from "./draw-status.tsx";

const pad = (n: number) => String(n).padStart(2, "0");

/** The Yangon days of a month laid out in Monday-first weeks (null: a cell outside the month). */
export function monthGrid(year: number, month: number): (string | null)[][] {
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const lead = (new Date(Date.UTC(year, month, 1)).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = [...Array<null>(lead).fill(null)];
  for (let d = 1; d <= days; d++) cells.push(`${year}-${pad(month + 1)}-${pad(d)}`);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/**
 * A game's draw calendar, a month at a time: each day's draw times from the schedule, with the draw
 * made for each (its status opens the draw), off days marked, and draws that no longer fit the
 * schedule shown too.
 */
export function DrawCalendar({ type, draws }: { type: LotteryType; draws: readonly AdminDraw[] }) {
  const { t } = useTranslation("admin");
  const games = useAdminGames();
  const today = yangonDate(new Date());
  const [month, setMonth] = useState({ year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) - 1 });
  const schedule = games.data?.find((g) => g.type === type)?.schedule as ScheduleConfig | null | undefined;
  if (games.isPending) return <Skeleton className="h-96 w-full" />;
  const byDay = new Map<string, AdminDraw[]>();
  for (const d of draws) {
    const day = yangonDate(d.draw_at);
    byDay.set(day, [...(byDay.get(day) ?? []), d]);
  }
  const shift = (by: number) =>
    setMonth((m) => {
      const next = new Date(Date.UTC(m.year, m.month + by, 1));
      return { year: next.getUTCFullYear(), month: next.getUTCMonth() };
    });
  const weekdays = [1, 2, 3, 4, 5, 6, 0];
  return (
    <section aria-label={t("lottery.calendar.title")} data-testid="draw-calendar">
      <div className="mb-3 flex items-center justify-between gap-2">
        <Button variant="secondary" onClick={() => shift(-1)}>
          {t("lottery.calendar.previous")}
        </Button>
        <h2 className="tabular text-base font-semibold">{`${month.year}-${pad(month.month + 1)}`}</h2>
        <Button variant="secondary" onClick={() => shift(1)}>
          {t("lottery.calendar.next")}
        </Button>
      </div>
      {!schedule ? <p className="mb-3 text-sm text-danger">{t("lottery.calendar.no_schedule")}</p> : null}
      <div className="overflow-x-auto">
        <table className="w-full min-w-[44rem] table-fixed border-collapse text-xs">
          <thead>
            <tr>
              {weekdays.map((d) => (
                <th key={d} className="py-1 font-semibold text-muted">
                  {t(`lottery.calendar.weekday.${d}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthGrid(month.year, month.month).map((week) => (
              <tr key={week.find(Boolean) ?? "empty"}>
                {week.map((day, i) => {
                  // biome-ignore lint/suspicious/noArrayIndexKey: blank cells are fixed positions of a week row
                  if (!day) return <td key={`blank-${i}`} className="border border-line bg-bg" />;
                  const off = schedule?.off_days.includes(day) ?? false;
                  const planned = schedule ? drawsOnDay(schedule, day) : [];
                  const made = byDay.get(day) ?? [];
                  const madeTimes = new Map(made.map((d) => [yangonTime(d.draw_at), d]));
                  const extra = made.filter((d) => !planned.some((p) => p.time === yangonTime(d.draw_at)));
                  return (
                    <td
                      key={day}
                      data-day={day}
                      className={`h-24 border border-line p-1 align-top ${off ? "bg-danger/5" : "bg-surface"} ${day === today ? "outline-2 outline-gold" : ""}`}
                    >
                      <div className="mb-1 flex items-center justify-between">
                        <span className="tabular font-semibold">{Number(day.slice(8))}</span>
                        {off ? <Badge tone="danger">{t("lottery.calendar.off")}</Badge> : null}
                      </div>
                      <ul className="space-y-0.5">
                        {planned.map((p) => {
                          const draw = madeTimes.get(p.time);
                          return (
                            <li key={p.time} className="flex items-center justify-between gap-1">
                              {draw ? (
                                <Link to={lotteryAdminPaths.draw(draw.id)} className="tabular text-gold hover:underline">
                                  {p.time}
                                </Link>
                              ) : (
                                <span className="tabular text-muted">{p.time}</span>
                              )}
                              {draw ? <DrawStatusBadge status={draw.status} /> : null}
                            </li>
                          );
                        })}
                        {extra.map((d) => (
                          <li key={d.id} className="flex items-center justify-between gap-1">
                            <Link to={lotteryAdminPaths.draw(d.id)} className="tabular text-warn hover:underline">
                              {yangonTime(d.draw_at)}
                            </Link>
                            <DrawStatusBadge status={d.status} />
                          </li>
                        ))}
                      </ul>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-muted">{t("lottery.calendar.legend")}</p>
    </section>
  );
}
