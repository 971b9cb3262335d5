/**
 * The site's own small cookies, read and written in the browser. A cookie is the cheap way to know
 * something at start: reading `document.cookie` does not open the origin's storage database, which the
 * first `localStorage` access does synchronously (a long task on a cheap phone before the app draws).
 */

/** The value of cookie `name`, or undefined (also on the server, where there is no document). */
export function readCookie(name: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  for (const part of document.cookie.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Sets cookie `name` for the whole site for `maxAgeSeconds` (0 removes it). */
export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  if (typeof document === "undefined") return;
  // biome-ignore lint/suspicious/noDocumentCookie: first-party hint cookies only (language, signed in), no secrets
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax`;
}

/** A year: how long the hint cookies last unless replaced or removed. */
export const HINT_COOKIE_MAX_AGE = 31_536_000;
