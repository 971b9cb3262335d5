import { compactText, type LocalizedText, type LocalizedTextBody, type Translations, translationsSchema } from "@shwe/contracts";
import { z } from "zod";
import { refused } from "../../lib/errors.ts";

/**
 * Operator-written texts in every site language: Burmese is required, English, Chinese and Thai are
 * optional and fall back to Burmese where a player reads them (`textIn` of the contracts).
 */

/** A stored text: its forms per language; a plain string (stored before texts had languages) is the Burmese form. */
export const storedTextSchema = z.union([
  z.string().transform((mm): LocalizedText => ({ mm })),
  z.object({ mm: z.string() }).extend(translationsSchema.shape),
]);

/** 422 BURMESE_TEXT_REQUIRED naming the field left empty. */
export function burmeseRequired(field: string) {
  return refused("BURMESE_TEXT_REQUIRED", "The Burmese text is required; the other languages fall back to it.", {
    fields: [{ field, message: "Burmese is required" }],
  });
}

/** The text to store from a console body: trimmed, blank languages dropped, Burmese required. */
export function textFromBody(body: LocalizedTextBody, field: string): LocalizedText {
  const { mm, translations } = compactText(body);
  if (!mm) throw burmeseRequired(field);
  return { mm, ...translations };
}

/** The other languages of a console body (blank ones dropped). */
export function translationsFromBody(body: Omit<LocalizedTextBody, "mm"> | undefined): Translations {
  return compactText({ ...body, mm: "" }).translations;
}

/** The Burmese form of a console field, refused when empty. */
export function requireBurmese(value: string | undefined, field: string): string {
  const mm = value?.trim();
  if (!mm) throw burmeseRequired(field);
  return mm;
}

/** The stored translations column read back (anything malformed reads as none written). */
export function parseTranslations(value: unknown): Translations {
  const parsed = translationsSchema.safeParse(value);
  return parsed.success ? parsed.data : {};
}
