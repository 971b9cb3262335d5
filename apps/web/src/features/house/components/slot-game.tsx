import type { HouseSessionInfo, HouseSlotSymbol, HouseSpinResult } from "@shwe/contracts";
import { formatAmount, slotWindow } from "@shwe/domain";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { fetchSessionInfo, HouseApiError, spin } from "../api/house-client.ts";
import { useGameFigures } from "../hooks/use-house-session.ts";
import { useReducedMotion } from "../hooks/use-reduced-motion.ts";
import { balanceOfRefusal } from "../lib/error-key.ts";
import { newPlayKey, sleep } from "../lib/play-key.ts";
import { BetSelector } from "./bet-selector.tsx";
import { FairnessNote } from "./fairness-note.tsx";
import { GameHeader } from "./game-header.tsx";
import { GameNotice } from "./game-notice.tsx";
import { PaytableDialog } from "./paytable-dialog.tsx";
import { RoundHistory } from "./round-history.tsx";
import { SlotMachine } from "./slot-machine.tsx";
import { SlotSymbolDefs } from "./slot-symbols.tsx";

/** Reels keep turning at least this long, then stop one after another. */
const MIN_SPIN_MS = 700;
const STOP_GAP_MS = 220;
/** The reels shown before the first spin (no line wins there). */
const RESTING_REELS = slotWindow([5, 9, 13]);

/** Golden Pagoda Slots: bet, spin, reels, winning lines, balance and the round history with proofs. */
export function SlotGame({ token, info }: { token: string; info: HouseSessionInfo }) {
  const { t } = useTranslation("house");
  const reduced = useReducedMotion();
  const { figures, setFigures, afterRound } = useGameFigures(token, info);
  const [bet, setBet] = useState(() => info.bets[0] ?? 100);
  const [reels, setReels] = useState<readonly (readonly HouseSlotSymbol[])[]>(RESTING_REELS);
  const [spinning, setSpinning] = useState(0);
  const [result, setResult] = useState<HouseSpinResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [paytable, setPaytable] = useState(false);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const busy = spinning > 0;

  async function onSpin() {
    if (busy) return;
    setError(null);
    setResult(null);
    const before = figures.balance;
    const started = Date.now();
    setSpinning(3);
    if (before >= bet) setFigures((f) => ({ ...f, balance: f.balance - bet }));
    const key = newPlayKey();
    try {
      let answer: HouseSpinResult;
      try {
        answer = await spin(token, bet, key);
      } catch (first) {
        // The answer was lost on the way: the same play again (same key) answers the same round.
        if (!(first instanceof HouseApiError && first.code === "NETWORK")) throw first;
        await sleep(1000);
        answer = await spin(token, bet, key);
      }
      if (!reduced) await sleep(Math.max(0, MIN_SPIN_MS - (Date.now() - started)));
      if (!live.current) return;
      setReels(answer.reels);
      if (!reduced) {
        for (const left of [2, 1]) {
          setSpinning(left);
          await sleep(STOP_GAP_MS);
          if (!live.current) return;
        }
      }
      setSpinning(0);
      setResult(answer);
      afterRound({ balance: answer.balance, commitment: answer.next_commitment });
    } catch (failure) {
      if (!live.current) return;
      setSpinning(0);
      setError(failure);
      const refusedBalance = balanceOfRefusal(failure);
      setFigures((f) => ({ ...f, balance: refusedBalance ?? before }));
      // Anything else: read the balance and commitment again from the game server.
      if (refusedBalance === undefined) {
        fetchSessionInfo(token)
          .then((fresh) => live.current && setFigures({ balance: fresh.balance, commitment: fresh.commitment }))
          .catch(() => undefined);
      }
    }
  }

  const won = result !== null && result.payout > 0;
  return (
    <div className="min-h-dvh bg-bg pb-6">
      <SlotSymbolDefs />
      <GameHeader title={t("slot.title")} balance={figures.balance} busy={busy} />
      <main className="mx-auto flex max-w-md flex-col gap-3 px-3 pt-3">
        <SlotMachine reels={reels} spinning={spinning} lines={busy ? [] : (result?.lines ?? [])} reducedMotion={reduced} />

        <div className="flex h-16 flex-col items-center justify-center text-center" aria-live="polite" data-testid="spin-outcome">
          {busy ? (
            <p className="text-sm text-muted">{t("slot.spinning")}</p>
          ) : result === null ? (
            <p className="text-sm text-muted">{t("slot.prompt")}</p>
          ) : won ? (
            <>
              <p className="tabular text-2xl font-extrabold text-win">{t("slot.win", { amount: formatAmount(result.payout) })}</p>
              <p className="truncate text-xs text-muted">
                {result.lines
                  .map((l) => t("slot.lineWin", { line: l.line, symbol: t(`symbols.${l.symbol}`), multiplier: l.multiplier }))
                  .join(" · ")}
              </p>
            </>
          ) : (
            <p className="text-base font-semibold text-muted">{t("slot.noWin")}</p>
          )}
        </div>

        <GameNotice error={error} />

        <BetSelector bets={info.bets} value={bet} onChange={setBet} disabled={busy} />

        <div className="flex items-stretch gap-2">
          <button
            type="button"
            onClick={() => setPaytable(true)}
            className="min-h-14 shrink-0 rounded-card border border-line bg-surface-2 px-4 text-sm font-semibold text-text hover:border-gold"
          >
            {t("paytable.open")}
          </button>
          <button
            type="button"
            onClick={() => void onSpin()}
            disabled={busy}
            aria-busy={busy || undefined}
            className="min-h-14 flex-1 rounded-card bg-linear-to-b from-gold-hover to-gold-pressed text-lg font-extrabold tracking-wide text-bg shadow-card transition-transform duration-150 hover:brightness-105 active:scale-[0.98] disabled:cursor-not-allowed disabled:opacity-60"
          >
            {busy ? t("slot.spinning") : t("slot.spin")}
          </button>
        </div>

        <FairnessNote commitment={figures.commitment} rtp={info.rtp} />
        <RoundHistory token={token} />
      </main>
      <PaytableDialog open={paytable} onClose={() => setPaytable(false)} rtp={info.rtp} />
    </div>
  );
}
