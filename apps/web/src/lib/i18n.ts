import { readCookie, writeCookie } from "./cookies.ts";
import i18n, {
  type BackendModule,
  type InitOptions,
  type LanguageDetectorModule,
  type ResourceKey,
  type ResourceLanguage,
} from "./i18n-core.ts";
import { initReactI18next } from "./i18n-react.tsx";
import { whenIdle } from "./idle.ts";

/** Site languages (spec §9): Burmese first. */
export const LANGUAGES = ["mm", "en", "cn", "thai"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "mm";
/**
 * Where the choice is kept: a cookie of this name (read at start by the app and by the server for the
 * first paint) and localStorage (written by the language menus; read only for a choice that a build
 * without the cookie kept there).
 */
export const LANGUAGE_KEY = "i18nextLng";

/** BCP 47 tags for <html lang> (screen readers, font selection, line breaking). */
export const HTML_LANG: Record<Language, string> = { mm: "my", en: "en", cn: "zh-Hans", thai: "th" };

/**
 * Puts the language on <html lang>, only when it is another one: every write of the attribute, even
 * of the same value, makes the browser compute the style of the whole page again (`:lang()` rules).
 */
export function setHtmlLang(lng: unknown): void {
  const lang = HTML_LANG[lng as Language] ?? HTML_LANG[DEFAULT_LANGUAGE];
  if (document.documentElement.lang !== lang) document.documentElement.lang = lang;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The options both the browser and the server's first paint use. */
export const I18N_OPTIONS = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: "en",
  defaultNS: "common",
  fallbackNS: "common",
} satisfies InitOptions;

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

function queryLanguage(): Language | undefined {
  const fromQuery = new URLSearchParams(window.location.search).get("lng");
  return isLanguage(fromQuery) ? fromQuery : undefined;
}

/** The choice kept in the cookie (what the server drew the page in). */
function cookieLanguage(): Language | undefined {
  const kept = readCookie(LANGUAGE_KEY);
  return isLanguage(kept) ? kept : undefined;
}

/**
 * ?lng= first, then the kept choice (the cookie), then Burmese (the site default). localStorage is not
 * read here: its first access opens the origin's storage synchronously, a long task on a cheap phone
 * before the app draws; a choice kept only there (by a build without the cookie) is taken when the
 * browser is idle (`initI18n`).
 */
export function detectLanguage(): Language {
  return queryLanguage() ?? cookieLanguage() ?? DEFAULT_LANGUAGE;
}

const detector: LanguageDetectorModule = {
  type: "languageDetector",
  detect: () => detectLanguage(),
  // The language in use is kept in the cookie (written only when it changes): the next start reads it,
  // and the server draws the next visit in it. The language menus also keep it in localStorage.
  cacheUserLanguage: (lng) => {
    if (cookieLanguage() !== lng) writeCookie(LANGUAGE_KEY, lng);
  },
};

class LoadError extends Error {
  constructor(
    message: string,
    /** A network error or a 5xx answer: worth another try. */
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/**
 * Reads /locales/<lng>/<ns>.json. A network error or a 5xx answer is tried again (the spec: up to
 * 5 times, the delay starting at 350 ms and doubling); other failures are not.
 */
const backend: BackendModule = {
  type: "backend",
  async read(lng, ns) {
    const url = `/locales/${lng}/${ns}.json`;
    let res: Response;
    try {
      res = await fetch(url);
    } catch (err) {
      throw new LoadError(`failed loading ${url}: ${String(err)}`, true);
    }
    if (!res.ok) throw new LoadError(`failed loading ${url} (${res.status})`, res.status >= 500 && res.status < 600);
    try {
      return (await res.json()) as ResourceKey;
    } catch {
      throw new LoadError(`failed parsing ${url}`, false);
    }
  },
};

/**
 * Starts translations in the browser. When the page arrived with the translations of the language
 * in use (`preloaded`: the keys the drawing used), the app can draw at once; the rest loads over HTTP.
 */
export function initI18n(preloaded?: { lng: string; resources: ResourceLanguage }): typeof i18n {
  // Before the start keeps the language in the cookie.
  const notKept = !queryLanguage() && !cookieLanguage();
  const lng = detectLanguage();
  const arrived = preloaded && preloaded.lng === lng ? { [lng]: preloaded.resources } : undefined;
  void i18n
    .use(backend)
    .use(detector)
    .use(initReactI18next)
    .init({
      ...I18N_OPTIONS,
      ns: ["common"],
      resources: arrived,
      maxRetries: 5,
      retryTimeout: 350,
      react: { useSuspense: true },
    });
  // No cookie yet: a first visit, or a player whose choice a build without the cookie kept only in
  // localStorage. That choice is taken once the browser is idle (the page changes language once; the
  // cookie keeps it from then on), unless ?lng= chose.
  if (notKept) {
    whenIdle(() => {
      const stored = storedLanguage();
      if (isLanguage(stored) && stored !== i18n.language) void i18n.changeLanguage(stored);
    });
  }
  // The texts the drawing used are here: ready now. The rest of their files is fetched before the app takes
  // the page over (`loadNamespaces`, main.tsx). The fallback language's files are fetched only for a
  // namespace whose own file fails for good (i18n-core.ts), so a first visit fetches none of them.
  if (arrived) i18n.hydrate(arrived);
  i18n.on("languageChanged", setHtmlLang);
  return i18n;
}
