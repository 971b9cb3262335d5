import { lvl2ResponseSchema, type Profile } from "@shwe/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api-client.ts";
import { sharedKeys } from "../../../lib/query-keys.ts";
import { useSession } from "../../../lib/session-store.ts";

/** POST /api/user/lvl_2 as multipart with the field `image`: the screenshot that an operator reviews. */
export async function uploadLvl2(image: File): Promise<z.infer<typeof lvl2ResponseSchema>> {
  const form = new FormData();
  form.append("image", image);
  const data = await api<unknown>("user/lvl_2", { method: "POST", body: form });
  return lvl2ResponseSchema.parse(data);
}

export function useUploadLvl2() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLvl2,
    onSuccess: () => {
      // The review starts now: show it at once, then take the server's view of the account.
      const pending = { lvl_2_status: "pending" as const, lvl_2_reason: null };
      useSession.getState().setUserData(pending);
      queryClient.setQueryData<Profile>(sharedKeys.profile, (old) => (old ? { ...old, ...pending } : old));
      void queryClient.invalidateQueries({ queryKey: sharedKeys.profile });
    },
  });
}
