import { useTranslation } from "../../../lib/i18n-react.tsx";
import { errorKey, isInsufficient } from "../lib/error-key.ts";

/** The message under the play button after a refused or failed round (insufficient balance first of all). */
export function GameNotice({ error }: { error: unknown }) {
  const { t } = useTranslation("house");
  if (!error) return null;
  const insufficient = isInsufficient(error);
  return (
    <div
      role="alert"
      className={`rounded-card border px-3 py-2.5 text-sm ${insufficient ? "border-warn/50 bg-warn/10 text-warn" : "border-danger/50 bg-danger/10 text-danger"}`}
      data-testid="game-notice"
    >
      <p className="font-semibold">{t(errorKey(error))}</p>
      {insufficient ? <p className="mt-0.5 text-text/90">{t("errors.insufficientHint")}</p> : null}
    </div>
  );
}
