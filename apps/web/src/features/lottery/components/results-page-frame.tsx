import type { LotteryType } from "@shwe/contracts";
import { type ReactNode, useId } from "react";
import { ChevronRightIcon } from "../../../components/icons.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link } from "../../../lib/router.tsx";
import { GameSwitch } from "./game-switch.tsx";

/** What the frame needs of the page's query: its state and a way to ask again. */
interface ResultsQuery {
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * The frame of the results pages (results calendar, number statistics): title and subtitle, the link
 * to the other page, the game tabs, and a panel that shows a spinner while the game's answer loads,
 * an error with a retry button when it failed, and `children(data)` once it is there.
 */
export function ResultsPageFrame<T>({
  title,
  subtitle,
  link,
  game,
  onGame,
  options,
  panelTop,
  query,
  data,
  children,
}: {
  title: string;
  subtitle: string;
  link: { to: string; label: string };
  game: LotteryType;
  onGame: (game: LotteryType) => void;
  /** Between the game tabs and the panel (the statistics' 30/90 days). */
  options?: ReactNode;
  /** At the top of the panel, drawn whatever the query's state (the calendar's month switch). */
  panelTop?: ReactNode;
  query: ResultsQuery;
  /** The query's answer for what the page shows now (undefined while another game's is in hand). */
  data: T | undefined;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation("stats");
  const panelId = useId();
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <header className="flex flex-wrap items-end justify-between gap-2">
        <div className="min-w-0">
          <h1 className="text-xl font-bold sm:text-2xl">{title}</h1>
          <p className="text-sm text-muted">{subtitle}</p>
        </div>
        <Link to={link.to} className="flex min-h-11 items-center gap-1 text-sm font-semibold text-gold hover:underline">
          {link.label}
          <ChevronRightIcon size={16} />
        </Link>
      </header>
      <GameSwitch value={game} onChange={onGame} controls={panelId} />
      {options}
      <section id={panelId} role="tabpanel" aria-busy={query.isFetching} className="flex flex-col gap-4">
        {panelTop}
        {query.isError && !data ? (
          <div className="rounded-card border border-line bg-surface p-3 py-8 text-center shadow-card">
            <p className="mb-3 text-muted">{t("loadError")}</p>
            <button
              type="button"
              onClick={() => void query.refetch()}
              className="min-h-11 rounded-full border border-gold px-4 font-semibold text-gold"
            >
              {t("retry")}
            </button>
          </div>
        ) : data === undefined ? (
          <Spinner variant="centered" />
        ) : (
          children(data)
        )}
      </section>
    </div>
  );
}
