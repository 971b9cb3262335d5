import i18n from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import HttpBackend from "i18next-http-backend";
import { initReactI18next } from "react-i18next";

/** Site languages (spec §9): Burmese first. */
export const LANGUAGES = ["mm", "en", "cn", "thai"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "mm";
export const LANGUAGE_KEY = "i18nextLng";

/** BCP 47 tags for <html lang> (screen readers, font selection, line breaking). */
export const HTML_LANG: Record<Language, string> = { mm: "my", en: "en", cn: "zh-Hans", thai: "th" };

/** Translation namespaces, one JSON file each under public/locales/<lng>/. */
export const NAMESPACES = ["common", "auth", "profile"] as const;

const siteDefault = {
  name: "siteDefault",
  lookup: () => DEFAULT_LANGUAGE,
};

export function initI18n(): typeof i18n {
  const detector = new LanguageDetector();
  detector.addDetector(siteDefault);
  void i18n
    .use(HttpBackend)
    .use(detector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...LANGUAGES],
      fallbackLng: "en",
      load: "currentOnly",
      ns: ["common"],
      defaultNS: "common",
      fallbackNS: "common",
      // The spec: translation loading retries up to 5 times, the delay starting at 350 ms and doubling.
      maxRetries: 5,
      retryTimeout: 350,
      backend: { loadPath: "/locales/{{lng}}/{{ns}}.json" },
      detection: {
        order: ["querystring", "localStorage", "siteDefault"],
        lookupQuerystring: "lng",
        lookupLocalStorage: LANGUAGE_KEY,
        caches: ["localStorage"],
      },
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  const applyHtmlLang = (lng: string) => {
    document.documentElement.lang = HTML_LANG[(lng as Language) ?? DEFAULT_LANGUAGE] ?? "my";
  };
  i18n.on("languageChanged", applyHtmlLang);
  return i18n;
}
