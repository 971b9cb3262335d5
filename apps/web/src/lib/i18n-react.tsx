import {
  cloneElement,
  createContext,
  Fragment,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "react";
import defaultInstance, { type I18n, type TFunction, type ThirdPartyModule, type TOptions } from "./i18n-core.ts";

/**
 * React bindings of the site's translations (the part of react-i18next's API the app uses):
 * useTranslation, Trans and I18nextProvider. A component waits (Suspense) until its namespace of
 * the current language is loaded, and draws again when the language changes, when a file it shows
 * texts of arrives, and when the start ends if it was drawn before.
 */

let globalInstance: I18n = defaultInstance;

/** `i18n.use(initReactI18next)`: the instance the hooks use outside an I18nextProvider. */
export const initReactI18next: ThirdPartyModule = {
  type: "3rdParty",
  init(instance) {
    globalInstance = instance;
  },
};

const I18nContext = createContext<I18n | null>(null);

export function I18nextProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useTranslation(ns?: string, options: { useSuspense?: boolean } = {}): { t: TFunction; i18n: I18n; ready: boolean } {
  const i18n = useContext(I18nContext) ?? globalInstance;
  const namespace = ns ?? i18n.options.defaultNS;
  i18n.usedNamespaces?.add(namespace);
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  // The namespaces this component's texts come from besides its own ("ns:key", `ns` option).
  const [borrowed] = useState(() => new Set<string>());
  // The language the component last drew in: the first language's files arriving announce it again.
  const drawnIn = useRef(i18n.language);
  drawnIn.current = i18n.language;
  useEffect(() => {
    // A file that arrives redraws only the components whose texts it can change: their own namespace,
    // the common one keys fall back to, or one they borrowed a key from, in the language shown (or in
    // the fallback language while the language's own file is missing). The fallback language's files
    // arriving behind a drawn page change nothing (every key exists in every language), and a page
    // full of translated parts is not drawn again for a chunk's namespace it does not use.
    const onLoaded = (loaded: unknown) => {
      for (const [lng, list] of Object.entries((loaded ?? {}) as Record<string, readonly string[]>)) {
        if (lng !== i18n.language && !i18n.languages.includes(lng)) continue;
        for (const n of list) {
          const used = n === namespace || n === i18n.options.defaultNS || n === i18n.options.fallbackNS || borrowed.has(n);
          const shown = i18n.language;
          if (used && (lng === shown || shown === undefined || i18n.getResourceBundle(shown, n) === undefined)) {
            redraw();
            return;
          }
        }
      }
    };
    const onLanguage = (lng: unknown) => {
      if (lng !== drawnIn.current) redraw();
    };
    // The start ending (its last file, perhaps one whose texts this part does not show) makes a part
    // drawn before it ready: it draws again, its texts or what it shows only once ready.
    const onInitialized = () => {
      if (!drawnReady.current && i18n.hasLoadedNamespace(namespace)) redraw();
    };
    i18n.on("languageChanged", onLanguage);
    i18n.on("loaded", onLoaded);
    i18n.on("initialized", onInitialized);
    // A file that arrived between the drawing and now (before these listeners) announced itself to
    // no one: a part drawn without its texts draws again once they are there.
    if (!drawnReady.current && i18n.isInitialized && i18n.hasLoadedNamespace(namespace)) redraw();
    return () => {
      i18n.off("languageChanged", onLanguage);
      i18n.off("loaded", onLoaded);
      i18n.off("initialized", onInitialized);
    };
  }, [i18n, namespace, borrowed]);
  const ready = i18n.isInitialized && i18n.hasLoadedNamespace(namespace);
  const drawnReady = useRef(ready);
  drawnReady.current = ready;
  const language = i18n.language;
  const t = useMemo<TFunction>(
    // The language is part of the identity: components that memoise on `t` draw the new texts.
    () => (key, opts) => {
      const at = key.indexOf(":");
      if (at > 0) borrowed.add(key.slice(0, at));
      if (opts?.ns) borrowed.add(opts.ns);
      return i18n.t(key, { lng: language, ns: namespace, ...opts });
    },
    [i18n, language, namespace, borrowed],
  );
  if (!ready) {
    const loading = i18n.loadNamespaces(namespace);
    if (options.useSuspense ?? i18n.options.react?.useSuspense ?? true) throw loading;
  }
  return { t, i18n, ready };
}

const TAG = /<(\w+)>(.*?)<\/\1>|<(\w+)\s*\/>/gs;

/**
 * A translation with markup: `<b>{{phone}}</b>` in the text becomes the `b` element of
 * `components` around the (interpolated) inner text.
 */
export function Trans({
  t,
  i18nKey,
  values,
  components = {},
}: {
  t?: TFunction;
  i18nKey: string;
  values?: TOptions;
  components?: Record<string, ReactElement>;
}) {
  const fallback = useTranslation(undefined, { useSuspense: false }).t;
  const text = (t ?? fallback)(i18nKey, values);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const index = match.index ?? 0;
    if (index > last) parts.push(text.slice(last, index));
    const name = match[1] ?? match[3] ?? "";
    const element = components[name];
    const inner = match[2];
    parts.push(
      isValidElement(element) ? cloneElement(element, { key: parts.length }, inner) : <Fragment key={parts.length}>{inner}</Fragment>,
    );
    last = index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
