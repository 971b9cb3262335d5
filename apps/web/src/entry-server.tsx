import { dehydrate, type Query, QueryClient } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { AppFrame, AppRoutes } from "./app/app.tsx";
import { routes } from "./app/router.tsx";
import { DrawingForSignedIn } from "./components/require-auth.tsx";
import { setApiTransport } from "./lib/api-client.ts";
import { FIRST_PAINT_ID, serializeFirstPaint } from "./lib/first-paint.ts";
import { DEFAULT_LANGUAGE, HTML_LANG, I18N_OPTIONS, isLanguage, type Language } from "./lib/i18n.ts";
import { createInstance, type I18n, type ResourceLanguage } from "./lib/i18n-core.ts";
import { pickKeys } from "./lib/i18n-pick.ts";
import { I18nextProvider } from "./lib/i18n-react.tsx";
import { preloadIslands } from "./lib/island.tsx";
import { preloadRoute } from "./lib/lazy-page.tsx";
import { freezeClock } from "./lib/render-clock.ts";
import { matchRoutes, StaticRouter } from "./lib/router.tsx";

/**
 * The server's first paint: the public pages a visitor most often opens first, drawn on the server
 * with the same components, the same public API answers and the same translations the app then
 * starts from. The browser shows the result at once (inert until the app takes over) instead of a
 * spinner while the scripts download.
 */

/**
 * The account pages of a visitor who is not signed in (sign-in, registration's first step, a
 * forgotten password): the same for every such visitor, and where a player arriving from a link or
 * an expired session starts. A browser that says it is signed in (the signed-in cookie) gets the
 * app's empty page for them instead: the app sends a signed-in player on from there.
 */
export const SIGNED_OUT_PATHS: readonly string[] = ["/login", "/register", "/forgetpwd"];

/**
 * Pages behind the login that a signed-in player often opens first (from a link, a bookmark, the
 * installed app): drawn for a browser with the signed-in cookie, without knowing who the player is.
 * The server has no session, so the drawing holds nothing of the player's own: the page's frame, its
 * texts and its public answers (the cash-in wallets and amounts), with the player's own parts (the
 * balances, the lists) still loading; the app fills them in after taking the page over. One drawing
 * serves every player, as the public pages do.
 */
export const SIGNED_IN_PATHS: readonly string[] = ["/cashin", "/betslip"];

/** Pages drawn on the server: public, the same for every visitor, and where a visit usually starts. */
export const FIRST_PAINT_PATHS: readonly string[] = [
  "/",
  "/one/lottery",
  "/two/lottery",
  "/three/lottery",
  "/crypto/lottery",
  "/crypto/one/lottery",
  "/winner-list",
  "/win-number",
  ...SIGNED_OUT_PATHS,
  ...SIGNED_IN_PATHS,
];

/** Render passes at most: each one may show data that asks for more (the 2D board needs its draw). */
const MAX_PASSES = 4;

export interface ApiCall {
  method: "GET" | "POST";
  /** Path and query, e.g. /api/section?x=1. */
  url: string;
  body?: string;
}

export interface ApiAnswer {
  status: number;
  body: string;
}

export interface FirstPaintOptions {
  /** Translations by language, then namespace (the files under public/locales). */
  locales: Record<string, Record<string, ResourceLanguage>>;
  /** Answers a public API call inside the server (no network, no session). */
  callApi: (call: ApiCall) => Promise<ApiAnswer>;
}

export interface FirstPaint {
  /** The language the page was drawn in, and its <html lang>. */
  lng: Language;
  htmlLang: string;
  /** The markup of #root. */
  html: string;
  /**
   * The <script type="application/json"> block with the data and translations the page used, and
   * the server's clock at the moment the page is sent (a drawing may be sent more than once).
   */
  dataScript(serverTime: Date): string;
  /** The image the page shows first and largest (the home banner), when there is one: worth a preload. */
  leadImage?: string;
}

/** Queries the components asked for that can be fetched now: enabled, with a function, not yet tried. */
function fetchable(client: QueryClient, tried: ReadonlySet<string>): Query[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => {
      const enabled = (query.options as { enabled?: unknown }).enabled;
      return (
        query.state.status === "pending" &&
        !tried.has(query.queryHash) &&
        enabled !== false &&
        typeof enabled !== "function" &&
        typeof query.options.queryFn === "function"
      );
    });
}

function normalisePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
}

/**
 * Whether the server draws this path for a visitor (the rest get the app's empty page and draw in
 * the browser); `signedIn`: the browser sent the signed-in cookie.
 */
export function drawsFirstPaint(pathname: string, signedIn = false): boolean {
  const path = normalisePath(pathname);
  if (SIGNED_OUT_PATHS.includes(path) ? signedIn : SIGNED_IN_PATHS.includes(path) && !signedIn) return false;
  return FIRST_PAINT_PATHS.includes(path) && (matchRoutes(routes, path)?.length ?? 0) > 0;
}

/** The page's first high-priority picture inside <main> (the home banner), if it is one of the site's own. */
function leadImageOf(html: string): string | undefined {
  const main = html.indexOf("<main");
  if (main < 0) return undefined;
  const tag = /<img\b[^>]*\bfetchPriority="high"[^>]*>/i.exec(html.slice(main))?.[0];
  const src = tag ? /\bsrc="([^"]+)"/.exec(tag)?.[1] : undefined;
  return src?.startsWith("/") && !src.startsWith("//") ? src.replace(/&amp;/g, "&") : undefined;
}

