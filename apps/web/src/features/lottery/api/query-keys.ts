import type { LotteryType, Market } from "@shwe/contracts";

/**
 * Query keys of the lottery pages, every one of them (no other file of the feature builds a key).
 * All sit under "lottery", so a result arriving (hooks/use-live-results.ts) can refresh what it changes.
 */
export const lotteryKeys = {
  sections: (type: LotteryType) => ["lottery", "sections", type] as const,
  boards: (type: LotteryType) => ["lottery", "board", type] as const,
  board: (type: LotteryType, drawId: number) => ["lottery", "board", type, drawId] as const,
  daily: ["lottery", "daily"] as const,
  histories: ["lottery", "history"] as const,
  history: (type: LotteryType, start: string, end: string) => ["lottery", "history", type, start, end] as const,
  winnersAll: ["lottery", "winners"] as const,
  winners: (type: LotteryType) => ["lottery", "winners", type] as const,
  slipsAll: ["lottery", "slips"] as const,
  slips: (type: LotteryType, start: string, end: string) => ["lottery", "slips", type, start, end] as const,
  market: (market: Market) => ["lottery", "market", market] as const,
  stats: (type: LotteryType, days: number) => ["lottery", "stats", type, days] as const,
  resultsMonth: (type: LotteryType, month: string) => ["lottery", "results-month", type, month] as const,
};
