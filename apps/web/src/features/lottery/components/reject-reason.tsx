import type { RejectedLine, SlipLimits } from "@shwe/contracts";
import { formatAmount } from "@shwe/domain";
import { useTranslation } from "../../../lib/i18n-react.tsx";

/** Why a number was refused, and what it can still take when that helps the player fix it. */
export function useRejectText() {
  const { t } = useTranslation("lottery");
  return (rejected: RejectedLine, limits: SlipLimits | undefined) =>
    t(`reject.${rejected.reason}`, {
      amount: formatAmount(rejected.remaining ?? 0),
      min: formatAmount(limits?.min_stake ?? 0),
      max: formatAmount(limits?.max_stake ?? 0),
    });
}
