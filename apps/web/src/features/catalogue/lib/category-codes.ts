/**
 * The nine game category codes that have a page at /{code} (spec §2, §7: sports 10, live casino 6,
 * slot 2, fishing 3, arcade 4, table 5, crash 7, bingo 9, lottery 8). Any other single path
 * segment is not a category and stays the 404 page.
 */
export const CATEGORY_CODES = ["sports", "live-casino", "slot", "fishing", "arcade", "table", "crash", "bingo", "lottery"] as const;
export type CategoryCode = (typeof CATEGORY_CODES)[number];

export function isCategoryCode(value: string | undefined): value is CategoryCode {
  return (CATEGORY_CODES as readonly string[]).includes(value ?? "");
}

/** A category's icon: its own art, or the site's art for its code. */
export function categoryIcon(category: { code: string; image?: string | null }): string {
  return category.image || `/img/categories/${category.code}.webp`;
}

/** The provider whose secondary art is shown in the fishing category (spec §2 "/{cat}"). */
export const SEC_IMAGE_PROVIDER_ID = 14;
export const SEC_IMAGE_CATEGORY: CategoryCode = "fishing";

/** Which of a provider's two artworks a category page shows. */
export function providerArt(provider: { id: number; image: string; sec_image: string }, category: string): string {
  if (provider.id === SEC_IMAGE_PROVIDER_ID && category === SEC_IMAGE_CATEGORY && provider.sec_image) return provider.sec_image;
  return provider.image;
}

/**
 * Where 'Return Back' goes (spec §2: "a 'Return Back' button to the first path segment").
 * Read literally: /{first segment}. On /{cat} that is the page itself, so the button would do
 * nothing; there it goes home instead. On /{cat}/{prov} it goes back to the category's providers.
 */
export function returnBackTarget(pathname: string): string {
  const segments = pathname.split("/").filter(Boolean);
  const first = segments[0];
  if (!first || segments.length <= 1) return "/";
  return `/${first}`;
}
