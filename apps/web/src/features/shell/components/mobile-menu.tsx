import { formatAmount, formatFloor } from "@shwe/domain";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { AppImage } from "../../../components/app-image.tsx";
import { buttonClass } from "../../../components/button.tsx";
import { CloseIcon, HomeIcon, LogoutIcon, ShieldIcon } from "../../../components/icons.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link, NavLink, useLocation } from "../../../lib/router.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { categoryIcon } from "../../catalogue/lib/category-codes.ts";
import { PointIcon } from "../../points/components/point-icon.tsx";
import { ClaimButton } from "../../rewards/components/claim-button.tsx";
import { PocketButton } from "../../rewards/components/pocket-button.tsx";
import { useAvatarSrc } from "../../session/api/avatar.ts";
import { useCategories } from "../api/categories.ts";
import { useShellUi } from "../stores/shell-ui.ts";
import { DownloadAppButton } from "./download-app.tsx";
import { GameHistoryIcon } from "./game-history-icon.tsx";
import { LogoLink } from "./logo-link.tsx";
import { MobileLotteryLinks } from "./lottery-nav.tsx";
import { CashInIcon, CashOutIcon, HistoryIcon } from "./money-icons.tsx";
import { TransferButton } from "./transfer-button.tsx";
import { AVATAR_IMAGE } from "./user-menu.tsx";

const rowClass =
  "flex min-h-12 items-center gap-3 rounded-card px-3 text-sm font-semibold transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-gold";

/**
 * The mobile slide-in menu: profile (or login), home, the game categories in upper case, download app, logout.
 * Nothing of it is drawn (nor its categories asked for) until it is first opened; from then on it
 * stays, hidden while closed, so it slides out and opens again at once.
 */
export function MobileMenu() {
  const open = useShellUi((s) => s.menuOpen);
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <MenuPanel /> : null;
}

