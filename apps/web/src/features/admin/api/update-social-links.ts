import { type AdminContentSettings, type SocialLinks, socialLinksSchema, updateSocialLinksBodySchema } from "@shwe/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api-client.ts";
import { adminKeys } from "./query-keys.ts";

export type SocialLinksPatch = z.infer<typeof updateSocialLinksBodySchema>;

/** PUT /api/admin/content/social_links: any subset of the links; an empty string hides that link. Answers all of them. */
export async function updateSocialLinks(patch: SocialLinksPatch): Promise<SocialLinks> {
  const data = await api<unknown>("admin/content/social_links", { method: "PUT", body: updateSocialLinksBodySchema.parse(patch) });
  return socialLinksSchema.parse(data).data;
}

export function useUpdateSocialLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSocialLinks,
    onSuccess: (social_links) =>
      queryClient.setQueryData<AdminContentSettings>(adminKeys.contentSettings(), (old) => (old ? { ...old, social_links } : old)),
    onSettled: () =>
      Promise.all([adminKeys.contentSettings(), adminKeys.auditLog()].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
