import { formatAmount, formatDisplayDate, yangonDate } from "@shwe/domain";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Rank } from "../../../components/medal.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { fetchPocketWinners } from "../api/pocket.ts";
import { rewardKeys } from "../api/query-keys.ts";

/** Keys that still work in the date field: moving focus. Typing a date is blocked (spec); the picker sets it. */
const ALLOWED_KEYS = new Set(["Tab", "Escape"]);

/**
 * Pocket Winners on /winner-list: a date picker (default today, Asia/Yangon; keyboard typing blocked)
 * and that day's winners, highest promo amount first: rank with medals for 1 to 3, the masked
 * phone, the amount in MMK and the date DD-MM-YYYY. No winners (or a failed request): 'No Data!'.
 */
export function PocketWinners() {
  const { t } = useTranslation("pocket");
  const { t: tl } = useTranslation("lottery");
  const dateId = useId();
  const today = yangonDate();
  const [date, setDate] = useState(today);
  const winners = useQuery({
    queryKey: rewardKeys.pocketWinners(date),
    queryFn: ({ signal }) => fetchPocketWinners(date, signal).catch(() => null),
    staleTime: 0,
  });
  const rows = winners.data?.data ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div>
        <label htmlFor={dateId} className="mb-1 block text-sm font-semibold text-muted">
          {t("winners.date")}
        </label>
        <input
          id={dateId}
          type="date"
          value={date}
          max={today}
          data-testid="pocket-date"
          onKeyDown={(e) => {
            if (!ALLOWED_KEYS.has(e.key)) e.preventDefault();
          }}
          onPaste={(e) => e.preventDefault()}
          onChange={(e) => {
            if (/^\d{4}-\d{2}-\d{2}$/.test(e.target.value)) setDate(e.target.value);
          }}
          className="min-h-12 w-full rounded-card border border-line bg-surface px-4 font-semibold text-text [color-scheme:dark] focus:border-gold focus:outline-none"
        />
      </div>
      <div aria-busy={winners.isPending} className="overflow-hidden rounded-card border border-line bg-surface shadow-card">
        {winners.isPending ? (
          <Spinner variant="centered" />
        ) : rows.length === 0 ? (
          <p className="py-12 text-center text-muted">{tl("noData")}</p>
        ) : (
          <table className="w-full text-sm" data-testid="pocket-winners">
            <thead className="bg-surface-2 text-left text-xs text-muted">
              <tr>
                <th scope="col" className="px-3 py-2.5 font-semibold">
                  {tl("winners.rank")}
                </th>
                <th scope="col" className="px-2 py-2.5 font-semibold">
                  {tl("winners.phone")}
                </th>
                <th scope="col" className="px-2 py-2.5 text-right font-semibold">
                  {t("winners.amount")}
                </th>
                <th scope="col" className="px-3 py-2.5 text-right font-semibold">
                  {t("winners.date")}
                </th>
              </tr>
            </thead>
            <tbody className="tabular">
              {rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are ranks of one answer; phones are masked and may repeat
                <tr key={i} className="border-t border-line">
                  <td className="px-3 py-2">
                    <Rank rank={i + 1} />
                  </td>
                  <td className="px-2 py-2 whitespace-nowrap">{row.phone}</td>
                  <td className="px-2 py-2 text-right font-bold whitespace-nowrap text-win">{formatAmount(row.promo_amount)} MMK</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap">{formatDisplayDate(row.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
