import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link } from "../../../lib/router.tsx";

/**
 * The Shwe Lucky logo, linking home. `compact` shows only the round mark on narrow phones (under
 * 430 px), leaving the header room for the balance; `"narrow"` only on the narrowest (under 380 px),
 * leaving room for a visitor's sign-in button on one line.
 */
export function LogoLink({ className = "h-9", compact = false }: { className?: string; compact?: boolean | "narrow" }) {
  const { t } = useTranslation("common");
  return (
    <Link
      to={paths.home}
      className="flex min-h-11 shrink-0 items-center rounded-card focus-visible:outline-2 focus-visible:outline-gold"
      aria-label={t("nav.homeLogo")}
    >
      {compact ? (
        <img
          src="/img/logo-mark.svg"
          alt=""
          width={64}
          height={64}
          className={`w-auto ${compact === "narrow" ? "min-[380px]:hidden" : "min-[430px]:hidden"} ${className}`}
          decoding="async"
        />
      ) : null}
      <img
        src="/img/logo.svg"
        alt=""
        width={218}
        height={54}
        className={`w-auto ${compact === "narrow" ? "hidden min-[380px]:block" : compact ? "hidden min-[430px]:block" : ""} ${className}`}
        decoding="async"
        fetchPriority="high"
      />
    </Link>
  );
}
