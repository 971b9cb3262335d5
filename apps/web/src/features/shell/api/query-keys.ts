/** Query keys of the page frame: the marquee text in each language, the game categories of the menus. */
export const shellKeys = {
  headerText: (lng: string) => ["content", "header-play-text", lng] as const,
  categories: ["games", "categories"] as const,
};
