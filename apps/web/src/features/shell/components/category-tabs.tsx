import { AppImage } from "../../../components/app-image.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { NavLink } from "../../../lib/router.tsx";
import { categoryIcon } from "../../catalogue/lib/category-codes.ts";
import { useCategories } from "../api/categories.ts";

const SKELETON_TABS = 9;

/** Desktop category tabs (icon + name) linking to /{code}; skeleton tabs while loading, 'no category' when empty. */
export function CategoryTabs() {
  const { t } = useTranslation("common");
  const { data: categories, isPending, isError } = useCategories();
  return (
    <nav aria-label={t("nav.categories")} className="min-h-14">
      {isPending ? (
        <ul className="flex items-center gap-2 py-1.5" aria-busy="true">
          {Array.from({ length: SKELETON_TABS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i}>
              <Skeleton className="h-11 w-28" />
            </li>
          ))}
        </ul>
      ) : isError || categories.length === 0 ? (
        <p className="flex h-14 items-center text-sm text-muted">{t("categories.empty")}</p>
      ) : (
        <ul className="flex items-center gap-1 overflow-x-auto py-1.5 [scrollbar-width:none]">
          {categories.map((c) => (
            <li key={c.id} className="shrink-0">
              <NavLink
                to={paths.category(c.code)}
                className={({ isActive }) =>
                  `flex h-11 items-center gap-2 rounded-card px-3 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-gold ${
                    isActive ? "bg-gold text-bg" : "text-muted hover:bg-surface-2 hover:text-gold"
                  }`
                }
              >
                {/* Lazy: phones never show this desktop header, so they never download its icons. */}
                <AppImage src={categoryIcon(c)} alt="" width={24} height={24} className="size-6" />
                {t(`categories.${c.code}`, { defaultValue: c.name })}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
