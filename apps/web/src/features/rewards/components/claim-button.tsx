import { formatAmount, formatFloor } from "@shwe/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { ApiError, newIdempotencyKey } from "../../../lib/api-client.ts";
import { errorMessage } from "../../../lib/error-message.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { toast } from "../../../lib/toast.ts";
import { claimPromotion, usePromoMaintain } from "../api/claim.ts";
import { rewardKeys } from "../api/query-keys.ts";
import { takeRewardBusy, useRewardBusy } from "../stores/reward-busy.ts";

/** A gift box: the claimable (promotion) balance. */
function GiftIcon({ size = 18 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M12 8v13M19 12v7a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-7M7.5 8a2.5 2.5 0 0 1 0-5C11 3 12 8 12 8s1-5 4.5-5a2.5 2.5 0 0 1 0 5" />
    </svg>
  );
}

/**
 * The Claim button (spec: desktop header and the signed-in menu): shows floor(p_balance) and moves
 * it to the main balance. Shown only while the maintenance flag is '0'; disabled, with Pocket Money, during its request
 * (busy flag). Success and failure show as toasts in the player's language (the amount claimed; the
 * refusal's code translated, else the server's message). A retry
 * after an answer that never arrived reuses the same Idempotency-Key, so it cannot claim twice.
 */
export function ClaimButton({ className = "" }: { className?: string }) {
  const { t } = useTranslation("common");
  const signedIn = useSession((s) => Boolean(s.user?.token));
  const pBalance = useSession((s) => s.user?.p_balance ?? 0);
  const maintain = usePromoMaintain(signedIn);
  const queryClient = useQueryClient();
  const busy = useRewardBusy((s) => s.busy);
  const pendingKey = useRef<string | undefined>(undefined);
  if (!signedIn || maintain.data !== "0") return null;

  const claim = async () => {
    if (!takeRewardBusy()) return;
    pendingKey.current ??= newIdempotencyKey();
    try {
      const res = await claimPromotion(pendingKey.current);
      pendingKey.current = undefined;
      useSession.getState().setUserData({ balance: res.balance, p_balance: res.p_balance });
      toast.success(t("rewards.claimed", { amount: formatAmount(res.amount) }));
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) pendingKey.current = undefined;
      toast.error(errorMessage(err));
      // Claiming may have been closed meanwhile: ask again.
      if (err instanceof ApiError && err.code === "CLAIM_MAINTENANCE")
        void queryClient.invalidateQueries({ queryKey: rewardKeys.promoMaintain });
    } finally {
      useRewardBusy.setState({ busy: false });
    }
  };

  return (
    <button
      type="button"
      onClick={() => void claim()}
      disabled={busy}
      aria-busy={busy || undefined}
      title={t("rewards.claimTitle")}
      className={`inline-flex min-h-11 shrink-0 items-center justify-center gap-1.5 rounded-card border border-gold/50 bg-gold/10 px-3 text-sm font-semibold text-gold transition-colors hover:bg-gold hover:text-bg focus-visible:outline-2 focus-visible:outline-gold disabled:cursor-wait disabled:opacity-60 ${className}`}
    >
      <GiftIcon />
      <span>{t("rewards.claim")}</span>
      <span className="tabular" data-testid="claim-amount">
        {formatFloor(pBalance)}
      </span>
    </button>
  );
}
