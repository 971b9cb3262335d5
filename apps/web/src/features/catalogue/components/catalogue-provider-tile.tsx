import type { Provider } from "@shwe/contracts";
import { ProviderArt } from "../../../components/provider-art.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link } from "../../../lib/router.tsx";
import { providerArt } from "../lib/category-codes.ts";

/** Provider art is 300×200 (3:2) and carries the provider's name. */
const tileBox = "relative block aspect-[3/2] w-full overflow-hidden rounded-card border border-line bg-surface-2";

/**
 * A provider on a category page: its art linking to /{category}/{provider id}. A provider in
 * maintenance shows a badge and is not a link (its games cannot be opened).
 */
export function CatalogueProviderTile({ provider, category, priority }: { provider: Provider; category: string; priority?: boolean }) {
  const { t } = useTranslation("games");
  const image = (
    <ProviderArt
      src={providerArt(provider, category)}
      name={provider.name}
      priority={priority}
      className="absolute inset-0 size-full object-cover transition-transform duration-200 group-hover:scale-105 motion-reduce:transition-none"
    />
  );
  if (provider.maintenance) {
    return (
      <div className={`${tileBox} cursor-not-allowed`} aria-disabled="true" title={t("provider.maintenanceHint")}>
        <div className="absolute inset-0 opacity-45 grayscale">{image}</div>
        <span className="absolute top-1.5 right-1.5 flex items-center gap-1 rounded-full border border-warn/60 bg-bg/90 px-2 py-0.5 text-xs font-bold text-warn">
          <ClockIcon />
          {t("provider.maintenance")}
        </span>
      </div>
    );
  }
  return (
    <Link
      to={paths.provider(category, provider.id)}
      className={`${tileBox} group transition-colors hover:border-gold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold`}
    >
      {image}
    </Link>
  );
}

/** Placeholder with the exact box of a provider tile. */
export function CatalogueProviderTileSkeleton() {
  return <Skeleton className="aspect-[3/2] w-full border border-line" />;
}

function ClockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5l3 2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
