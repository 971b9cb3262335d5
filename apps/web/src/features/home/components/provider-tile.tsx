import type { Provider } from "@shwe/contracts";
import { ProviderArt } from "../../../components/provider-art.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link } from "../../../lib/router.tsx";

/** Provider art is 300×200 and carries the provider's name. */
const tileBox = "relative block aspect-[3/2] w-full overflow-hidden rounded-card border border-line bg-surface-2";

/** A provider's tile (its 3:2 art, named by it) linking to its game list /{category}/{provider id}. */
export function ProviderTile({
  provider,
  categoryCode,
  deferred = false,
}: {
  provider: Provider;
  categoryCode: string;
  /** AppImage's `deferred`. */
  deferred?: boolean;
}) {
  const { t } = useTranslation("common");
  return (
    <Link
      to={paths.provider(categoryCode, provider.id)}
      className={`${tileBox} group transition-colors hover:border-gold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold`}
    >
      <ProviderArt
        src={provider.image}
        name={provider.name}
        deferred={deferred}
        className="absolute inset-0 size-full object-cover transition-transform duration-200 group-hover:scale-105"
      />
      {provider.maintenance ? (
        <span className="absolute top-1.5 left-1.5 rounded-full bg-warn px-2 py-0.5 text-xs font-bold text-bg">
          {t("home.maintenance")}
        </span>
      ) : null}
    </Link>
  );
}

/** Placeholder with the exact box of a ProviderTile. */
export function ProviderTileSkeleton() {
  return <Skeleton className="aspect-[3/2] w-full border border-line" />;
}
