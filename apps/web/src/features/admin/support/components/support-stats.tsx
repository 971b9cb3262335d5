import { supportAdminPaths } from "../../../../config/console-paths.ts";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { Link } from "../../../../lib/router.tsx";
import { useSupportStats } from "../api.ts";
import { SupportNavIcon } from "../support-nav-icon.tsx";

/** "12 min 5 s", "45 s". */
function duration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** The dashboard's support card: open chats, how many wait for an answer, the median first answer time (7 days). */
export function SupportStatsCard() {
  const { t } = useTranslation("support");
  const stats = useSupportStats();
  const waiting = (stats.data?.waiting ?? 0) > 0;
  return (
    <Link
      to={supportAdminPaths.support}
      data-testid="support-stats"
      className={`mb-4 flex flex-wrap items-center gap-x-6 gap-y-1 rounded-card border bg-surface p-4 shadow-card hover:border-gold focus-visible:outline-2 focus-visible:outline-gold ${
        waiting ? "border-gold/50" : "border-line"
      }`}
    >
      <span className="flex items-center gap-2 text-sm font-semibold text-muted">
        <SupportNavIcon size={18} className={waiting ? "text-gold" : ""} />
        {t("console.stats.title")}
      </span>
      <span className="text-sm">
        {t("console.stats.open")}: <span className="tabular text-xl font-bold">{stats.data?.open ?? "–"}</span>
      </span>
      <span className={`text-sm ${waiting ? "text-gold" : "text-muted"}`}>
        {t("console.stats.waiting", { count: stats.data?.waiting ?? 0 })}
      </span>
      <span className="text-sm text-muted">
        {stats.data?.median_first_answer_seconds == null
          ? t("console.stats.noMedian")
          : t("console.stats.median", { value: duration(stats.data.median_first_answer_seconds) })}
      </span>
    </Link>
  );
}
