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
} from "react";
import defaultInstance, { type I18n, type TFunction, type ThirdPartyModule, type TOptions } from "./i18n-core.ts";

/**
 * React bindings of the site's translations (the part of react-i18next's API the app uses):
 * useTranslation, Trans and I18nextProvider. A component waits (Suspense) until its namespace of
 * the current language is loaded, and draws again when the language changes.
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
  useEffect(() => {
    i18n.on("languageChanged", redraw);
    i18n.on("loaded", redraw);
    return () => {
      i18n.off("languageChanged", redraw);
      i18n.off("loaded", redraw);
    };
  }, [i18n]);
  const ready = i18n.isInitialized && i18n.hasLoadedNamespace(namespace);
  const language = i18n.language;
  const t = useMemo<TFunction>(
    // The language is part of the identity: components that memoise on `t` draw the new texts.
    () => (key, opts) => i18n.t(key, { lng: language, ns: namespace, ...opts }),
    [i18n, language, namespace],
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
