import type { HouseCrashResult, HouseSessionInfo } from "@shwe/contracts";
import { formatAmount } from "@shwe/domain";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { fetchSessionInfo, HouseApiError, playCrash } from "../api/house-client.ts";
import { useGameFigures, useRounds } from "../hooks/use-house-session.ts";
import { useReducedMotion } from "../hooks/use-reduced-motion.ts";
import { balanceOfRefusal } from "../lib/error-key.ts";
import { newPlayKey, sleep } from "../lib/play-key.ts";
import { BetSelector } from "./bet-selector.tsx";
import { CashOutInput, parseCashOut } from "./cash-out-input.tsx";
import { CrashStage, type FlightPhase } from "./crash-stage.tsx";
import { FairnessNote } from "./fairness-note.tsx";
import { GameHeader } from "./game-header.tsx";
import { GameNotice } from "./game-notice.tsx";
import { RoundHistory } from "./round-history.tsx";

function RecentPoints({ token }: { token: string }) {
  const { t } = useTranslation("house");
  const rounds = useRounds(token);
  const points = (rounds.data?.data ?? []).filter((r) => r.crash_point !== null).slice(0, 6);
  return (
    <ul
      className="flex h-8 items-center gap-1.5 overflow-hidden"
      style={{ maskImage: "linear-gradient(to right, black 85%, transparent)" }}
      aria-label={t("crash.recent")}
    >
      {points.map((r) => {
        const p = r.crash_point ?? 1;
        return (
          <li
            key={r.round_id}
            className={`tabular shrink-0 rounded-full px-2.5 py-0.5 text-xs font-bold ${p >= 2 ? "bg-win/15 text-win" : "bg-danger/15 text-danger"}`}
          >
            {`${p.toFixed(2)}×`}
          </li>
        );
      })}
    </ul>
  );
}

/** Rocket Crash: bet, automatic cash-out, the flight, the balance and the round history with proofs. */
export function CrashGame({ token, info }: { token: string; info: HouseSessionInfo }) {
  const { t } = useTranslation("house");
  const reduced = useReducedMotion();
  const { figures, setFigures, afterRound } = useGameFigures(token, info);
  const min = info.min_cash_out ?? 1.01;
  const max = info.max_cash_out ?? 100;
  const [bet, setBet] = useState(() => info.bets[0] ?? 100);
  const [cashOutText, setCashOutText] = useState("2.00");
  const [phase, setPhase] = useState<FlightPhase>("idle");
  const [result, setResult] = useState<HouseCrashResult | null>(null);
  const [error, setError] = useState<unknown>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const cashOut = parseCashOut(cashOutText, min, max);
  const busy = phase === "launching" || phase === "flying";

  async function onLaunch() {
    if (busy || cashOut === null) return;
    setError(null);
    setResult(null);
    const before = figures.balance;
    if (before >= bet) setFigures((f) => ({ ...f, balance: f.balance - bet }));
    setPhase("launching");
    const body = { bet, auto_cash_out: cashOut / 100 };
    const key = newPlayKey();
    try {
      let answer: HouseCrashResult;
      try {
        answer = await playCrash(token, body, key);
      } catch (first) {
        if (!(first instanceof HouseApiError && first.code === "NETWORK")) throw first;
        await sleep(1000);
        answer = await playCrash(token, body, key);
      }
      if (!live.current) return;
      setResult(answer);
      setPhase("flying");
    } catch (failure) {
      if (!live.current) return;
      setPhase("idle");
      setError(failure);
      const refusedBalance = balanceOfRefusal(failure);
      setFigures((f) => ({ ...f, balance: refusedBalance ?? before }));
      if (refusedBalance === undefined) {
        fetchSessionInfo(token)
          .then((fresh) => live.current && setFigures({ balance: fresh.balance, commitment: fresh.commitment }))
          .catch(() => undefined);
      }
    }
  }

  const onLanded = useCallback(() => {
    setPhase("done");
    if (result) afterRound({ balance: result.balance, commitment: result.next_commitment });
  }, [result, afterRound]);

  const target = result ? result.auto_cash_out : (cashOut ?? 200) / 100;
  const cashedOut = result?.cashed_out_at !== null && result?.cashed_out_at !== undefined;
  return (
    <div className="min-h-dvh bg-bg pb-6">
      <GameHeader title={t("crash.title")} balance={figures.balance} busy={busy} />
      <main className="mx-auto flex max-w-md flex-col gap-3 px-3 pt-3">
        <CrashStage
          phase={phase}
          crashPoint={result?.crash_point ?? null}
          target={target}
          cashedOut={cashedOut}
          reducedMotion={reduced}
          onLanded={onLanded}
        />
        <RecentPoints token={token} />

        <div className="flex min-h-12 flex-col items-center justify-center text-center" aria-live="polite" data-testid="crash-outcome">
          {phase === "done" && result ? (
            cashedOut ? (
              <p className="tabular text-lg font-extrabold text-win">
                {t("crash.won", { at: result.auto_cash_out.toFixed(2), amount: formatAmount(result.payout) })}
              </p>
            ) : (
              <p className="tabular text-lg font-extrabold text-danger">{t("crash.lost", { at: result.crash_point.toFixed(2) })}</p>
            )
          ) : busy ? (
            <p className="text-sm text-muted">{t("crash.flying", { at: target.toFixed(2) })}</p>
          ) : (
            <p className="text-sm text-muted">{t("crash.prompt")}</p>
          )}
        </div>

        <GameNotice error={error} />

        <BetSelector bets={info.bets} value={bet} onChange={setBet} disabled={busy} />
        <CashOutInput value={cashOutText} onChange={setCashOutText} min={min} max={max} disabled={busy} />

        <button
          type="button"
          onClick={() => void onLaunch()}
          disabled={busy || cashOut === null}
          aria-busy={busy || undefined}
          className="min-h-14 rounded-card bg-linear-to-b from-gold-hover to-gold-pressed text-lg font-extrabold tracking-wide text-bg shadow-card transition-transform duration-150 hover:brightness-105 active:scale-[0.98] disabled:cursor-not-allowed disabled:opacity-60"
        >
          {busy ? t("crash.flyingShort") : t("crash.launch", { amount: formatAmount(bet) })}
        </button>

        <FairnessNote commitment={figures.commitment} rtp={info.rtp} />
        <RoundHistory token={token} />
      </main>
    </div>
  );
}
