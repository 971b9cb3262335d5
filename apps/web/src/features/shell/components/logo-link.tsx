import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link } from "../../../lib/router.tsx";

/**
 * The Shwe Lucky logo, linking home. `compact` shows only the round mark on narrow phones (under
 * 430 px), leaving the header room for the balance; `"narrow"` only on the narrowest (under 380 px),
 * leaving room for a visitor's sign-in button on one line. One picture chooses between the two by the
 * width of the screen, so a phone downloads only the one it shows (two `<img>`, one of them hidden, were
 * both downloaded before the first paint).
 */
export function LogoLink({ className = "h-9", compact = false }: { className?: string; compact?: boolean | "narrow" }) {
  const { t } = useTranslation("common");
  const logo = (
    <img
      src={compact ? "/img/logo-mark.svg" : "/img/logo.svg"}
      alt=""
      width={compact ? 64 : 218}
      height={compact ? 64 : 54}
      className={`w-auto ${className}`}
      decoding="async"
      fetchPriority="high"
    />
  );
  return (
    <Link
      to={paths.home}
      className="flex min-h-11 shrink-0 items-center rounded-card focus-visible:outline-2 focus-visible:outline-gold"
      aria-label={t("nav.homeLogo")}
    >
      {compact ? (
        <picture className="contents">
          <source
            media={compact === "narrow" ? "(min-width: 380px)" : "(min-width: 430px)"}
            srcSet="/img/logo.svg"
            width={218}
            height={54}
          />
          {logo}
        </picture>
      ) : (
        logo
      )}
    </Link>
  );
}
