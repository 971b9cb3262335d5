import { type ComponentType, Suspense, useEffect, useRef } from "react";
import { Spinner } from "../../../components/spinner.tsx";
import {
  adminPaths,
  catalogueAdminPaths,
  liveAdminPaths,
  lotteryAdminPaths,
  paymentsAdminPaths,
  pocketAdminPaths,
  pointsAdminPaths,
  promosAdminPaths,
  referralAdminPaths,
  reportsAdminPaths,
  rewardsAdminPaths,
  securityAdminPaths,
  supportAdminPaths,
  vitalsAdminPaths,
} from "../../../config/console-paths.ts";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link, NavLink, Outlet } from "../../../lib/router.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { PointIcon } from "../../points/components/point-icon.tsx";
import { CatalogueNavIcon } from "../catalogue/catalogue-nav-icon.tsx";
import { formatCount, type PendingCount, usePendingCounts } from "../hooks/use-pending-counts.ts";
import { LiveNavIcon } from "../live/live-nav-icon.tsx";
import { LotteryNavIcon } from "../lottery/components/lottery-nav-icon.tsx";
import { PaymentsNavIcon } from "../payments/payments-nav-icon.tsx";
import { PocketNavIcon } from "../pocket/pocket-nav-icon.tsx";
import { PromosNavIcon } from "../promos/promos-nav-icon.tsx";
import { ReferralNavIcon } from "../referral/referral-nav-icon.tsx";
import { ReportsNavIcon } from "../reports/reports-nav-icon.tsx";
import { CashbackNavIcon } from "../rewards/cashback-nav-icon.tsx";
import { SecurityNavIcon } from "../security/security-nav-icon.tsx";
import { SupportNavIcon } from "../support/support-nav-icon.tsx";
import { VitalsNavIcon } from "../vitals/vitals-nav-icon.tsx";
import { CashInIcon, CashOutIcon, ContentIcon, DashboardIcon, ExitIcon, IdCardIcon, LogIcon, PlayersIcon } from "./console-icons.tsx";
import { LanguageSelect } from "./language-select.tsx";
import { SingleAdminBanner } from "./single-admin-banner.tsx";

interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number; className?: string }>;
  pending?: PendingCount | undefined;
}

function useNavItems(): NavItem[] {
  const { t } = useTranslation("admin");
  const { t: ts } = useTranslation("support");
  const counts = usePendingCounts();
  return [
    { to: adminPaths.dashboard, label: t("nav.dashboard"), icon: DashboardIcon },
    { to: adminPaths.cashIn, label: t("nav.cashIn"), icon: CashInIcon, pending: counts.cashIn },
    { to: adminPaths.cashOut, label: t("nav.cashOut"), icon: CashOutIcon, pending: counts.cashOut },
    { to: adminPaths.lvl2, label: t("nav.lvl2"), icon: IdCardIcon, pending: counts.lvl2 },
    { to: adminPaths.players, label: t("nav.players"), icon: PlayersIcon, pending: counts.adjustments },
    { to: adminPaths.auditLog, label: t("nav.auditLog"), icon: LogIcon },
    { to: adminPaths.content, label: t("nav.content"), icon: ContentIcon },
    { to: liveAdminPaths.live, label: t("nav.live"), icon: LiveNavIcon },
    { to: supportAdminPaths.support, label: ts("console.nav"), icon: SupportNavIcon },
    { to: lotteryAdminPaths.draws, label: t("nav.lottery"), icon: LotteryNavIcon },
    { to: rewardsAdminPaths.cashback, label: t("nav.cashback"), icon: CashbackNavIcon },
    { to: pointsAdminPaths.points, label: t("nav.points"), icon: PointIcon },
    { to: pocketAdminPaths.pocket, label: t("nav.pocket"), icon: PocketNavIcon },
    { to: referralAdminPaths.referral, label: t("nav.referral"), icon: ReferralNavIcon },
    { to: reportsAdminPaths.reports, label: t("nav.reports"), icon: ReportsNavIcon },
    { to: vitalsAdminPaths.vitals, label: t("nav.speed"), icon: VitalsNavIcon },
    { to: paymentsAdminPaths.payments, label: t("nav.payments"), icon: PaymentsNavIcon },
    { to: promosAdminPaths.promos, label: t("nav.promos"), icon: PromosNavIcon },
    { to: catalogueAdminPaths.catalogue, label: t("nav.catalogue"), icon: CatalogueNavIcon },
    { to: securityAdminPaths.security, label: t("nav.security"), icon: SecurityNavIcon },
  ];
}

