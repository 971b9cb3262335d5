import type { MyReferralItem } from "@shwe/contracts";
import { formatAmount, formatDisplayDate } from "@shwe/domain";
import { Button } from "../../../components/button.tsx";
import { LoadMore } from "../../../components/load-more.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { errorMessage } from "../../../lib/error-message.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { toast } from "../../../lib/toast.ts";
import { useClaimGameReferral, useReferralHistory } from "../api/referral.ts";

/**
 * The game referral share (game_refer_amt) with its Claim button, and the friends who joined with the
 * player's code. Claim is disabled while its request runs; with nothing to claim the player is told
 * 'Cannot claim less than 0 Game Referr Amount.'
 */
export function ReferralCard() {
  const { t } = useTranslation("games");
  const amount = useSession((s) => s.user?.game_refer_amt ?? 0);
  const claim = useClaimGameReferral();

  const onClaim = () => {
    if (claim.isPending) return;
    if (amount <= 0) {
      toast.warning(t("referral.nothingToClaim"), { toastId: "referral-nothing" });
      return;
    }
    claim.mutate(undefined, {
      onSuccess: (answer) => {
        toast.success(answer.message || t("referral.claimed"));
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 401) return;
        // Nothing left to claim (e.g. already claimed in another tab): the spec's sentence.
        if (err instanceof ApiError && err.code === "NOTHING_TO_CLAIM") toast.error(t("referral.nothingToClaim"));
        else toast.error(errorMessage(err));
      },
    });
  };

  return (
    <section aria-labelledby="referral-card-title" className="rounded-card border border-line bg-surface p-4 shadow-card sm:p-5">
      <h2 id="referral-card-title" className="mb-3 text-base font-semibold text-text">
        {t("referral.title")}
      </h2>
      <div className="flex items-center justify-between gap-3 rounded-xl border border-gold/30 bg-surface-2 px-4 py-3">
        <div className="min-w-0">
          <p className="text-sm text-muted">{t("referral.amount")}</p>
          <p className="tabular text-2xl font-bold text-gold" data-testid="game-refer-amt">
            {formatAmount(amount)} <span className="text-sm font-semibold text-muted">{t("referral.currency")}</span>
          </p>
        </div>
        <Button onClick={onClaim} loading={claim.isPending} className="shrink-0">
          {t("referral.claim")}
        </Button>
      </div>
      <p className="mt-2 text-xs text-muted">{t("referral.explain")}</p>
      <ReferralHistory />
    </section>
  );
}

function ReferralHistory() {
  const { t } = useTranslation("games");
  const history = useReferralHistory();
  return (
    <div className="mt-4 border-t border-line pt-3">
      <div className="mb-2 flex items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-text">{t("referral.friends")}</h3>
        {history.firstPage ? (
          <p className="tabular text-xs text-muted">
            {t("referral.totalEarned", { amount: formatAmount(history.firstPage.total_earned) })}
          </p>
        ) : null}
      </div>
      {history.isPending ? (
        <ul className="flex flex-col gap-2" aria-busy="true">
          {[0, 1].map((i) => (
            <li key={i}>
              <Skeleton className="h-14" />
            </li>
          ))}
        </ul>
      ) : history.isError ? (
        <div className="flex items-center justify-between gap-2 text-sm text-muted">
          <p>{t("referral.loadFailed")}</p>
          <Button variant="ghost" onClick={history.refetch}>
            {t("retry")}
          </Button>
        </div>
      ) : !history.rows || history.rows.length === 0 ? (
        <p className="rounded-xl bg-surface-2/60 px-3 py-3 text-sm text-muted">{t("referral.noFriends")}</p>
      ) : (
        <div className="flex max-h-80 flex-col gap-2 overflow-y-auto">
          <ul className="flex flex-col gap-1.5">
            {history.rows.map((friend) => (
              <FriendRow key={friend.id} friend={friend} />
            ))}
          </ul>
          <LoadMore list={history} />
        </div>
      )}
    </div>
  );
}

function FriendRow({ friend }: { friend: MyReferralItem }) {
  const { t } = useTranslation("games");
  return (
    <li className="flex items-center justify-between gap-3 rounded-xl bg-surface-2/60 px-3 py-2">
      <div className="min-w-0">
        <p className="tabular truncate text-sm font-semibold text-text">{friend.phone}</p>
        <p className="tabular text-xs text-muted">{t("referral.joined", { date: formatDisplayDate(friend.joined_at) })}</p>
      </div>
      <p className="tabular shrink-0 text-sm font-semibold text-win">{formatAmount(friend.share_earned)}</p>
    </li>
  );
}
