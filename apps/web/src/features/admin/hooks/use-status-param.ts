import { useSearchParams } from "../../../lib/router.tsx";
import type { DecisionStatus } from "../api/query-keys.ts";

/** The queue filter kept in the URL (?status=), pending by default. */
export function useStatusParam(): [DecisionStatus, (status: DecisionStatus) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get("status");
  const status: DecisionStatus = raw === "approved" || raw === "rejected" ? raw : "pending";
  const setStatus = (next: DecisionStatus) => setParams(next === "pending" ? {} : { status: next }, { replace: true });
  return [status, setStatus];
}
