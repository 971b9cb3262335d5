/**
 * The site's own small hint cookies (plain values: a language code, "1"), read and written in the
 * browser. A cookie is the cheap way to know something at start: reading `document.cookie` does not
 * open the origin's storage database, which the first `localStorage` access does synchronously (a
 * long task on a cheap phone before the app draws).
 */

/** The cookies as read in this task: the start asks for several, and each read of `document.cookie` costs. */
let jar: Map<string, string> | undefined;

/** The value of cookie `name`, or undefined. */
export function readCookie(name: string): string | undefined {
  if (!jar) {
    jar = new Map();
    for (const part of document.cookie.split("; ")) {
      const eq = part.indexOf("=");
      jar.set(part.slice(0, eq), part.slice(eq + 1));
    }
    // Read again in the next task: another tab may have changed them.
    setTimeout(() => {
      jar = undefined;
    });
  }
  return jar.get(name);
}

/** Sets cookie `name` for the whole site for a year; an empty value removes it. */
export function writeCookie(name: string, value: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: first-party hint cookies only (language, signed in), no secrets
  document.cookie = `${name}=${value}; path=/; max-age=${value ? 31_536_000 : 0}; SameSite=Lax`;
  jar = undefined;
}
