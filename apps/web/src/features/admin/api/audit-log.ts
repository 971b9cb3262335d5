import { auditLogPageSchema } from "@shwe/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api-client.ts";
import { adminKeys } from "./query-keys.ts";

export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** GET /api/admin/audit-log?page=&per_page= (newest first). */
export async function fetchAuditLog(page: number, perPage: number, signal?: AbortSignal): Promise<AuditLogPage> {
  const data = await api<unknown>("admin/audit-log", { query: { page, per_page: perPage }, signal });
  return auditLogPageSchema.parse(data);
}

export function useAuditLog(page: number, perPage: number) {
  return useQuery({
    queryKey: adminKeys.auditLogPage(page, perPage),
    queryFn: ({ signal }) => fetchAuditLog(page, perPage, signal),
    placeholderData: keepPreviousData,
  });
}
