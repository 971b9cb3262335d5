import { buttonClass } from "../../../components/button.tsx";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link } from "../../../lib/router.tsx";
import { InfoIcon } from "./icons.tsx";

/** Cash-out needs level 2 (domain-rules §2): said up front, with the way to get there. */
export function LevelGate({ status }: { status: string | undefined }) {
  const { t } = useTranslation("wallet");
  return (
    <div role="alert" className="mb-4 flex flex-col gap-3 rounded-card border border-warn/50 bg-warn/10 p-4 sm:flex-row sm:items-center">
      <InfoIcon size={28} className="shrink-0 text-warn" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-text">{t("errors.LEVEL_2_REQUIRED")}</p>
        <p className="text-sm text-muted">{status === "pending" ? t("cashout.levelPending") : t("cashout.levelHow")}</p>
      </div>
      <Link to={paths.profile} className={buttonClass({ variant: "secondary" })}>
        {t("cashout.toProfile")}
      </Link>
    </div>
  );
}
