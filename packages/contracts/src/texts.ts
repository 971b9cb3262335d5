import { z } from "zod";
import { text } from "./common.ts";

/**
 * Operator-written texts (marquee, banner captions, the points page note, broadcasts) in every site
 * language. Burmese is required; English, Chinese and Thai are optional and fall back to Burmese.
 */
export const TEXT_LANGUAGES = ["mm", "en", "cn", "thai"] as const;
export const textLanguageSchema = z.enum(TEXT_LANGUAGES);
export type TextLanguage = z.infer<typeof textLanguageSchema>;

/** A text in every language it was written in (as stored and as the console reads it). */
export const localizedTextSchema = z.object({
  mm: z.string(),
  en: z.string().optional(),
  cn: z.string().optional(),
  thai: z.string().optional(),
});
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** The other languages of a text, next to a Burmese column (banner captions). */
export const translationsSchema = localizedTextSchema.omit({ mm: true });
export type Translations = z.infer<typeof translationsSchema>;

/** The `texts` of a console body: Burmese is checked by the server (422 BURMESE_TEXT_REQUIRED), so the error names it. */
export function localizedTextBodySchema(max: number) {
  const form = text().trim().max(max);
  return z.strictObject({ mm: form.optional(), en: form.optional(), cn: form.optional(), thai: form.optional() });
}
export type LocalizedTextBody = z.infer<ReturnType<typeof localizedTextBodySchema>>;

/** `?lng=` of a public answer: the player's language (Burmese, the site default, when absent). */
export const languageQuerySchema = z.object({ lng: textLanguageSchema.optional() });

/** The form of a text in `lng`, Burmese when that language was left empty. */
export function textIn(texts: LocalizedText, lng: TextLanguage | undefined): string {
  const chosen = lng ? texts[lng] : undefined;
  return chosen?.trim() ? chosen : texts.mm;
}

/** A text without its empty forms (what is stored): trimmed, and languages left blank dropped. */
export function compactText(body: LocalizedTextBody): { mm: string | undefined; translations: Translations } {
  const translations: Translations = {};
  for (const lng of ["en", "cn", "thai"] as const) {
    const value = body[lng]?.trim();
    if (value) translations[lng] = value;
  }
  return { mm: body.mm?.trim() || undefined, translations };
}