/** A count bubble next to a navigation entry, only when something waits. */
function PendingBubble({ pending }: { pending: PendingCount | undefined }) {
  const { t } = useTranslation("admin");
  if (!pending?.count) return null;
  const text = formatCount(pending);
  return (
    <span className="tabular ml-auto min-w-6 rounded-full bg-gold px-1.5 text-center text-xs leading-5 font-bold text-bg">
      {text}
      <span className="sr-only"> {t("nav.waiting")}</span>
    </span>
  );
}

function Brand() {
  const { t } = useTranslation("admin");
  return (
    <Link
      to={adminPaths.dashboard}
      className="flex min-h-11 items-center gap-2.5 rounded-card focus-visible:outline-2 focus-visible:outline-gold"
    >
      <img src="/img/logo-mark.svg" alt="" width={36} height={36} className="size-9" decoding="async" />
      <span className="leading-tight">
        <span className="block text-sm font-bold text-gold">Shwe Lucky</span>
        <span className="block text-xs text-muted">{t("console.title")}</span>
      </span>
    </Link>
  );
}

function OperatorBadge() {
  const { t } = useTranslation("admin");
  const user = useSession((s) => s.user);
  if (!user) return null;
  return (
    <div className="min-w-0 leading-tight">
      <p className="truncate text-sm font-semibold">{user.name || user.phone}</p>
      <p className="tabular truncate text-xs text-muted">
        {user.phone} · {t(`roles.${user.role ?? "operator"}`)}
      </p>
    </div>
  );
}

const sideLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center gap-3 rounded-card px-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-gold ${
    isActive ? "bg-surface-2 text-gold" : "text-muted hover:bg-surface-2 hover:text-text"
  }`;

const tabLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 shrink-0 items-center gap-1.5 border-b-2 px-3 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-gold ${
    isActive ? "border-gold text-gold" : "border-transparent text-muted hover:text-text"
  }`;

/** The phone's tab bar: every console page in one scrollable row; the current one scrolled into view. */
function MobileTabs({ items }: { items: NavItem[] }) {
  const { t } = useTranslation("admin");
  const navRef = useRef<HTMLElement>(null);
  useEffect(() => {
    navRef.current?.querySelector<HTMLElement>('[aria-current="page"]')?.scrollIntoView?.({ block: "nearest", inline: "center" });
  });
  return (
    <nav
      ref={navRef}
      aria-label={t("nav.label")}
      className="relative flex overflow-x-auto border-t border-line px-1 [scrollbar-width:none]"
    >
      {items.map((item) => (
        <NavLink key={item.to} to={item.to} end={item.to === adminPaths.dashboard} className={tabLinkClass}>
          {item.label}
          <PendingBubble pending={item.pending} />
        </NavLink>
      ))}
    </nav>
  );
}

/**
 * The operator console around every console page: a side navigation on desktop, a header with a
 * scrollable tab bar on the phone. Pending counts ride along in the navigation.
 */
export function ConsoleLayout() {
  const { t } = useTranslation("admin");
  const items = useNavItems();
  return (
    <div className="min-h-dvh lg:flex">
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r border-line bg-surface lg:flex">
        <div className="border-b border-line px-4 py-3">
          <Brand />
        </div>
        <nav aria-label={t("nav.label")} className="flex-1 space-y-1 overflow-y-auto p-3">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.to === adminPaths.dashboard} className={sideLinkClass}>
              <item.icon size={20} className="shrink-0" />
              <span className="min-w-0 flex-1 truncate">{item.label}</span>
              <PendingBubble pending={item.pending} />
            </NavLink>
          ))}
        </nav>
        <div className="space-y-3 border-t border-line p-3">
          <OperatorBadge />
          <LanguageSelect className="w-full" />
          <Link to={paths.home} className={sideLinkClass({ isActive: false })}>
            <ExitIcon size={20} />
            {t("nav.backToSite")}
          </Link>
        </div>
      </aside>

      <div className="min-w-0 flex-1">
        <header className="sticky top-0 z-30 border-b border-line bg-bg/95 backdrop-blur lg:hidden">
          <div className="flex h-14 items-center gap-2 px-3">
            <Brand />
            <div className="flex-1" />
            <LanguageSelect className="max-w-28" />
            <Link
              to={paths.home}
              aria-label={t("nav.backToSite")}
              className="flex size-11 shrink-0 items-center justify-center rounded-card text-muted hover:bg-surface-2 hover:text-text focus-visible:outline-2 focus-visible:outline-gold"
            >
              <ExitIcon size={22} />
            </Link>
          </div>
          <MobileTabs items={items} />
        </header>
        <main id="main" className="mx-auto w-full max-w-6xl px-4 py-4 lg:px-8 lg:py-6">
          <SingleAdminBanner />
          <Suspense fallback={<Spinner variant="centered" />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