function MenuPanel() {
  const { t } = useTranslation("common");
  const menuOpen = useShellUi((s) => s.menuOpen);
  const setOpen = useShellUi((s) => s.setMenuOpen);
  const setLogoutOpen = useShellUi((s) => s.setLogoutOpen);
  const user = useSession((s) => s.user);
  // The picture is served only with the bearer token: fetched as bytes, shown from memory.
  const avatarSrc = useAvatarSrc(typeof user?.avatar === "string" ? user.avatar : null);
  const location = useLocation();
  const closeRef = useRef<HTMLButtonElement>(null);

  // Any navigation closes the menu (not its first appearance: it may mount because it was just opened).
  const shownAt = useRef(location.key);
  useEffect(() => {
    if (shownAt.current === location.key) return;
    shownAt.current = location.key;
    setOpen(false);
  }, [location.key, setOpen]);

  // It appears open the first time: drawn closed first (its place computed), then open, so it slides in.
  const [entered, setEntered] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    rootRef.current?.getBoundingClientRect();
    setEntered(true);
  }, []);
  const open = menuOpen && entered;

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener("keydown", onKey);
    };
  }, [open, setOpen]);

  return (
    <div
      ref={rootRef}
      className={`fixed inset-0 z-40 transition-[visibility] duration-200 lg:hidden ${open ? "visible" : "invisible"}`}
      aria-hidden={!open}
      inert={!open}
    >
      <div
        aria-hidden="true"
        onClick={() => setOpen(false)}
        className={`absolute inset-0 bg-bg/70 transition-opacity duration-200 ${open ? "opacity-100" : "opacity-0"}`}
      />
      <div
        id="mobile-menu"
        role="dialog"
        aria-modal="true"
        aria-label={t("nav.menu")}
        className={`absolute inset-y-0 left-0 flex w-80 max-w-[85vw] flex-col overflow-y-auto border-r border-line bg-surface shadow-card transition-transform duration-200 ${
          open ? "translate-x-0" : "-translate-x-full"
        }`}
      >
        <div className="flex items-center justify-between border-b border-line px-3 py-2">
          <LogoLink className="h-8" />
          <button
            ref={closeRef}
            type="button"
            onClick={() => setOpen(false)}
            aria-label={t("nav.closeMenu")}
            className="flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-text focus-visible:outline-2 focus-visible:outline-gold"
          >
            <CloseIcon />
          </button>
        </div>

        <div className="p-3">
          {user ? (
            <Link to={paths.profile} className="flex items-center gap-3 rounded-card border border-line bg-surface-2 p-3 hover:border-gold">
              <AppImage
                src={avatarSrc ?? AVATAR_IMAGE}
                fallbackSrc={AVATAR_IMAGE}
                alt=""
                width={48}
                height={48}
                className="size-12 shrink-0 rounded-full"
              />
              <div className="min-w-0 flex-1 leading-snug">
                <p className="truncate font-semibold">{user.name || user.phone}</p>
                <p className="tabular text-xs text-muted">{user.user_code}</p>
                <p className="tabular mt-1 text-sm">
                  <span className="text-muted">{t("balance.main")} </span>
                  <span className="font-bold text-gold">{formatAmount(user.balance)}</span>
                  <span className="text-muted"> · {t("balance.game")} </span>
                  <span className="font-semibold">{formatAmount(user.game_balance)}</span>
                </p>
              </div>
            </Link>
          ) : (
            <div className="grid grid-cols-2 gap-2">
              <Link to={paths.login} className={buttonClass()}>
                {t("nav.login")}
              </Link>
              <Link to={paths.register} className={buttonClass({ variant: "secondary" })}>
                {t("nav.register")}
              </Link>
            </div>
          )}
          {user ? <TransferButton className="mt-2 w-full" /> : null}
          {user ? <ClaimButton className="mt-2 w-full" /> : null}
          {user ? <PocketButton className="mt-2 w-full" /> : null}
        </div>

        <nav aria-label={t("nav.menu")} className="flex-1 px-3 pb-3">
          <NavLink to={paths.home} end className={({ isActive }) => `${rowClass} ${isActive ? "text-gold" : "text-text"}`}>
            <HomeIcon size={22} className="text-gold" />
            {t("nav.home")}
          </NavLink>
          {user ? (
            <>
              <NavLink to={paths.cashIn} className={({ isActive }) => `${rowClass} ${isActive ? "text-gold" : "text-text"}`}>
                <CashInIcon size={22} className="text-gold" />
                {t("nav.cashIn")}
              </NavLink>
              <NavLink to={paths.cashOut} className={({ isActive }) => `${rowClass} ${isActive ? "text-gold" : "text-text"}`}>
                <CashOutIcon size={22} className="text-gold" />
                {t("nav.cashOut")}
              </NavLink>
              <NavLink to={paths.walletHistory} className={({ isActive }) => `${rowClass} ${isActive ? "text-gold" : "text-text"}`}>
                <HistoryIcon size={22} className="text-gold" />
                {t("nav.walletHistory")}
              </NavLink>
              <NavLink to={paths.point} className={({ isActive }) => `${rowClass} ${isActive ? "text-gold" : "text-text"}`}>
                <PointIcon size={22} className="text-gold" />
                {t("nav.points")}
                <span className="tabular ml-auto text-gold">{formatFloor(user.point)}</span>
              </NavLink>
              <NavLink to={paths.promotionHistory} className={({ isActive }) => `${rowClass} ${isActive ? "text-gold" : "text-text"}`}>
                <HistoryIcon size={22} className="text-gold" />
                {t("rewards.history")}
              </NavLink>
            </>
          ) : null}
          {user ? (
            <NavLink to={paths.gameHistory} className={({ isActive }) => `${rowClass} ${isActive ? "text-gold" : "text-text"}`}>
              <GameHistoryIcon size={22} className="text-gold" />
              {t("nav.gameHistory")}
            </NavLink>
          ) : null}
          {user?.role === "operator" || user?.role === "admin" ? (
            <NavLink to={paths.admin} className={`${rowClass} text-text`}>
              <ShieldIcon size={22} className="text-gold" />
              {t("nav.operatorConsole")}
            </NavLink>
          ) : null}
          <MobileLotteryLinks rowClass={rowClass} signedIn={Boolean(user)} />
          <MenuCategories />
        </nav>

        <div className="border-t border-line p-3">
          <DownloadAppButton className="w-full" />
          {user ? (
            <button type="button" onClick={() => setLogoutOpen(true)} className={`${rowClass} w-full text-danger`}>
              <LogoutIcon size={22} />
              {t("nav.logout")}
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function MenuCategories() {
  const { t } = useTranslation("common");
  const { data: categories, isPending, isError } = useCategories();
  return (
    <>
      <h2 className="mt-3 mb-1 px-3 text-xs font-semibold tracking-wide text-muted">{t("nav.categories")}</h2>
      {isPending ? (
        <ul aria-busy="true">
          {Array.from({ length: 9 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i} className="flex min-h-12 items-center gap-3 px-3">
              <Skeleton className="size-7 rounded-full" />
              <Skeleton className="h-4 w-28" />
            </li>
          ))}
        </ul>
      ) : isError || categories.length === 0 ? (
        <p className="px-3 py-2 text-sm text-muted">{t("categories.empty")}</p>
      ) : (
        <ul>
          {categories.map((c) => (
            <li key={c.id}>
              <NavLink to={paths.category(c.code)} className={({ isActive }) => `${rowClass} ${isActive ? "text-gold" : "text-text"}`}>
                <AppImage src={categoryIcon(c)} alt="" width={28} height={28} className="size-7" />
                {t(`categories.${c.code}`, { defaultValue: c.name }).toLocaleUpperCase()}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
