import type { CashInHistoryItem, CashOutHistoryItem, TransferHistoryItem } from "@shwe/contracts";
import { api } from "../../../lib/api-client.ts";
import { usePagedList } from "../../../lib/use-paged-list.ts";
import { walletKeys } from "./query-keys.ts";

/** The four wallet histories of the spec: cash-in, cash-out and the transfers in both directions. */
export const HISTORY_KINDS = ["cashin", "cashout", "transfer-in", "transfer-out"] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

export interface HistoryRows {
  cashin: CashInHistoryItem[];
  cashout: CashOutHistoryItem[];
  "transfer-in": TransferHistoryItem[];
  "transfer-out": TransferHistoryItem[];
}

const PATHS: Record<HistoryKind, string> = {
  cashin: "user/cash_in_history",
  cashout: "user/cash_out_history",
  "transfer-in": "user/transfer_in_his",
  "transfer-out": "user/transfer_out_his",
};

export function isHistoryKind(value: unknown): value is HistoryKind {
  return typeof value === "string" && (HISTORY_KINDS as readonly string[]).includes(value);
}

interface HistoryPage<K extends HistoryKind> {
  data: HistoryRows[K];
  /** The cursor of the next page (api: keyset paging), null on the last page. */
  next_cursor?: string | null;
}

/**
 * One history between two Asia/Yangon days (YYYY-MM-DD, inclusive), newest first, a page at a
 * time: `loadMore` asks for the page after the last one shown. A failed first call gives an empty
 * list (spec §8); a change of range cancels the request in flight.
 */
export function useWalletHistory<K extends HistoryKind>(kind: K, start: string, end: string) {
  const list = usePagedList<HistoryPage<K>>({
    queryKey: walletKeys.history(kind, start, end),
    fetchPage: (cursor, signal) => api<HistoryPage<K>>(PATHS[kind], { signal, query: { start_date: start, end_date: end, cursor } }),
    staleTime: 0,
  });
  return { ...list, rows: list.rows as HistoryRows[K] | undefined };
}
