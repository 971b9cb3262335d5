import { DEFAULT_LANGUAGE, isLanguage, type Language } from "./i18n.ts";
import { useTranslation } from "./i18n-react.tsx";

/** The site language as the server's operator texts know it (`?lng=` of a public answer). */
export function contentLanguageOf(language: string | undefined): Language {
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/**
 * The language operator texts (marquee, banner captions, the points note, broadcasts) are asked in:
 * the page's language; the server answers Burmese where the operator did not write that language.
 * Components using it draw again when the player switches language.
 */
export function useContentLanguage(): Language {
  const { i18n } = useTranslation("common", { useSuspense: false });
  return contentLanguageOf(i18n.language);
}

/**
 * The form in `lng` of a text a live message carries (`mm` Burmese, `translations` the other
 * languages written, as the server sends them); Burmese where that language is missing or blank.
 */
export function liveTextIn(mm: string, translations: unknown, lng: Language): string {
  if (lng === "mm" || typeof translations !== "object" || translations === null) return mm;
  const form = (translations as Record<string, unknown>)[lng];
  return typeof form === "string" && form.trim() ? form : mm;
}
