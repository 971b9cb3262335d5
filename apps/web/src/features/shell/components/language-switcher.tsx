import { DropdownMenu, menuItemClass } from "../../../components/dropdown-menu.tsx";
import { CheckIcon, ChevronDownIcon } from "../../../components/icons.tsx";
import { DEFAULT_LANGUAGE, HTML_LANG, LANGUAGE_KEY, LANGUAGES, type Language } from "../../../lib/i18n.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Flag } from "./flags.tsx";

export function currentLanguage(lng: string | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(lng ?? "") ? (lng as Language) : DEFAULT_LANGUAGE;
}

/** The four site languages by their own names with flags; the choice is kept under i18nextLng. */
export function LanguageSwitcher({ flagOnly = false }: { flagOnly?: boolean }) {
  const { t, i18n } = useTranslation("common");
  const current = currentLanguage(i18n.resolvedLanguage ?? i18n.language);
  const choose = (lng: Language) => {
    localStorage.setItem(LANGUAGE_KEY, lng);
    void i18n.changeLanguage(lng);
  };
  return (
    <DropdownMenu
      label={`${t("nav.language")}: ${t(`lang.${current}`)}`}
      triggerClassName={flagOnly ? "min-w-11 justify-center px-2 hover:bg-surface-2" : "px-3 text-sm text-text hover:bg-surface-2"}
      trigger={
        <>
          <Flag lng={current} />
          {flagOnly ? null : (
            <>
              <span>{t(`lang.${current}`)}</span>
              <ChevronDownIcon size={16} className="text-muted" />
            </>
          )}
        </>
      }
    >
      {(close) =>
        LANGUAGES.map((lng) => (
          <button
            key={lng}
            type="button"
            role="menuitemradio"
            aria-checked={lng === current}
            lang={HTML_LANG[lng]}
            className={menuItemClass}
            onClick={() => {
              choose(lng);
              close();
            }}
          >
            <Flag lng={lng} />
            <span className="flex-1">{t(`lang.${lng}`)}</span>
            {lng === current ? <CheckIcon size={16} className="text-gold" /> : null}
          </button>
        ))
      }
    </DropdownMenu>
  );
}
