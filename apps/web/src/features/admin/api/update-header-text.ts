import { type AdminContentSettings, type LocalizedText, settingTextAnswerSchema, settingTextBodySchema } from "@shwe/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import type { TextForms } from "../components/localized-text-fields.tsx";
import { adminKeys } from "./query-keys.ts";

/** The two operator texts of the site settings, in every language. */
export type SettingText = "header_play_text" | "point_warning";

/**
 * PUT /api/admin/content/{header_play_text|point_warning} {texts}: the marquee every visitor sees, or
 * the points page note, in every language (Burmese required). Answers the stored forms.
 */
export async function updateSettingText(setting: SettingText, forms: TextForms): Promise<LocalizedText> {
  const data = await api<unknown>(`admin/content/${setting}`, { method: "PUT", body: settingTextBodySchema.parse({ texts: forms }) });
  return settingTextAnswerSchema.pick({ texts: true }).parse(data).texts;
}

export function useUpdateSettingText(setting: SettingText) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (forms: TextForms) => updateSettingText(setting, forms),
    onSuccess: (texts) =>
      queryClient.setQueryData<AdminContentSettings>(adminKeys.contentSettings(), (old) =>
        old ? { ...old, [setting]: texts.mm, [setting === "header_play_text" ? "header_play_texts" : "point_warning_texts"]: texts } : old,
      ),
    onSettled: () =>
      Promise.all([adminKeys.contentSettings(), adminKeys.auditLog()].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
