import type { BoardNumber, LotteryType, RejectedLine, SlipLimits } from "@shwe/contracts";
import { formatNumber } from "@shwe/domain";
import { memo, useMemo } from "react";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { pageSize } from "../lib/games.ts";
import { FlameIcon, LockIcon } from "./lottery-icons.tsx";
import { NumberCell } from "./number-cell.tsx";

export interface NumberBoardProps {
  type: LotteryType;
  /** 3D only: which hundred is shown (0 → 000–099). */
  page?: number;
  numbers: readonly BoardNumber[];
  limits: SlipLimits | undefined;
  selected: ReadonlySet<string>;
  rejected: Readonly<Record<string, RejectedLine>>;
  locked: boolean;
  onToggle: (number: string) => void;
}

/**
 * The dense grid of square cells of one draw: 0–9, 00–99, or one hundred of 000–999. Memoised: the
 * page draws again for its own state (notices, the slip's total, the draw's clock) without walking
 * the hundred cells.
 */
export const NumberBoard = memo(function NumberBoard({
  type,
  page = 0,
  numbers,
  limits,
  selected,
  rejected,
  locked,
  onToggle,
}: NumberBoardProps) {
  const { t } = useTranslation("lottery");
  const byNumber = useMemo(() => new Map(numbers.map((n) => [n.number, n])), [numbers]);
  const size = pageSize(type);
  const cells = Array.from({ length: size }, (_, i) => formatNumber(type, page * 100 + i));
  return (
    <div>
      <fieldset aria-label={t("board.label")} className="grid min-w-0 grid-cols-5 gap-1.5 sm:grid-cols-10">
        {cells.map((number) => (
          <NumberCell
            key={number}
            number={number}
            status={byNumber.get(number)}
            limits={limits}
            selected={selected.has(number)}
            rejected={rejected[number]}
            locked={locked}
            onToggle={onToggle}
          />
        ))}
      </fieldset>
      <BoardLegend />
    </div>
  );
});

/** What the marks on the cells mean. */
export function BoardLegend() {
  const { t } = useTranslation("lottery");
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="inline-block h-1 w-6 rounded-full bg-win" />
        {t("legend.capacity")}
      </li>
      <li className="flex items-center gap-1">
        <FlameIcon size={13} className="text-danger" />
        {t("legend.hot")}
      </li>
      <li className="flex items-center gap-1">
        <LockIcon size={13} />
        {t("legend.blocked")}
      </li>
    </ul>
  );
}
