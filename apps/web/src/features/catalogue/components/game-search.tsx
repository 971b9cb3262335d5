import { useId } from "react";
import { useTranslation } from "../../../lib/i18n-react.tsx";

/** The search box over a game list ('Search Game ...'): filters as the player types. */
export function GameSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation("games");
  const id = useId();
  return (
    <div className="relative w-full sm:max-w-xs">
      <label htmlFor={id} className="sr-only">
        {t("search.label")}
      </label>
      <svg
        viewBox="0 0 24 24"
        width="18"
        height="18"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-faint"
      >
        <circle cx="11" cy="11" r="6.5" />
        <path d="M16 16l4 4" strokeLinecap="round" />
      </svg>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={t("search.placeholder")}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={60}
        className="h-11 w-full rounded-full border border-line bg-surface pr-4 pl-10 text-sm text-text placeholder:text-faint focus:border-gold focus:outline-none"
      />
    </div>
  );
}
