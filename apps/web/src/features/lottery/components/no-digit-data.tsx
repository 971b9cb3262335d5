import { Button } from "../../../components/button.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { LockIcon } from "./lottery-icons.tsx";

/** No board to show: the board could not be loaded, or the game has no open draw. */
export function NoDigitData({ onRetry, retrying }: { onRetry?: () => void; retrying?: boolean }) {
  const { t } = useTranslation("lottery");
  return (
    <div className="flex flex-col items-center gap-3 rounded-card border border-line bg-surface px-4 py-10 text-center">
      <LockIcon size={32} className="text-faint" />
      <p className="font-semibold">{t("noDigitData")}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry} loading={retrying}>
          {t("retry")}
        </Button>
      ) : null}
    </div>
  );
}
