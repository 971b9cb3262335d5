import { DropdownMenu, menuItemClass } from "../../../components/dropdown-menu.tsx";
import { ChevronDownIcon, type IconProps, Svg } from "../../../components/icons.tsx";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link, NavLink } from "../../../lib/router.tsx";

/** A lottery ball with two digits' worth of dots. */
export const LotteryIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M12 3.5v4M12 16.5v4" />
  </Svg>
);

export const SlipIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 3.5h12v17l-2-1.5-2 1.5-2-1.5-2 1.5-2-1.5-2 1.5z" />
    <path d="M9 8.5h6M9 12h6M9 15.5h3" />
  </Svg>
);

export const TrophyIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M8 4h8v5a4 4 0 0 1-8 0z" />
    <path d="M8 6H5v1.5A3 3 0 0 0 8 10.5M16 6h3v1.5a3 3 0 0 1-3 3M12 13v4M8.5 20h7M9.5 17h5" />
  </Svg>
);

export const NumbersIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3.5" y="5" width="17" height="14" rx="2.5" />
    <path d="M8 10l1.5-1v6M13 9.5h3l-3 5.5h3" />
  </Svg>
);

/** The lottery games in the order of the header menu (spec §2), then results and winners. */
const GAMES = [
  { to: paths.oneD, key: "oneD" },
  { to: paths.twoD, key: "twoD" },
  { to: paths.threeD, key: "threeD" },
  { to: paths.crypto2D, key: "crypto2D" },
  { to: paths.crypto1D, key: "crypto1D" },
] as const;

/** The results pages, in the order of the desktop menu (the mobile menu puts the winner list first). */
const RESULT_LINKS = [
  [paths.winNumber, "winNumber", NumbersIcon],
  [paths.winnerList, "winnerList", TrophyIcon],
  [paths.resultsCalendar, "resultsCalendar", NumbersIcon],
  [paths.numberStats, "numberStats", NumbersIcon],
] as const;

/** Desktop header: the Lottery dropdown (1D, 2D, 3D, crypto 2D, crypto 1D, win number, winner list, results calendar, statistics). */
export function LotteryMenu() {
  const { t } = useTranslation("common");
  return (
    <DropdownMenu
      label={t("lotteryNav.menu")}
      align="start"
      triggerClassName="px-3 text-sm font-semibold text-text hover:bg-surface-2 hover:text-gold"
      trigger={
        <>
          <LotteryIcon size={18} className="text-gold" />
          {t("lotteryNav.menu")}
          <ChevronDownIcon size={16} className="text-muted" />
        </>
      }
    >
      {(close) => (
        <>
          {GAMES.map((g) => (
            <Link key={g.key} to={g.to} role="menuitem" className={menuItemClass} onClick={close}>
              <LotteryIcon size={18} className="text-gold" />
              {t(`lotteryNav.${g.key}`)}
            </Link>
          ))}
          <div className="my-1 border-t border-line" />
          {RESULT_LINKS.map(([to, key, Icon]) => (
            <Link key={key} to={to} role="menuitem" className={menuItemClass} onClick={close}>
              <Icon size={18} className="text-gold" />
              {t(`lotteryNav.${key}`)}
            </Link>
          ))}
        </>
      )}
    </DropdownMenu>
  );
}

/** Mobile slide-in menu: bet slip history (signed-in players), winner list, win number, results calendar and statistics. */
export function MobileLotteryLinks({ rowClass, signedIn }: { rowClass: string; signedIn: boolean }) {
  const { t } = useTranslation("common");
  const row = ({ isActive }: { isActive: boolean }) => `${rowClass} ${isActive ? "text-gold" : "text-text"}`;
  return (
    <>
      {signedIn ? (
        <NavLink to={paths.betSlip} className={row}>
          <SlipIcon size={22} className="text-gold" />
          {t("lotteryNav.betSlip")}
        </NavLink>
      ) : null}
      {[RESULT_LINKS[1], RESULT_LINKS[0], RESULT_LINKS[2], RESULT_LINKS[3]].map(([to, key, Icon]) => (
        <NavLink key={key} to={to} className={row}>
          <Icon size={22} className="text-gold" />
          {t(`lotteryNav.${key}`)}
        </NavLink>
      ))}
    </>
  );
}
