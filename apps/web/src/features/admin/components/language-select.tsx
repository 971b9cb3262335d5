import { DEFAULT_LANGUAGE, LANGUAGE_KEY, LANGUAGES, type Language } from "../../../lib/i18n.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";

/** The four site languages by their own names (kept under i18nextLng like the site's own switcher). */
export function LanguageSelect({ className = "" }: { className?: string }) {
  const { t, i18n } = useTranslation("admin");
  const lng = i18n.resolvedLanguage ?? i18n.language ?? "";
  const current: Language = (LANGUAGES as readonly string[]).includes(lng) ? (lng as Language) : DEFAULT_LANGUAGE;
  return (
    <select
      aria-label={t("common:nav.language")}
      value={current}
      onChange={(e) => {
        localStorage.setItem(LANGUAGE_KEY, e.target.value);
        void i18n.changeLanguage(e.target.value);
      }}
      className={`min-h-11 rounded-card border border-line bg-surface-2 px-2 text-sm text-text focus:border-gold focus:outline-none ${className}`}
    >
      {LANGUAGES.map((l) => (
        <option key={l} value={l}>
          {t(`common:lang.${l}`)}
        </option>
      ))}
    </select>
  );
}
