import { buttonClass } from "../../../components/button.tsx";
import { PopupBox } from "../../../components/popup-box.tsx";
import type { LoginRedirectState } from "../../../components/require-auth.tsx";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link, useLocation } from "../../../lib/router.tsx";

/** 'Need to login first !' (spec §5): a visitor tapped a game; login brings them back to this game list. */
export function LoginFirstDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("games");
  const location = useLocation();
  const state: LoginRedirectState = { from: location.pathname + location.search };
  return (
    <PopupBox open={open} onClose={onClose} title={t("launch.loginFirst")} centerTitle>
      <p className="text-center text-sm text-muted">{t("launch.loginHint")}</p>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Link to={paths.login} state={state} className={buttonClass()}>
          {t("launch.login")}
        </Link>
        <Link to={paths.register} className={buttonClass({ variant: "secondary" })}>
          {t("launch.register")}
        </Link>
      </div>
    </PopupBox>
  );
}
