import { type LedgerAudit, ledgerAuditSchema } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { adminKeys } from "./query-keys.ts";

/** GET /api/admin/ledger/audit: runs the ledger invariants now → {ok, violations, skipped}. */
export async function fetchLedgerAudit(signal?: AbortSignal): Promise<LedgerAudit> {
  const data = await api<unknown>("admin/ledger/audit", { signal });
  return ledgerAuditSchema.parse(data);
}

export function useLedgerAudit() {
  return useQuery({ queryKey: adminKeys.ledgerAudit(), queryFn: ({ signal }) => fetchLedgerAudit(signal), staleTime: 60_000 });
}
