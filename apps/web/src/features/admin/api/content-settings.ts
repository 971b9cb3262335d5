import { type AdminContentSettings, adminContentSettingsSchema } from "@shwe/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { adminKeys } from "./query-keys.ts";

/** GET /api/admin/content/settings: marquee text, claim maintenance flag, social links, point warning. */
export async function fetchContentSettings(signal?: AbortSignal): Promise<AdminContentSettings> {
  const data = await api<unknown>("admin/content/settings", { signal });
  return adminContentSettingsSchema.parse(data);
}

export function useContentSettings() {
  return useQuery({ queryKey: adminKeys.contentSettings(), queryFn: ({ signal }) => fetchContentSettings(signal), staleTime: 0 });
}
