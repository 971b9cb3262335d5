import type { CashInHistoryItem, CashOutHistoryItem, TransferHistoryItem } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
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

/**
 * One history between two Asia/Yangon days (YYYY-MM-DD, inclusive), newest first. A failed call
 * gives an empty list (spec §8); a change of range cancels the request in flight.
 */
export function useWalletHistory<K extends HistoryKind>(kind: K, start: string, end: string) {
  const query = useQuery({
    queryKey: walletKeys.history(kind, start, end),
    queryFn: ({ signal }) =>
      api<{ data: HistoryRows[K] }>(PATHS[kind], { signal, query: { start_date: start, end_date: end } }).then((r) => r.data ?? []),
    staleTime: 0,
  });
  const rows: HistoryRows[K] | undefined = query.isError ? ([] as unknown as HistoryRows[K]) : query.data;
  return { rows, isPending: query.isPending && !query.isError, isFetching: query.isFetching };
}
