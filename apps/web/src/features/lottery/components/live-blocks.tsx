import type { LotteryType } from "@shwe/contracts";
import { LiveResult } from "./live-result.tsx";
import { MarketLive } from "./market-live.tsx";

/**
 * The live part of a game page, one lazy chunk: today's latest result and, for the games read from a
 * market, the live market block in its place (`place`: the height kept for it before it loaded).
 */
export function LiveBlocks({ type, place }: { type: LotteryType; place: string | undefined }) {
  return (
    <>
      <LiveResult type={type} />
      {place ? (
        <div className={`${place} flex flex-col`}>
          <MarketLive type={type} />
        </div>
      ) : null}
    </>
  );
}
