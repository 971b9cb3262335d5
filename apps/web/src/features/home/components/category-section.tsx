import type { ReactNode } from "react";
import { useId } from "react";
import { AppImage } from "../../../components/app-image.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { categoryIcon } from "../../catalogue/lib/category-codes.ts";
import type { CatalogueSection } from "../api/home-catalogue.ts";
import { ProviderTile, ProviderTileSkeleton } from "./provider-tile.tsx";

/** Phones scroll the tiles sideways (the next one peeks in); wide screens show a grid. */
const listClass =
  "-mx-4 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-1 [scrollbar-width:none] md:mx-0 md:grid md:grid-cols-4 md:px-0 lg:grid-cols-5";
const itemClass = "relative w-[42%] shrink-0 snap-start md:w-auto";
const titleClass = "flex min-h-9 items-center gap-2 text-lg font-bold";

/**
 * One category of the home page: its title and its providers' tiles. `deferPictures`: below the first
 * screen, its pictures load once the app has the page (AppImage's `deferred`).
 */
export function CategorySection({ section, deferPictures = false }: { section: CatalogueSection; deferPictures?: boolean }) {
  const { t } = useTranslation("common");
  const headingId = useId();
  const { category, providers } = section;
  return (
    <SectionFrame
      headingId={headingId}
      title={
        <>
          <AppImage src={categoryIcon(category)} alt="" width={28} height={28} className="size-7" deferred={deferPictures} />
          {t(`categories.${category.code}`, { defaultValue: category.name })}
        </>
      }
    >
      {providers.map((p) => (
        <li key={p.id} className={itemClass}>
          <ProviderTile provider={p} categoryCode={category.code} deferred={deferPictures} />
        </li>
      ))}
    </SectionFrame>
  );
}

/** A category section as it will look, while the catalogue loads. */
export function CategorySectionSkeleton({ tiles }: { tiles: number }) {
  return (
    <SectionFrame
      title={
        <>
          <Skeleton className="size-7 rounded-full" />
          <Skeleton className="h-5 w-32 rounded" />
        </>
      }
    >
      {Array.from({ length: tiles }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i} className={itemClass}>
          <ProviderTileSkeleton />
        </li>
      ))}
    </SectionFrame>
  );
}

function SectionFrame({ headingId, title, children }: { headingId?: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={headingId} className="below-fold [--below-fold-height:160px]">
      <h2 id={headingId} className={titleClass}>
        {title}
      </h2>
      <ul className={`mt-2 ${listClass}`}>{children}</ul>
    </section>
  );
}
