/** Game names are cut at 15 characters on the tiles (spec §9); the full name stays in the title. */
export const GAME_NAME_MAX = 15;

/** The first `max` characters (whole code points, so no broken glyph) followed by an ellipsis when longer. */
export function cutName(name: string, max = GAME_NAME_MAX): string {
  const chars = Array.from(name);
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : name;
}

/** Case-insensitive substring match of a game name against the search box (blank matches all). */
export function matchesSearch(name: string, query: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  return q === "" || name.toLocaleLowerCase().includes(q);
}
