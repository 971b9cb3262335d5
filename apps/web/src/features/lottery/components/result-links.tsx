import type { LotteryType } from "@shwe/contracts";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link } from "../../../lib/router.tsx";

/** Links of a game page to its results calendar and number statistics. */
export function ResultLinks({ type }: { type: LotteryType }) {
  const { t } = useTranslation("common");
  const link =
    "inline-flex min-h-11 items-center text-sm font-semibold text-gold hover:underline focus-visible:outline-2 focus-visible:outline-gold";
  return (
    <nav aria-label={t("lotteryNav.menu")} className="flex flex-wrap gap-x-4">
      <Link to={paths.resultsCalendar(type)} className={link}>
        {t("lotteryNav.resultsCalendar")}
      </Link>
      <Link to={paths.numberStats(type)} className={link}>
        {t("lotteryNav.numberStats")}
      </Link>
    </nav>
  );
}
