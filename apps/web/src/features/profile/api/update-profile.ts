import { type Profile, profileSchema, profileUpdateBodySchema } from "@shwe/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { sharedKeys } from "../../../lib/query-keys.ts";
import { useSession } from "../../../lib/session-store.ts";

/** POST /api/user/profile_update with JSON {name}: a new display name. */
export async function updateName(name: string): Promise<Profile> {
  const data = await api<unknown>("user/profile_update", { method: "POST", body: profileUpdateBodySchema.parse({ name }) });
  return profileSchema.parse(data);
}

/** POST /api/user/profile_update as multipart with the field `image`: a new profile picture. */
export async function updateAvatar(image: File): Promise<Profile> {
  const form = new FormData();
  form.append("image", image);
  const data = await api<unknown>("user/profile_update", { method: "POST", body: form });
  return profileSchema.parse(data);
}

/** Puts the answered profile into the query cache and the stored session at once. */
function useApplyProfile() {
  const queryClient = useQueryClient();
  return (profile: Profile) => {
    queryClient.setQueryData(sharedKeys.profile, profile);
    useSession.getState().setUserData(profile);
  };
}

export function useUpdateName() {
  const apply = useApplyProfile();
  return useMutation({ mutationFn: updateName, onSuccess: apply });
}

export function useUpdateAvatar() {
  const apply = useApplyProfile();
  return useMutation({ mutationFn: updateAvatar, onSuccess: apply });
}
