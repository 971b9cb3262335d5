import type { HouseLineWin, HouseSlotSymbol } from "@shwe/contracts";
import { SLOT_PAYLINES, SLOT_REELS } from "@shwe/domain";
import { useEffect, useRef } from "react";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { SlotSymbolArt } from "./slot-symbols.tsx";

export interface SlotMachineProps {
  /** reels[reel][row] to show when a reel is at rest. */
  reels: readonly (readonly HouseSlotSymbol[])[];
  /** How many reels (from the left) are still spinning. */
  spinning: number;
  /** Winning lines of the shown result (highlighted). */
  lines: readonly HouseLineWin[];
  reducedMotion: boolean;
}

/** A reel in motion: its own strip scrolling past (Web Animations API, no animation library). */
function SpinningReel({ reel, reducedMotion }: { reel: number; reducedMotion: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || reducedMotion || typeof el.animate !== "function") return;
    const animation = el.animate([{ transform: "translateY(-50%)" }, { transform: "translateY(0)" }], {
      duration: 420 + reel * 40,
      iterations: Number.POSITIVE_INFINITY,
      easing: "linear",
    });
    return () => animation.cancel();
  }, [reel, reducedMotion]);
  const strip = SLOT_REELS[reel] ?? [];
  const symbols = [...strip, ...strip];
  return (
    <div className="absolute inset-0 overflow-hidden" aria-hidden="true">
      <div ref={ref} className={`flex flex-col ${reducedMotion ? "opacity-40" : "blur-[1.5px]"}`}>
        {symbols.map((symbol, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative strip
          <div key={i} className="flex aspect-square items-center justify-center p-2">
            <SlotSymbolArt symbol={symbol} className="size-full" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** Which cells (reel, row) a winning line crosses. */
function winningCells(lines: readonly HouseLineWin[]): Set<string> {
  const cells = new Set<string>();
  for (const win of lines) {
    const rows = SLOT_PAYLINES[win.line - 1];
    rows?.forEach((row, reel) => {
      cells.add(`${reel}:${row}`);
    });
  }
  return cells;
}

/** The 3 × 3 reels in their golden frame, with the winning paylines drawn across. */
export function SlotMachine({ reels, spinning, lines, reducedMotion }: SlotMachineProps) {
  const { t } = useTranslation("house");
  const settled = spinning === 0;
  const cells = settled ? winningCells(lines) : new Set<string>();
  return (
    <div className="rounded-[20px] bg-linear-to-b from-gold via-gold-pressed to-gold p-[3px] shadow-card">
      <div className="rounded-[17px] bg-surface p-2.5">
        <div className="relative grid grid-cols-3 gap-2" data-testid="slot-reels" aria-live="polite" aria-busy={!settled}>
          {reels.map((column, reel) => {
            const moving = reel >= reels.length - spinning;
            return (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: reels are positional
                key={reel}
                className="relative overflow-hidden rounded-card border border-line bg-linear-to-b from-bg via-surface-2 to-bg"
              >
                <span className="sr-only">{t("slot.reelLabel", { n: reel + 1 })}</span>
                {moving ? <SpinningReel reel={reel} reducedMotion={reducedMotion} /> : null}
                <div className={`flex flex-col ${moving ? "invisible" : ""}`}>
                  {column.map((symbol, row) => {
                    const won = cells.has(`${reel}:${row}`);
                    return (
                      <div
                        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
                        key={row}
                        className={`flex aspect-square items-center justify-center p-2 transition-transform duration-200 ${
                          won ? "scale-105 rounded-card bg-gold/15 ring-2 ring-gold ring-inset" : ""
                        } ${settled && lines.length > 0 && !won ? "opacity-45" : ""}`}
                        data-won={won || undefined}
                      >
                        <SlotSymbolArt symbol={symbol} label={t(`symbols.${symbol}`)} className="size-full drop-shadow" />
                      </div>
                    );
                  })}
                </div>
              </div>
            );
          })}
          {settled && lines.length > 0 ? <PaylineOverlay lines={lines} /> : null}
        </div>
      </div>
    </div>
  );
}

function PaylineOverlay({ lines }: { lines: readonly HouseLineWin[] }) {
  return (
    <svg className="pointer-events-none absolute inset-0 size-full" viewBox="0 0 300 300" preserveAspectRatio="none" aria-hidden="true">
      {lines.map((win) => {
        const rows = SLOT_PAYLINES[win.line - 1] ?? [];
        const points = rows.map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`).join(" ");
        return (
          <g key={win.line}>
            <polyline
              points={points}
              fill="none"
              className="stroke-bg"
              strokeOpacity=".55"
              strokeWidth="9"
              vectorEffect="non-scaling-stroke"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
            <polyline
              points={points}
              fill="none"
              className="stroke-gold"
              strokeWidth="4"
              vectorEffect="non-scaling-stroke"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </g>
        );
      })}
    </svg>
  );
}
