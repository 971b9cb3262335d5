import type { BoardResponse, Draw, LotteryType, SectionResponse } from "@shwe/contracts";
import { allNumbers } from "@shwe/domain";

/** A draw of `type` whose betting closes `closesInMs` from now (server clock = this machine's). */
export function draw(type: LotteryType, closesInMs: number, over: Partial<Draw> = {}): Draw {
  const closes = Date.now() + closesInMs;
  return {
    id: 41,
    type,
    draw_at: new Date(closes + 10 * 60_000).toISOString(),
    closes_at: new Date(closes).toISOString(),
    status: "open",
    odds: type.endsWith("1D") ? 9 : type === "3D" ? 600 : 85,
    result_source: "fair",
    commitment: "ab".repeat(32),
    number: null,
    ...over,
  };
}

export function sections(...draws: Draw[]): SectionResponse {
  return { data: draws, server_time: new Date().toISOString() };
}

/** Every number of the game open with a full cap, except the overrides. */
export function board(d: Draw, over: Record<string, Partial<BoardResponse["numbers"][number]>> = {}): BoardResponse {
  return {
    draw: d,
    numbers: allNumbers(d.type).map((number) => ({ number, remaining: 1_000_000, hot: false, blocked: false, ...over[number] })),
    limits: { min_stake: 100, max_stake: 100_000, max_lines: 100, number_cap: 1_000_000, hot_cap: 200_000 },
    server_time: new Date().toISOString(),
  };
}
