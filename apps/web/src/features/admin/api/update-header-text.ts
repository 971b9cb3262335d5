import { type AdminContentSettings, headerPlayTextSchema, settingTextBodySchema } from "@shwe/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { adminKeys } from "./query-keys.ts";

/** PUT /api/admin/content/header_play_text {text}: the marquee every visitor sees. Answers the stored text. */
export async function updateHeaderText(text: string): Promise<string> {
  const data = await api<unknown>("admin/content/header_play_text", { method: "PUT", body: settingTextBodySchema.parse({ text }) });
  return headerPlayTextSchema.parse(data).data[0]?.text ?? "";
}

export function useUpdateHeaderText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHeaderText,
    onSuccess: (header_play_text) =>
      queryClient.setQueryData<AdminContentSettings>(adminKeys.contentSettings(), (old) => (old ? { ...old, header_play_text } : old)),
    onSettled: () =>
      Promise.all([adminKeys.contentSettings(), adminKeys.auditLog()].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
