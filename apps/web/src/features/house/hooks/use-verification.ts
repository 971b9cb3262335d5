import type { HouseRound } from "@shwe/contracts";
import { crashRound, type HouseRoundCheck, multiplierToHundredths, roundDigest, slotRound, verifyHouseRound } from "@shwe/domain";
import { useEffect, useState } from "react";

export interface Verification {
  /** "unsupported": this browser has no Web Crypto here (e.g. a page not served over HTTPS). */
  state: "checking" | "done" | "unsupported" | "unfinished";
  check?: HouseRoundCheck;
  /** HMAC-SHA256(seed, round id), hex. */
  hmac?: string;
  /** Slot: the reel stops; crash: the first 32-bit word. */
  stops?: number[];
  word?: number;
}

export function webCryptoAvailable(): boolean {
  return typeof globalThis.crypto?.subtle?.digest === "function";
}

/** Recomputes a finished round in the browser: commitment, HMAC, and the outcome it gives. */
export function useVerification(round: HouseRound | null): Verification {
  const [result, setResult] = useState<Verification>({ state: "checking" });
  useEffect(() => {
    if (!round) return;
    if (!round.seed) {
      setResult({ state: "unfinished" });
      return;
    }
    if (!webCryptoAvailable()) {
      setResult({ state: "unsupported" });
      return;
    }
    let live = true;
    setResult({ state: "checking" });
    const seed = round.seed;
    void (async () => {
      const digest = await roundDigest(seed, round.round_id, 0);
      let check: HouseRoundCheck;
      let extra: Pick<Verification, "stops" | "word">;
      if (round.game === "house-slot") {
        const expected = await slotRound(seed, round.round_id, round.bet);
        // A rolled-back round paid nothing: only its reels are compared.
        const payout = round.status === "settled" ? round.payout : expected.payout;
        check = await verifyHouseRound({
          game: "house-slot",
          roundId: round.round_id,
          seed,
          commitment: round.commitment,
          bet: round.bet,
          reels: round.reels ?? [],
          payout,
        });
        extra = { stops: [...expected.stops] };
      } else {
        const crash = await crashRound(seed, round.round_id);
        check = await verifyHouseRound({
          game: "house-crash",
          roundId: round.round_id,
          seed,
          commitment: round.commitment,
          crashPoint: multiplierToHundredths(round.crash_point ?? 0) ?? -1,
        });
        extra = { word: crash.word };
      }
      if (live) setResult({ state: "done", check, hmac: digest.hmac, ...extra });
    })().catch(() => {
      if (live) setResult({ state: "unsupported" });
    });
    return () => {
      live = false;
    };
  }, [round]);
  return result;
}
