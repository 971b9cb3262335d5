import { AppImage } from "../../../components/app-image.tsx";
import { DropdownMenu, menuItemClass } from "../../../components/dropdown-menu.tsx";
import { ChevronDownIcon, LogoutIcon, ShieldIcon, UserIcon } from "../../../components/icons.tsx";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link } from "../../../lib/router.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { useAvatarSrc } from "../../session/api/avatar.ts";
import { useShellUi } from "../stores/shell-ui.ts";
import { GameHistoryIcon } from "./game-history-icon.tsx";
import { SlipIcon } from "./lottery-nav.tsx";
import { CashInIcon, CashOutIcon, HistoryIcon } from "./money-icons.tsx";

export const AVATAR_IMAGE = "/img/avatar.svg";

/** The signed-in player's avatar button with a menu: profile and logout. */
export function UserMenu() {
  const { t } = useTranslation("common");
  const user = useSession((s) => s.user);
  const setLogoutOpen = useShellUi((s) => s.setLogoutOpen);
  // The picture is served only with the bearer token: fetched as bytes, shown from memory.
  const avatarSrc = useAvatarSrc(typeof user?.avatar === "string" ? user.avatar : null);
  if (!user) return null;
  const avatar = avatarSrc ?? AVATAR_IMAGE;
  return (
    <DropdownMenu
      label={t("nav.userMenu")}
      triggerClassName="px-1.5 hover:bg-surface-2"
      trigger={
        <>
          <AppImage
            src={avatar}
            fallbackSrc={AVATAR_IMAGE}
            alt=""
            width={36}
            height={36}
            className="size-9 rounded-full border border-line"
            priority
          />
          <ChevronDownIcon size={16} className="text-muted" />
        </>
      }
    >
      {(close) => (
        <>
          <div className="border-b border-line px-4 pt-1 pb-2">
            <p className="truncate text-sm font-semibold">{user.name || user.phone}</p>
            <p className="tabular text-xs text-muted">{user.phone}</p>
            <p className="tabular text-xs text-muted">{user.user_code}</p>
          </div>
          <Link to={paths.profile} role="menuitem" className={menuItemClass} onClick={close}>
            <UserIcon size={18} className="text-gold" />
            {t("nav.profile")}
          </Link>
          <Link to={paths.cashIn} role="menuitem" className={menuItemClass} onClick={close}>
            <CashInIcon size={18} className="text-gold" />
            {t("nav.cashIn")}
          </Link>
          <Link to={paths.cashOut} role="menuitem" className={menuItemClass} onClick={close}>
            <CashOutIcon size={18} className="text-gold" />
            {t("nav.cashOut")}
          </Link>
          <Link to={paths.betSlip} role="menuitem" className={menuItemClass} onClick={close}>
            <SlipIcon size={18} className="text-gold" />
            {t("lotteryNav.betSlip")}
          </Link>
          <Link to={paths.walletHistory} role="menuitem" className={menuItemClass} onClick={close}>
            <HistoryIcon size={18} className="text-gold" />
            {t("nav.walletHistory")}
          </Link>
          <Link to={paths.promotionHistory} role="menuitem" className={menuItemClass} onClick={close}>
            <HistoryIcon size={18} className="text-gold" />
            {t("rewards.history")}
          </Link>
          <Link to={paths.gameHistory} role="menuitem" className={menuItemClass} onClick={close}>
            <GameHistoryIcon size={18} className="text-gold" />
            {t("nav.gameHistory")}
          </Link>
          {user.role === "operator" || user.role === "admin" ? (
            <Link to={paths.admin} role="menuitem" className={menuItemClass} onClick={close}>
              <ShieldIcon size={18} className="text-gold" />
              {t("nav.operatorConsole")}
            </Link>
          ) : null}
          <button
            type="button"
            role="menuitem"
            className={menuItemClass}
            onClick={() => {
              close();
              setLogoutOpen(true);
            }}
          >
            <LogoutIcon size={18} className="text-gold" />
            {t("nav.logout")}
          </button>
        </>
      )}
    </DropdownMenu>
  );
}
