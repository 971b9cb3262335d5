import { useTranslation } from "../../../lib/i18n-react.tsx";

/** 3D: which hundred of 000–999 the board shows, with how many numbers are chosen on each. */
export function HundredsTabs({ page, onPage, counts }: { page: number; onPage: (page: number) => void; counts: readonly number[] }) {
  const { t } = useTranslation("lottery");
  return (
    <div role="tablist" aria-label={t("board.hundreds")} className="-mx-1 mb-3 flex gap-1.5 overflow-x-auto px-1 pb-1">
      {Array.from({ length: 10 }, (_, p) => {
        const from = String(p * 100).padStart(3, "0");
        const to = String(p * 100 + 99).padStart(3, "0");
        const selected = p === page;
        const count = counts[p] ?? 0;
        return (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: the ten hundreds never change
            key={p}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-label={t("board.range", { from, to, chosen: count })}
            onClick={() => onPage(p)}
            className={`tabular relative min-h-11 shrink-0 rounded-card border px-2.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-gold ${
              selected ? "border-gold bg-gold text-bg" : "border-line bg-surface-2 text-text hover:border-gold"
            }`}
          >
            {from}–{to}
            {count > 0 ? (
              <span
                aria-hidden="true"
                className="absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-win px-1 text-center text-[11px] leading-5 text-bg"
              >
                {count}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
