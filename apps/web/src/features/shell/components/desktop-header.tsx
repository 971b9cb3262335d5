import { buttonClass } from "../../../components/button.tsx";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link } from "../../../lib/router.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import { ClaimButton } from "../../rewards/components/claim-button.tsx";
import { PocketButton } from "../../rewards/components/pocket-button.tsx";
import { BalanceBox } from "./balance.tsx";
import { CategoryTabs } from "./category-tabs.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { LogoLink } from "./logo-link.tsx";
import { LotteryMenu } from "./lottery-nav.tsx";
import { Marquee } from "./marquee.tsx";
import { PointLink } from "./point-link.tsx";
import { TransferButton } from "./transfer-button.tsx";
import { UserMenu } from "./user-menu.tsx";

/**
 * Desktop header (≥1024 px): logo, lottery menu, the signed-in player's points, Claim and Pocket
 * Money, language, balance, transfer and account menu (or login); then every category tab across the
 * whole width; then the marquee across the whole width, so neither is squeezed by the balance.
 */
export function DesktopHeader() {
  const signedIn = useSession((s) => Boolean(s.user?.token));
  return (
    <header className="sticky top-0 z-30 hidden border-b border-line bg-bg/95 backdrop-blur lg:block">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-6">
        <LogoLink className="h-10" />
        <LotteryMenu />
        <div className="min-w-0 flex-1" />
        {signedIn ? (
          <div className="flex shrink-0 items-center gap-2">
            <PointLink />
            <ClaimButton />
            <PocketButton />
          </div>
        ) : null}
        <LanguageSwitcher />
        {signedIn ? (
          <>
            <BalanceBox />
            <TransferButton />
            <UserMenu />
          </>
        ) : (
          <VisitorLinks />
        )}
      </div>
      <div className="border-t border-line bg-surface">
        <div className="mx-auto max-w-6xl px-6">
          <CategoryTabs />
        </div>
      </div>
      <div className="border-t border-line">
        <Marquee className="mx-auto h-8 max-w-6xl px-6" />
      </div>
    </header>
  );
}

/**
 * The server's drawing does not know the visitor: the login links hold their place, unseen, until
 * the app knows. Only they draw again then, not the header around them.
 */
function VisitorLinks() {
  const { t } = useTranslation("common");
  const known = useHydrated();
  return (
    <div className={`flex items-center gap-2 ${known ? "" : "invisible"}`} aria-hidden={known ? undefined : true}>
      <Link to={paths.login} className={buttonClass()}>
        {t("nav.login")}
      </Link>
      <Link to={paths.register} className={buttonClass({ variant: "secondary" })}>
        {t("nav.register")}
      </Link>
    </div>
  );
}
