import type { Protection } from "@shwe/contracts";
import { formatDisplayDateTime } from "@shwe/domain";
import { useTranslation } from "../../../lib/i18n-react.tsx";

type Exclusion = NonNullable<Protection["self_exclusion"]>;

/** The words of the break notice (downloaded only when a break is running). */
export function BreakNoticeText({ exclusion, className }: { exclusion: Exclusion; className: string }) {
  const { t } = useTranslation("protection");
  return (
    <p
      role="status"
      data-testid="break-notice"
      className={`rounded-card border border-danger/40 bg-danger/10 px-3 py-2 text-sm leading-[1.9] text-text ${className}`}
    >
      {exclusion.indefinite || !exclusion.until
        ? t("break.active_indefinite")
        : t("break.active_until", { date: formatDisplayDateTime(exclusion.until) })}
    </p>
  );
}
