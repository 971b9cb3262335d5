import { formatFloor } from "@shwe/domain";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link } from "../../../lib/router.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { PointIcon } from "../../points/components/point-icon.tsx";

/** The header's point link (spec: desktop header): the player's points, rounded down, opening /point. */
export function PointLink() {
  const { t } = useTranslation("common");
  const point = useSession((s) => s.user?.point);
  if (point === undefined) return null;
  return (
    <Link
      to={paths.point}
      title={t("nav.points")}
      className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-card border border-line bg-surface-2 px-3 text-sm font-semibold text-text transition-colors hover:border-gold focus-visible:outline-2 focus-visible:outline-gold"
    >
      <PointIcon size={18} className="shrink-0 text-gold" />
      <span className="sr-only">{t("nav.points")} </span>
      <span className="tabular" data-testid="header-point">
        {formatFloor(point)}
      </span>
    </Link>
  );
}
