import { useTranslation } from "../lib/i18n-react.tsx";

const MEDALS = {
  1: { fill: "text-gold", key: "gold" },
  2: { fill: "text-silver", key: "silver" },
  3: { fill: "text-bronze", key: "bronze" },
} as const;

/** The rank of a winner: a gold, silver or bronze medal with its number for ranks 1 to 3, the plain number after. */
export function Rank({ rank }: { rank: number }) {
  const { t } = useTranslation("lottery");
  const medal = rank === 1 || rank === 2 || rank === 3 ? MEDALS[rank] : null;
  if (!medal) return <span className="tabular inline-block min-w-8 text-center font-semibold text-muted">{rank}</span>;
  return (
    <span className={`relative inline-flex size-8 items-center justify-center ${medal.fill}`} data-medal={medal.key}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <path d="M10 2h5l3 8h-5zM22 2h-5l-3 8h5z" fill="currentColor" opacity="0.55" />
        <circle cx="16" cy="20" r="10" fill="currentColor" />
        <circle cx="16" cy="20" r="7.5" fill="none" stroke="var(--color-bg)" strokeOpacity="0.35" strokeWidth="1.5" />
      </svg>
      <span className="tabular absolute inset-x-0 top-[14px] text-center text-xs leading-none font-bold text-bg" aria-hidden="true">
        {rank}
      </span>
      <span className="sr-only">{t(`medal.${medal.key}`, { rank })}</span>
    </span>
  );
}
