import type { LocalizedText } from "@shwe/contracts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { TextArea, TextField } from "./fields.tsx";

/** The four forms of an operator text as typed (an empty one falls back to Burmese on the site). */
export interface TextForms {
  mm: string;
  en: string;
  cn: string;
  thai: string;
}
export const TEXT_FORM_LANGUAGES = ["mm", "en", "cn", "thai"] as const;

export function formsOf(texts?: Partial<LocalizedText>): TextForms {
  return { mm: texts?.mm ?? "", en: texts?.en ?? "", cn: texts?.cn ?? "", thai: texts?.thai ?? "" };
}

/** The forms to send: trimmed (the server drops the empty ones). */
export function trimmedForms(forms: TextForms): TextForms {
  return { mm: forms.mm.trim(), en: forms.en.trim(), cn: forms.cn.trim(), thai: forms.thai.trim() };
}

/** The other languages of a text, as the banner and broadcast bodies take them. */
export function translationsOf(forms: TextForms): { en: string; cn: string; thai: string } {
  const t = trimmedForms(forms);
  return { en: t.en, cn: t.cn, thai: t.thai };
}

export function sameForms(a: TextForms, b: TextForms): boolean {
  return TEXT_FORM_LANGUAGES.every((l) => a[l].trim() === b[l].trim());
}

/**
 * An operator text in every site language: Burmese first and required, then English, Chinese and
 * Thai, each optional (players of a language left empty read the Burmese text).
 */
export function LocalizedTextFields({
  label,
  value,
  onChange,
  max,
  rows,
  error,
}: {
  label: string;
  value: TextForms;
  onChange: (next: TextForms) => void;
  max: number;
  /** Multi-line fields of this many rows; one-line fields when absent. */
  rows?: number;
  /** The Burmese field's error. */
  error?: string | undefined;
}) {
  const { t } = useTranslation("texts");
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-semibold text-text">{label}</legend>
      {TEXT_FORM_LANGUAGES.map((lng) => {
        const props = {
          label: t(`language.${lng}`),
          value: value[lng],
          maxLength: max,
          lang: lng === "mm" ? "my" : lng === "cn" ? "zh-Hans" : lng === "thai" ? "th" : "en",
          "data-lng": lng,
          required: lng === "mm",
          error: lng === "mm" ? error : undefined,
          hint: lng === "mm" ? t("hint.required") : undefined,
          onChange: (e: { target: { value: string } }) => onChange({ ...value, [lng]: e.target.value }),
        };
        return rows ? <TextArea key={lng} rows={rows} {...props} /> : <TextField key={lng} {...props} />;
      })}
      <p className="text-sm text-faint">{t("hint.fallback")}</p>
    </fieldset>
  );
}
