import { lazy, Suspense, useRef } from "react";
import { ApiError, newIdempotencyKey } from "../../../lib/api-client.ts";
import { errorMessage } from "../../../lib/error-message.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { toast } from "../../../lib/toast.ts";
import { claimPocketMoney } from "../api/pocket.ts";
import { usePocketStore } from "../stores/pocket.ts";
import { takeRewardBusy, useRewardBusy } from "../stores/reward-busy.ts";

const POCKET_CODES = new Set(["NO_CAMPAIGN", "ALREADY_CLAIMED", "BUDGET_SPENT"]);

/** A red envelope: pocket money. */
function EnvelopeIcon() {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <rect x="4" y="2" width="16" height="20" rx="2" />
      <path d="M4 7l8 5 8-5" />
      <circle cx="12" cy="14" r="2.5" />
    </svg>
  );
}

/**
 * The Pocket Money button (spec: header of signed-in players): claims today's pocket money once.
 * Disabled, with the Claim button, during its request (the busy flag both share); success updates the balance and opens the win dialog,
 * a refusal shows its message as an error toast. A retry after an answer that never arrived reuses
 * the Idempotency-Key, so it cannot claim twice.
 */
export function PocketButton({ className = "" }: { className?: string }) {
  const { t } = useTranslation("common");
  const signedIn = useSession((s) => Boolean(s.user?.token));
  const busy = useRewardBusy((s) => s.busy);
  const pendingKey = useRef<string | undefined>(undefined);
  if (!signedIn) return null;

  const claim = async () => {
    if (!takeRewardBusy()) return;
    pendingKey.current ??= newIdempotencyKey();
    try {
      const res = await claimPocketMoney(pendingKey.current);
      pendingKey.current = undefined;
      useSession.getState().setUserData({ balance: res.balance });
      usePocketStore.getState().show(res.amount);
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) pendingKey.current = undefined;
      toast.error(err instanceof ApiError && POCKET_CODES.has(err.code) ? t(`pocket.errors.${err.code}`) : errorMessage(err));
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
      title={t("pocket.title")}
      data-testid="pocket-button"
      className={`inline-flex min-h-11 shrink-0 items-center justify-center gap-1.5 rounded-card border border-danger/60 bg-danger/15 px-3 text-sm font-semibold text-text transition-colors hover:bg-danger focus-visible:outline-2 focus-visible:outline-gold disabled:cursor-wait disabled:opacity-60 ${className}`}
    >
      <EnvelopeIcon />
      <span className="whitespace-nowrap">{t("pocket.button")}</span>
    </button>
  );
}

// The dialog downloads the first time a pocket win opens it.
const PocketWinModal = lazy(() => import("./pocket-win-modal.tsx").then((m) => ({ default: m.PocketWinModal })));

/** Where the pocket win dialog lives (once, in the shell's overlays). */
export function PocketWinHost() {
  const open = usePocketStore((s) => s.open);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <PocketWinModal />
    </Suspense>
  );
}
