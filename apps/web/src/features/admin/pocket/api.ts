import {
  type PocketCampaignBody,
  pocketCampaignClaimsSchema,
  pocketCampaignListSchema,
  pocketCampaignSchema,
  pocketClaimProofSchema,
} from "@shwe/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { adminKeys } from "../api/query-keys.ts";

/** GET /api/admin/pocket/campaigns: the campaigns around today with what each paid out. */
export function usePocketCampaigns() {
  return useQuery({
    queryKey: adminKeys.pocketCampaigns(),
    queryFn: async ({ signal }) => pocketCampaignListSchema.parse(await api<unknown>("admin/pocket/campaigns", { signal })).data,
  });
}

/** PUT /api/admin/pocket/campaigns: create or change a day's campaign (audited). */
export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PocketCampaignBody) =>
      pocketCampaignSchema.parse(await api<unknown>("admin/pocket/campaigns", { method: "PUT", body })),
    onSettled: () => Promise.all([adminKeys.pocket(), adminKeys.auditLog()].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** GET /api/admin/pocket/campaigns/{id}/claims. */
export function useCampaignClaims(campaignId: number | null) {
  return useQuery({
    queryKey: adminKeys.pocketClaims(campaignId),
    queryFn: async ({ signal }) =>
      pocketCampaignClaimsSchema.parse(await api<unknown>(`admin/pocket/campaigns/${campaignId}/claims`, { signal })).data,
    enabled: campaignId !== null,
  });
}

/** GET /api/admin/pocket/claims/{id}/verify: the amount re-derived from the stored seed material. */
export async function verifyPocketClaim(claimId: number) {
  return pocketClaimProofSchema.parse(await api<unknown>(`admin/pocket/claims/${claimId}/verify`));
}
