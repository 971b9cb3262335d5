import type { BoardNumber, RejectedLine, SlipLimits } from "@shwe/contracts";
import { formatAmount } from "@shwe/domain";
import { type CSSProperties, memo } from "react";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { AlertIcon, CheckMarkIcon, FlameIcon, LockIcon } from "./lottery-icons.tsx";
import { useRejectText } from "./reject-reason.tsx";

export interface NumberCellProps {
  number: string;
  /** The number's state on the draw; undefined while the board has no data for it. */
  status: BoardNumber | undefined;
  limits: SlipLimits | undefined;
  selected: boolean;
  rejected: RejectedLine | undefined;
  /** Betting closed: nothing can be chosen. */
  locked: boolean;
  onToggle: (number: string) => void;
}

/** How full a number is, for the capacity bar: remaining over its cap (hot numbers have the lower cap). */
function capacityShare(status: BoardNumber, limits: SlipLimits | undefined): number {
  if (status.blocked) return 0;
  const cap = status.hot ? (limits?.hot_cap ?? 0) : (limits?.number_cap ?? 0);
  if (cap <= 0) return status.remaining > 0 ? 1 : 0;
  return Math.max(0, Math.min(1, status.remaining / cap));
}

/** The capacity bar's fill colour: green while half or more is open, amber down to 15 %, red below. */
function barFill(share: number): string {
  return share >= 0.5 ? "[--fill:var(--color-win)]" : share >= 0.15 ? "[--fill:var(--color-warn)]" : "[--fill:var(--color-danger)]";
}

/**
 * One square of the number board. Every state has a shape or a word, never colour alone: a check
 * mark when chosen, a flame and "Hot" for hot numbers, a lock and "Blocked" (disabled) for blocked
 * ones, "Full" when nothing is left, a warning sign when the last bet refused it, and a thin bar of
 * the capacity still open.
 */
export const NumberCell = memo(function NumberCell({ number, status, limits, selected, rejected, locked, onToggle }: NumberCellProps) {
  const { t } = useTranslation("lottery");
  const rejectText = useRejectText();
  const blocked = status?.blocked ?? false;
  const full = !blocked && status !== undefined && status.remaining <= 0;
  const hot = status?.hot ?? false;
  const share = status ? capacityShare(status, limits) : 1;
  // A chosen number can always be taken off the slip, even once it filled up.
  const disabled = locked || ((blocked || full) && !selected);

  const states = [
    hot ? t("board.hot") : null,
    blocked ? t("board.blocked") : full ? t("board.full") : status ? t("board.left", { amount: formatAmount(status.remaining) }) : null,
    rejected ? rejectText(rejected, limits) : null,
  ].filter(Boolean);

  const tone = selected
    ? "border-gold bg-gold text-bg"
    : blocked || full
      ? "border-line bg-bg text-faint"
      : hot
        ? "border-danger/70 bg-surface-2 text-text hover:border-danger"
        : "border-line bg-surface-2 text-text hover:border-gold";
  const mark = blocked ? (
    <>
      <LockIcon size={11} />
      {t("board.blockedShort")}
    </>
  ) : full ? (
    t("board.full")
  ) : hot ? (
    <>
      <FlameIcon size={11} />
      {t("board.hot")}
    </>
  ) : null;

  return (
    <button
      type="button"
      aria-pressed={selected}
      disabled={disabled}
      aria-label={[number, ...states].join(", ")}
      title={states.join(" · ") || undefined}
      data-number={number}
      onClick={() => onToggle(number)}
      className={`relative flex aspect-square min-h-11 flex-col items-center justify-center rounded-lg border transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold disabled:cursor-not-allowed ${tone} ${
        rejected ? "ring-2 ring-danger ring-offset-1 ring-offset-bg" : ""
      }`}
    >
      {/* Without a mark, the number keeps the mark row's height below it (mt-1 + h-3.5) so every number sits at one height. */}
      <span className={`tabular text-lg leading-none font-bold ${blocked ? "line-through decoration-2" : ""} ${mark ? "" : "mb-4.5"}`}>
        {number}
      </span>
      {mark ? (
        <span
          aria-hidden="true"
          className={`mt-1 flex h-3.5 items-center gap-0.5 text-[10px] leading-none font-semibold ${
            selected ? "text-bg" : blocked || full ? "text-muted" : "text-danger"
          }`}
        >
          {mark}
        </span>
      ) : null}
      {selected ? (
        <span
          aria-hidden="true"
          className="absolute top-0.5 right-0.5 flex size-4 items-center justify-center rounded-full bg-bg text-gold"
        >
          <CheckMarkIcon size={11} />
        </span>
      ) : null}
      {rejected ? (
        <span
          aria-hidden="true"
          className="absolute top-0.5 left-0.5 flex size-4 items-center justify-center rounded-full bg-danger text-bg"
        >
          <AlertIcon size={11} />
        </span>
      ) : null}
      {status && !blocked ? (
        // Track and fill in one element (styles.css, capacity-bar).
        <span
          aria-hidden="true"
          style={{ "--share": Math.round(share * 100) / 100 } as CSSProperties}
          className={`capacity-bar absolute inset-x-1.5 bottom-1 h-1 rounded-full ${selected ? "bg-bg/25 [--fill:var(--color-bg)]" : `bg-line ${barFill(share)}`}`}
        />
      ) : null}
    </button>
  );
});
