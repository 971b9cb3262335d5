import { Button } from "../../../components/button.tsx";
import { PopupBox } from "../../../components/popup-box.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useLogout } from "../hooks/use-logout.ts";
import { useShellUi } from "../stores/shell-ui.ts";

/** 'Are you sure want to logout ?' — Logout signs out and goes home, Cancel keeps the session. */
export function LogoutDialog() {
  const { t } = useTranslation("common");
  const open = useShellUi((s) => s.logoutOpen);
  const setOpen = useShellUi((s) => s.setLogoutOpen);
  const logout = useLogout();
  return (
    <PopupBox open={open} onClose={() => setOpen(false)} title={t("logout.title")} centerTitle>
      <p className="py-2 text-center text-base">{t("logout.confirm")}</p>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <Button variant="secondary" onClick={() => setOpen(false)}>
          {t("logout.cancel")}
        </Button>
        <Button
          onClick={() => {
            setOpen(false);
            logout();
          }}
        >
          {t("logout.ok")}
        </Button>
      </div>
    </PopupBox>
  );
}
