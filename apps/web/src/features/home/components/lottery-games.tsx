import type { LotteryType } from "@shwe/contracts";
import { useEffect, useId, useState } from "react";
import { Skeleton } from "../../../components/skeleton.tsx";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { clockNow } from "../../../lib/render-clock.ts";
import { Link } from "../../../lib/router.tsx";
import { type LotteryListItem, useLotteryList } from "../api/lottery-list.ts";

/** The player page of each game, in the order the cards are shown. */
const GAMES: readonly { type: LotteryType; to: string }[] = [
  { type: "2D", to: paths.twoD },
  { type: "1D", to: paths.oneD },
  { type: "3D", to: paths.threeD },
  { type: "C2D", to: paths.crypto2D },
  { type: "C1D", to: paths.crypto1D },
];

const listClass =
  "-mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-1 [scrollbar-width:none] md:mx-0 md:grid md:grid-cols-5 md:px-0";
const itemClass = "relative w-[38%] shrink-0 snap-start md:w-auto";

/** "02:05:09", or "3d 04:00:00" style with the day count in front. */
function useTimeLeft(at: string | null): { days: number; time: string } | null {
  const [now, setNow] = useState(clockNow);
  useEffect(() => {
    if (!at) return;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [at]);
  if (!at) return null;
  const left = Math.max(0, Math.floor((Date.parse(at) - now) / 1000));
  if (!Number.isFinite(left)) return null;
  const pad = (n: number) => String(n).padStart(2, "0");
  const days = Math.floor(left / 86_400);
  const rest = left % 86_400;
  return { days, time: `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}` };
}

/** The countdown alone draws every second, not the card around it. */
function TimeLeft({ at }: { at: string | null }) {
  const { t } = useTranslation("common");
  const left = useTimeLeft(at);
  return (
    <span className="tabular text-sm font-semibold">
      {left ? (left.days > 0 ? t("lotteryHome.days", { count: left.days, time: left.time }) : left.time) : t("lotteryHome.noDraw")}
    </span>
  );
}

function GameCard({ game, to }: { game: LotteryListItem; to: string }) {
  const { t } = useTranslation("common");
  const crypto = game.type.startsWith("C");
  return (
    <Link
      to={to}
      className="flex h-full flex-col gap-1 rounded-card border border-line bg-surface p-3 shadow-card transition-colors hover:border-gold focus-visible:outline-2 focus-visible:outline-gold"
    >
      <span className="flex items-center justify-between gap-2">
        <span
          className={`tabular flex h-9 min-w-12 items-center justify-center rounded-full px-2 text-sm font-bold ${
            crypto ? "bg-surface-2 text-gold ring-1 ring-gold/60" : "bg-gold text-bg"
          }`}
          aria-hidden="true"
        >
          {game.type.replace("C", "")}
        </span>
        <span className="tabular text-sm font-bold text-gold">×{game.odds}</span>
      </span>
      <span className="mt-1 truncate font-semibold">{t(`lotteryHome.names.${game.type}`, { defaultValue: game.name })}</span>
      <span className="text-xs text-muted">{t("lotteryHome.nextDraw")}</span>
      <TimeLeft at={game.next_draw_at} />
      <span className="sr-only">{t("lotteryHome.odds", { odds: game.odds })}</span>
    </Link>
  );
}

/** Home: the five lottery games as cards with their odds and a countdown to the next draw. */
export function LotteryGames() {
  const { t } = useTranslation("common");
  const headingId = useId();
  const list = useLotteryList();
  const byType = new Map((list.data ?? []).map((g) => [g.type, g]));
  const cards = GAMES.filter((g) => byType.has(g.type));
  if (list.isError || (list.isSuccess && cards.length === 0)) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 flex min-h-9 items-center text-lg font-bold">
        {t("lotteryHome.title")}
      </h2>
      <ul className={listClass}>
        {list.isPending
          ? GAMES.map((g) => (
              <li key={g.type} className={itemClass}>
                <Skeleton className="h-[8.75rem] w-full" />
              </li>
            ))
          : cards.map((g) => {
              const game = byType.get(g.type);
              return game ? (
                <li key={g.type} className={itemClass}>
                  <GameCard game={game} to={g.to} />
                </li>
              ) : null;
            })}
      </ul>
    </section>
  );
}
