import type { LotteryType } from "@shwe/contracts";
import { formatAmount, formatDisplayDateTime, LOTTERY_TYPES } from "@shwe/domain";
import { lazy, Suspense, useId, useState } from "react";
import { ChevronDownIcon } from "../../../components/icons.tsx";
import { Rank } from "../../../components/medal.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useWinners } from "../api/winners.ts";
import { useLiveResults } from "../hooks/use-live-results.ts";

/** The dropdown's last option: the pocket money winners of a day (their own table, downloaded when chosen). */
const POCKET = "POCKET";
const PocketWinners = lazy(() => import("../../rewards/components/pocket-winners.tsx").then((m) => ({ default: m.PocketWinners })));

/**
 * /winner-list: the winners of a game's latest settled draw with its time (the section) and lucky
 * number. Every change of game shows the spinner and cancels a request still running; a failed
 * request shows the empty list. Refreshing the game on screen (on arrival, on a new result) keeps
 * the list in place until the new answer replaces it.
 */
export function WinnerListPage() {
  const { t } = useTranslation("lottery");
  useLiveResults();
  const selectId = useId();
  const { t: tp } = useTranslation("pocket");
  const [type, setType] = useState<LotteryType | typeof POCKET>("2D");
  // When the player last changed the game: an answer older than that is not shown.
  const [changedAt, setChangedAt] = useState(0);
  const winners = useWinners(type === POCKET ? "2D" : type);
  const data = winners.data;
  const loading = winners.isPending || (winners.isFetching && winners.dataUpdatedAt < changedAt);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-xl font-bold sm:text-2xl">{t("winners.title")}</h1>
      <div className="relative">
        <label htmlFor={selectId} className="mb-1 block text-sm font-semibold text-muted">
          {t("winners.choose")}
        </label>
        <select
          id={selectId}
          value={type}
          onChange={(e) => {
            setType(e.target.value as LotteryType | typeof POCKET);
            setChangedAt(Date.now());
          }}
          className="min-h-12 w-full appearance-none rounded-card border border-line bg-surface px-4 pr-10 font-semibold text-text focus:border-gold focus:outline-none"
        >
          {/* The games of spec §2 (Thai 1D, 2D, 3D), with the crypto games after them. */}
          {LOTTERY_TYPES.map((w) => (
            <option key={w} value={w}>
              {t(`winners.types.${w}`)}
            </option>
          ))}
          <option value={POCKET}>{tp("winners.option")}</option>
        </select>
        <ChevronDownIcon size={20} className="pointer-events-none absolute right-3 bottom-3.5 text-muted" />
      </div>

      {type === POCKET ? (
        <Suspense fallback={<Spinner variant="centered" />}>
          <PocketWinners />
        </Suspense>
      ) : null}
      <section hidden={type === POCKET} aria-label={t("winners.summary")} className="grid grid-cols-2 gap-2">
        <div className="rounded-card border border-line bg-surface p-3">
          <p className="text-xs text-muted">{t("winners.section")}</p>
          <p className="tabular min-h-7 font-semibold">{!loading && data?.section ? formatDisplayDateTime(data.section) : "_ _"}</p>
        </div>
        <div className="rounded-card border border-gold/50 bg-surface p-3">
          <p className="text-xs text-muted">{t("winners.luckyNumber")}</p>
          <p className="tabular min-h-7 text-2xl leading-7 font-bold tracking-widest text-gold" data-testid="lucky-number">
            {!loading && data?.lucky_number ? data.lucky_number : "_ _"}
          </p>
        </div>
      </section>

      <div hidden={type === POCKET} aria-busy={loading} className="overflow-hidden rounded-card border border-line bg-surface shadow-card">
        {loading ? (
          <Spinner variant="centered" />
        ) : !data || data.data.length === 0 ? (
          <p className="py-12 text-center text-muted">{t("noData")}</p>
        ) : (
          <table className="w-full text-sm">
            <thead className="bg-surface-2 text-left text-xs text-muted">
              <tr>
                <th scope="col" className="px-3 py-2.5 font-semibold">
                  {t("winners.rank")}
                </th>
                <th scope="col" className="px-2 py-2.5 font-semibold">
                  {t("winners.phone")}
                </th>
                <th scope="col" className="px-2 py-2.5 text-right font-semibold">
                  {t("winners.bet")}
                </th>
                <th scope="col" className="px-3 py-2.5 text-right font-semibold">
                  {t("winners.win")}
                </th>
              </tr>
            </thead>
            <tbody className="tabular">
              {data.data.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are ranks of one answer; phones are masked and may repeat
                <tr key={i} className="border-t border-line">
                  <td className="px-3 py-2">
                    <Rank rank={i + 1} />
                  </td>
                  <td className="px-2 py-2 whitespace-nowrap">{row.phone}</td>
                  <td className="px-2 py-2 text-right">{formatAmount(row.bet_amount)}</td>
                  <td className="px-3 py-2 text-right font-bold text-win">{formatAmount(row.win_amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
