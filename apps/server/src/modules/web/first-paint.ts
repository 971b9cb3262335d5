import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The web app's first paint, drawn here: the built site ships a server bundle (.ssr/entry-server.mjs,
 * made by the web build from the same components) that draws the public pages a visit usually
 * starts on. This module loads it from the built folder, answers its API reads in-process, and
 * puts its markup, data and language into index.html. Anything missing or failing falls back to
 * the plain index.html: the browser then draws the page itself, as it always could.
 */

/** What the web build's entry-server.mjs exports (see apps/web/src/entry-server.tsx). */
interface FirstPaintBundle {
  LANGUAGES: readonly string[];
  /** The cookie a signed-in browser sends ("1"). */
  SIGNED_IN_COOKIE: string;
  drawsFirstPaint(pathname: string, signedIn: boolean): boolean;
  createFirstPaintRenderer(options: {
    locales: Record<string, Record<string, unknown>>;
    callApi: (call: { method: "GET" | "POST"; url: string; body?: string }) => Promise<{ status: number; body: string }>;
  }): {
    render(url: string, lng: string | undefined): Promise<Drawing | null>;
  };
}

interface Drawing {
  lng: string;
  htmlLang: string;
  html: string;
  dataScript(serverTime: Date): string;
  leadImage?: string;
}

export type ApiInjector = (call: { method: "GET" | "POST"; url: string; body?: string }) => Promise<{ status: number; body: string }>;

export interface FirstPaintPages {
  /**
   * Whether the server draws the path for this browser (cheap; no rendering): some pages only for a
   * browser that is not signed in (the signed-in cookie).
   */
  draws(pathname: string, cookieHeader: string | undefined): boolean;
  /** The whole HTML page for `url` in the visitor's language (from the URL or cookie), or null for the plain index.html. */
  page(url: string, cookieHeader: string | undefined): Promise<string | null>;
}

const OPEN = "<!--first-paint-->";
const CLOSE = "<!--/first-paint-->";
/** A first paint that takes longer than this is dropped: the plain page is faster by then. */
const RENDER_TIMEOUT_MS = 2_000;
/**
 * A drawing is sent again for this long (pages are the same for every visitor in one language);
 * concurrent requests for one page share one drawing. The app refreshes its data on its own.
 * Keyed by path and language only, so no query string can make the server draw more often.
 */
const REUSE_MS = 3_000;
const MAX_DRAWINGS = 200;

/** Every translation file of the built site: locales/<lng>/<ns>.json. */
function readLocales(root: string): Record<string, Record<string, unknown>> {
  const dir = join(root, "locales");
  const locales: Record<string, Record<string, unknown>> = {};
  for (const lng of readdirSync(dir)) {
    const namespaces: Record<string, unknown> = {};
    for (const file of readdirSync(join(dir, lng))) {
      if (file.endsWith(".json")) namespaces[file.slice(0, -".json".length)] = JSON.parse(readFileSync(join(dir, lng, file), "utf8"));
    }
    locales[lng] = namespaces;
  }
  return locales;
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * Loads the first-paint bundle of the built site at `root`; undefined when the build has none (an
 * older build, or a build without the server bundle), when its template lacks the markers, or when
 * it cannot be loaded.
 */
export async function loadFirstPaint(
  root: string,
  callApi: ApiInjector,
  warn: (message: string, err?: unknown) => void,
): Promise<FirstPaintPages | undefined> {
  const entry = join(root, ".ssr", "entry-server.mjs");
  if (!existsSync(entry) || !existsSync(join(root, "locales"))) return undefined;
  const template = readFileSync(join(root, "index.html"), "utf8");
  const start = template.indexOf(OPEN);
  const end = template.indexOf(CLOSE);
  if (start < 0 || end < start || !template.includes('<div id="root">')) {
    warn("index.html has no first-paint markers; pages are drawn in the browser only");
    return undefined;
  }
  let bundle: FirstPaintBundle;
  try {
    bundle = (await import(pathToFileURL(entry).href)) as FirstPaintBundle;
  } catch (err) {
    warn("the first-paint bundle could not be loaded; pages are drawn in the browser only", err);
    return undefined;
  }
  const renderer = bundle.createFirstPaintRenderer({ locales: readLocales(root), callApi });
  const before = template.slice(0, start);
  const after = template.slice(end + CLOSE.length);

  const drawings = new Map<string, { at: number; drawing: Promise<Drawing | null> }>();
  const draw = (url: string, lng: string | undefined): Promise<Drawing | null> => {
    const key = `${lng ?? ""}|${url}`;
    const now = Date.now();
    const reused = drawings.get(key);
    if (reused && now - reused.at < REUSE_MS) return reused.drawing;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS);
    });
    const drawing = Promise.race([renderer.render(url, lng), timeout])
      .catch((err: unknown) => {
        warn(`first paint of ${url} failed; the browser draws it`, err);
        return null;
      })
      .finally(() => clearTimeout(timer));
    if (drawings.size >= MAX_DRAWINGS) drawings.clear();
    drawings.set(key, { at: now, drawing });
    // Failures and timeouts are not reused: the next request tries again.
    void drawing.then((d) => {
      if (!d && drawings.get(key)?.drawing === drawing) drawings.delete(key);
    });
    return drawing;
  };

  return {
    draws: (pathname, cookieHeader) => bundle.drawsFirstPaint(pathname, cookieValue(cookieHeader, bundle.SIGNED_IN_COOKIE) === "1"),
    async page(url, cookieHeader) {
      // The drawn pages do not depend on the query (the language aside): one drawing per path and
      // language, however many query strings are asked for.
      const pathname = url.split("?")[0] ?? "/";
      const drawn = await draw(pathname, requestLanguage(url, cookieHeader, bundle.LANGUAGES));
      if (!drawn) return null;
      const lead = drawn.leadImage
        ? `\n    <link rel="preload" as="image" href="${escapeAttribute(drawn.leadImage)}" fetchpriority="high" />`
        : "";
      const head = before
        .replace(/<html lang="[^"]*"/, `<html lang="${escapeAttribute(drawn.htmlLang)}"`)
        .replace("</title>", `</title>${lead}`)
        .replace('<div id="root">', '<div id="root" inert>');
      return `${head}${drawn.html}${after.replace("</div>", `</div>\n    ${drawn.dataScript(new Date())}`)}`;
    },
  };
}

/**
 * The language to draw in, as the app picks it: a supported ?lng= first, then the choice the app
 * keeps (mirrored in the i18nextLng cookie); undefined leaves the site default.
 */
export function requestLanguage(url: string, cookieHeader: string | undefined, supported: readonly string[]): string | undefined {
  const query = url.indexOf("?");
  if (query >= 0) {
    const lng = new URLSearchParams(url.slice(query + 1)).get("lng");
    if (lng && supported.includes(lng)) return lng;
  }
  const lng = cookieValue(cookieHeader, "i18nextLng");
  return lng !== undefined && supported.includes(lng) ? lng : undefined;
}

/** The first readable value of cookie `name` in a Cookie header, decoded; undefined when there is none. */
export function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join("="));
    } catch {
      // A malformed value: look for another.
    }
  }
  return undefined;
}
