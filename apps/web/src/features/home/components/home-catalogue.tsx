import { Button } from "../../../components/button.tsx";
import { RefreshIcon } from "../../../components/icons.tsx";
import { errorMessage } from "../../../lib/error-message.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useHomeCatalogue } from "../api/home-catalogue.ts";
import { CategorySection, CategorySectionSkeleton } from "./category-section.tsx";

const SKELETON_SECTIONS = 3;
const SKELETON_TILES = 6;

/** Providers per category from one request; skeleton sections while it loads. */
export function HomeCatalogue() {
  const { t } = useTranslation("common");
  const { data, isPending, isError, error, refetch, isFetching } = useHomeCatalogue();
  if (isPending) {
    return (
      <div className="flex flex-col gap-6" aria-busy="true">
        <p className="sr-only" role="status">
          {t("home.loadingGames")}
        </p>
        {Array.from({ length: SKELETON_SECTIONS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <CategorySectionSkeleton key={i} tiles={SKELETON_TILES} />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-card border border-line bg-surface px-4 py-8 text-center">
        <p className="font-semibold">{t("home.loadFailed")}</p>
        <p className="text-sm text-muted">{errorMessage(error)}</p>
        <Button variant="secondary" onClick={() => void refetch()} loading={isFetching}>
          <RefreshIcon size={18} />
          {t("home.retry")}
        </Button>
      </div>
    );
  }
  const sections = data.filter((s) => s.providers.length > 0);
  if (sections.length === 0) {
    return <p className="rounded-card border border-line bg-surface px-4 py-8 text-center text-muted">{t("home.empty")}</p>;
  }
  return (
    <div className="flex flex-col gap-6">
      {sections.map((section, i) => (
        // The first category shows on a phone's first screen; the others' pictures wait for the app.
        <CategorySection key={section.category.id} section={section} deferPictures={i > 0} />
      ))}
    </div>
  );
}
