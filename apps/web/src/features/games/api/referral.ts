import type { ClaimGameReferResponse, MyReferralHistory } from "@shwe/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, newIdempotencyKey } from "../../../lib/api-client.ts";
import { useSession } from "../../../lib/session-store.ts";
import { usePagedList } from "../../../lib/use-paged-list.ts";
import { gamesKeys } from "./query-keys.ts";

/**
 * GET /api/user/my_referral_his[?cursor]: the friends who joined with the player's code and the share
 * each earned, newest first, a page at a time; refer_count and total_earned (on every page) count them all.
 */
export function useReferralHistory() {
  return usePagedList<MyReferralHistory>({
    queryKey: gamesKeys.referralHistory,
    fetchPage: (cursor, signal) => api<MyReferralHistory>("user/my_referral_his", { signal, query: { cursor } }),
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
      void queryClient.invalidateQueries({ queryKey: gamesKeys.referralHistory });
    },
  });
}