export function createFirstPaintRenderer({ locales, callApi }: FirstPaintOptions) {
  const instances = new Map<Language, I18n>();
  const i18nFor = (lng: Language): I18n => {
    let instance = instances.get(lng);
    if (!instance) {
      instance = createInstance();
      void instance.init({
        ...I18N_OPTIONS,
        lng,
        ns: Object.keys(locales[lng] ?? {}),
        resources: { [lng]: locales[lng] ?? {}, en: locales.en ?? {} },
        react: { useSuspense: false },
      });
      instances.set(lng, instance);
    }
    return instance;
  };

  // The app's public reads, answered in-process. Only queries run here, always without a session.
  setApiTransport({
    origin: "http://first-paint.invalid",
    async fetch(url, init) {
      const method = (init.method ?? "GET").toUpperCase();
      if (method !== "GET" && method !== "POST") throw new Error(`first paint: ${method} is not a read`);
      const answer = await callApi({
        method,
        url: `${url.pathname}${url.search}`,
        body: typeof init.body === "string" ? init.body : undefined,
      });
      return new Response(answer.status === 204 ? null : answer.body, {
        status: answer.status,
        headers: { "content-type": "application/json" },
      });
    },
  });

  return {
    /** Draws `url` in `lng` (anything else: Burmese); null when the path is not one the server draws. */
    async render(url: string, lng: string | undefined): Promise<FirstPaint | null> {
      const { pathname, search } = new URL(url, "http://first-paint.invalid");
      // Whom the page is drawn for follows from the path: the server asks for each only for that browser.
      const forSignedIn = SIGNED_IN_PATHS.includes(normalisePath(pathname));
      if (!drawsFirstPaint(pathname, forSignedIn)) return null;
      const language: Language = isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
      const i18n = i18nFor(language);
      const location = `${normalisePath(pathname)}${search}`;
      await preloadRoute(routes, normalisePath(pathname));
      // The parts that hydrate later are drawn now like the rest.
      await preloadIslands();

      const client = new QueryClient({
        defaultOptions: { queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false } },
      });
      const tried = new Set<string>();
      const usedNamespaces = new Set<string>(["common"]);
      const usedKeys = new Map<string, Set<string>>();
      // Every pass draws the same moment; the browser takes the drawing over at that moment too.
      const drawnAt = Date.now();
      const draw = () => {
        // Which namespaces and keys the page used: the browser gets those translations with the page.
        i18n.usedNamespaces = usedNamespaces;
        // The keys of the last pass only: the one the browser takes over.
        usedKeys.clear();
        i18n.onFound = (ns, key) => {
          let keys = usedKeys.get(ns);
          if (!keys) {
            keys = new Set();
            usedKeys.set(ns, keys);
          }
          keys.add(key);
        };
        freezeClock(drawnAt);
        try {
          const markup = renderToString(
            <I18nextProvider i18n={i18n}>
              <AppFrame client={client}>
                <StaticRouter location={location}>
                  <DrawingForSignedIn.Provider value={forSignedIn}>
                    <AppRoutes />
                  </DrawingForSignedIn.Provider>
                </StaticRouter>
              </AppFrame>
            </I18nextProvider>,
          );
          // React puts preloads for the page's eager pictures first; the server adds the one that matters to <head>.
          return markup.replace(/^(?:<link rel="preload"[^>]*>)+/, "");
        } finally {
          freezeClock(undefined);
          i18n.usedNamespaces = undefined;
          i18n.onFound = undefined;
        }
      };

      try {
        let html = draw();
        for (let pass = 1; pass < MAX_PASSES; pass++) {
          const missing = fetchable(client, tried);
          if (missing.length === 0) break;
          for (const query of missing) tried.add(query.queryHash);
          await Promise.all(missing.map((query) => query.fetch().catch(() => undefined)));
          // A failed read draws as still loading; the browser asks again.
          for (const query of missing) if (query.state.status === "error") client.getQueryCache().remove(query);
          html = draw();
        }
        // Only the keys the drawing used (the browser fetches the rest of each file before it takes the page
        // over): a drawn page small enough to arrive in the first round trip of a new connection (14.6 KB with
        // its headers; bench/README.md, "Drawn pages in one round trip").
        const resources: ResourceLanguage = {};
        for (const ns of new Set([...usedNamespaces, ...usedKeys.keys()])) {
          const bundle = locales[language]?.[ns];
          if (bundle) resources[ns] = pickKeys(bundle, usedKeys.get(ns) ?? []);
        }
        const queries = dehydrate(client);
        return {
          lng: language,
          htmlLang: HTML_LANG[language],
          html,
          dataScript: (serverTime) =>
            `<script type="application/json" id="${FIRST_PAINT_ID}">${serializeFirstPaint({
              lng: language,
              resources,
              queries,
              drawnAt,
              serverTime: serverTime.toISOString(),
              ...(forSignedIn ? { forSignedIn } : {}),
            })}</script>`,
          leadImage: leadImageOf(html),
        };
      } finally {
        client.clear();
      }
    },
  };
}
export { LANGUAGES } from "./lib/i18n.ts";
export { SIGNED_IN_COOKIE } from "./lib/session-store.ts";
