import { Button } from "../../../components/button.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useLocation, useNavigate } from "../../../lib/router.tsx";
import { useCategoryProviders } from "../api/catalogue.ts";
import { CatalogueProviderTile, CatalogueProviderTileSkeleton } from "../components/catalogue-provider-tile.tsx";
import { EmptyState } from "../components/empty-state.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { type CategoryCode, categoryIcon, returnBackTarget } from "../lib/category-codes.ts";

/** Placeholder tiles while the providers load (spec §9). */
export const PROVIDER_PLACEHOLDERS = 8;

const grid = "grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 lg:gap-4";

/** /{cat}: the providers of one game category as image tiles linking to their game lists. */
export function CategoryPage({ category }: { category: CategoryCode }) {
  const { t } = useTranslation("games");
  const providers = useCategoryProviders(category);
  const navigate = useNavigate();
  const location = useLocation();
  const title = t(`common:categories.${category}`);

  return (
    <div className="flex flex-col gap-4">
      <title>{`${title} · Shwe Lucky`}</title>
      <PageHeading title={title} icon={categoryIcon({ code: category })} />
      {providers.isPending ? (
        <ul className={grid} aria-busy="true" aria-label={t("provider.loading")}>
          {Array.from({ length: PROVIDER_PLACEHOLDERS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i}>
              <CatalogueProviderTileSkeleton />
            </li>
          ))}
        </ul>
      ) : providers.isError ? (
        <EmptyState
          text={t("loadFailed")}
          action={
            <Button variant="secondary" onClick={() => void providers.refetch()}>
              {t("retry")}
            </Button>
          }
        />
      ) : providers.data.length === 0 ? (
        <EmptyState
          text={t("emptyData")}
          action={<Button onClick={() => navigate(returnBackTarget(location.pathname))}>{t("returnBack")}</Button>}
        />
      ) : (
        <ul className={grid}>
          {providers.data.map((provider, i) => (
            <li key={provider.id}>
              <CatalogueProviderTile provider={provider} category={category} priority={i < 4} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
