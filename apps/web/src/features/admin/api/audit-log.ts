import { auditLogPageSchema } from "@shwe/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api-client.ts";
import { adminKeys } from "./query-keys.ts";

export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** The audit log's filters (empty values are left out): operator phone, action, player id, Yangon days. */
export interface AuditFilters {
  actor?: string;
  action?: string;
  player?: string;
  start_date?: string;
  end_date?: string;
}

export const AUDIT_FILTER_KEYS = ["actor", "action", "player", "start_date", "end_date"] as const;

/** GET /api/admin/audit-log?page=&per_page=&filters… (newest first). */
export async function fetchAuditLog(
  page: number,
  perPage: number,
  filters: AuditFilters = {},
  signal?: AbortSignal,
): Promise<AuditLogPage> {
  const query: Record<string, string | number | undefined> = { page, per_page: perPage };
  for (const key of AUDIT_FILTER_KEYS) if (filters[key]) query[key] = filters[key];
  const data = await api<unknown>("admin/audit-log", { query, signal });
  return auditLogPageSchema.parse(data);
}

export function useAuditLog(page: number, perPage: number, filters: AuditFilters = {}) {
  return useQuery({
    queryKey: adminKeys.auditLogPage(page, perPage, filters),
    queryFn: ({ signal }) => fetchAuditLog(page, perPage, filters, signal),
    placeholderData: keepPreviousData,
  });
}
