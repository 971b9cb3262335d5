import type { HolidayImportResult, HolidayMarket } from "@shwe/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../../lib/api-client.ts";
import { invalidateLotteryViews } from "../../api/query-keys.ts";

/** The bytes of a file as base64 (the upload's body). */
export function base64Of(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** POST /api/admin/lottery/markets/{market}/holidays: preview (apply false) or apply the exchange's holiday file. */
export function useHolidayImport(market: HolidayMarket) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, apply }: { file: File; apply: boolean }): Promise<HolidayImportResult> =>
      api<HolidayImportResult>(`admin/lottery/markets/${market}/holidays`, {
        method: "POST",
        body: { file_name: file.name, content_base64: base64Of(new Uint8Array(await file.arrayBuffer())), apply },
      }),
    onSettled: (_data, _error, { apply }) => (apply ? invalidateLotteryViews(queryClient) : undefined),
  });
}
