import type { HouseSlotSymbol } from "@shwe/contracts";
import { SLOT_PAYLINES, SLOT_PAYTABLE, SLOT_SYMBOLS } from "@shwe/domain";
import { PopupBox } from "../../../components/popup-box.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { SlotSymbolArt } from "./slot-symbols.tsx";

function LineDiagram({ rows }: { rows: readonly number[] }) {
  return (
    <div className="grid w-12 grid-cols-3 gap-0.5" aria-hidden="true">
      {[0, 1, 2].flatMap((row) =>
        [0, 1, 2].map((reel) => (
          <span key={`${row}-${reel}`} className={`aspect-square rounded-[2px] ${rows[reel] === row ? "bg-gold" : "bg-surface-2"}`} />
        )),
      )}
    </div>
  );
}

/** How the slot pays: three of a kind on any of the 5 lines, line bet = bet ÷ 5. */
export function PaytableDialog({ open, onClose, rtp }: { open: boolean; onClose: () => void; rtp: number }) {
  const { t } = useTranslation("house");
  return (
    <PopupBox open={open} onClose={onClose} title={t("paytable.title")} size="md">
      <p className="mb-3 text-sm text-muted">{t("paytable.intro")}</p>
      <ul className="grid grid-cols-2 gap-2">
        {SLOT_SYMBOLS.map((symbol: HouseSlotSymbol) => (
          <li key={symbol} className="flex items-center gap-2 rounded-card bg-surface-2 p-2">
            <SlotSymbolArt symbol={symbol} className="size-10 shrink-0" />
            <div className="min-w-0">
              <p className="truncate text-xs text-muted">{t(`symbols.${symbol}`)}</p>
              <p className="tabular font-bold text-gold">×{SLOT_PAYTABLE[symbol]}</p>
            </div>
          </li>
        ))}
      </ul>
      <h3 className="mb-2 mt-4 text-sm font-semibold">{t("paytable.lines")}</h3>
      <ul className="grid grid-cols-5 gap-2">
        {SLOT_PAYLINES.map((rows, i) => (
          <li key={rows.join("")} className="flex flex-col items-center gap-1 text-xs text-muted">
            <LineDiagram rows={rows} />
            {i + 1}
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm font-semibold text-text">{t("fair.rtp", { rtp: (rtp * 100).toFixed(4).replace(/0+$/, "") })}</p>
    </PopupBox>
  );
}
