import { buttonClass } from "../../../components/button.tsx";
import { MenuIcon } from "../../../components/icons.tsx";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link } from "../../../lib/router.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import { useShellUi } from "../stores/shell-ui.ts";
import { BalanceBox } from "./balance.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { LogoLink } from "./logo-link.tsx";
import { Marquee } from "./marquee.tsx";
import { TransferButton } from "./transfer-button.tsx";

/** Mobile header (<1024 px): hamburger, logo, balance (or login) and the language flag menu; the marquee below. */
export function MobileHeader() {
  const { t } = useTranslation("common");
  const signedIn = useSession((s) => Boolean(s.user?.token));
  const menuOpen = useShellUi((s) => s.menuOpen);
  const setMenuOpen = useShellUi((s) => s.setMenuOpen);
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-bg/95 backdrop-blur lg:hidden">
      <div className="flex h-14 items-center gap-1 px-1.5">
        <button
          type="button"
          onClick={() => setMenuOpen(true)}
          aria-label={t("nav.openMenu")}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          className="flex size-11 shrink-0 items-center justify-center rounded-card text-text hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-gold"
        >
          <MenuIcon />
        </button>
        <LogoLink className="h-8" compact={signedIn || "narrow"} />
        <div className="flex-1" />
        {signedIn ? (
          <>
            <Link to={paths.profile} className="min-w-0 rounded-full focus-visible:outline-2 focus-visible:outline-gold">
              <BalanceBox compact />
            </Link>
            <TransferButton variant="icon" />
          </>
        ) : (
          <LoginLink />
        )}
        <LanguageSwitcher flagOnly />
      </div>
      <Marquee className="h-8 border-t border-line bg-surface px-3" />
    </header>
  );
}

/**
 * The server's drawing does not know the visitor: the login button holds its place, unseen, until
 * the app knows. Only this button draws again then, not the header around it.
 */
function LoginLink() {
  const { t } = useTranslation("common");
  const known = useHydrated();
  return (
    <Link
      to={paths.login}
      className={`${buttonClass()} shrink-0 whitespace-nowrap px-3 ${known ? "" : "invisible"}`}
      aria-hidden={known ? undefined : true}
      tabIndex={known ? undefined : -1}
    >
      {t("nav.login")}
    </Link>
  );
}
