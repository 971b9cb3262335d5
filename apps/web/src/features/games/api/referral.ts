import type { ClaimGameReferResponse, MyReferralHistory } from "@shwe/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, newIdempotencyKey } from "../../../lib/api-client.ts";
import { useSession } from "../../../lib/session-store.ts";

export const referralHistoryKey = ["user", "referral-history"] as const;

/** GET /api/user/my_referral_his: the friends who joined with the player's code and the share each earned. */
export function useReferralHistory() {
  return useQuery({
    queryKey: referralHistoryKey,
    queryFn: ({ signal }) => api<MyReferralHistory>("user/my_referral_his", { signal }),
    staleTime: 0,
  });
}

/**
 * POST /api/user/claim_game_refer_amt: the whole referral share moves to the main balance. The
 * answer's balances go straight into the session (the header updates at once).
 */
export function useClaimGameReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<ClaimGameReferResponse>("user/claim_game_refer_amt", { method: "POST", body: {}, idempotencyKey: newIdempotencyKey() }),
    onSuccess: (answer) => {
      useSession.getState().setUserData({ balance: answer.balance, game_refer_amt: answer.game_refer_amt });
      void queryClient.invalidateQueries({ queryKey: referralHistoryKey });
    },
  });
}
