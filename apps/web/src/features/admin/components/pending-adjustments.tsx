import type { Adjustment } from "@shwe/contracts";
import { formatAmount, formatDisplayDateTime } from "@shwe/domain";
import { useState } from "react";
import { Button } from "../../../components/button.tsx";
import { adminPaths } from "../../../config/console-paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link } from "../../../lib/router.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { toast } from "../../../lib/toast.ts";
import { usePendingAdjustments } from "../api/adjustments.ts";
import { useConfirmAdjustment } from "../api/confirm-adjustment.ts";
import { useRejectAdjustment } from "../api/reject-adjustment.ts";
import { useErrorToast } from "../hooks/use-error-text.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { Money } from "./money.tsx";
import { Panel } from "./panel.tsx";
import { LoadError } from "./query-state.tsx";
import { ReasonDialog } from "./reason-dialog.tsx";

/** Adjustments above the threshold, waiting for a second operator: confirm (applies it) or reject. */
export function PendingAdjustments({ userId }: { userId?: number }) {
  const { t } = useTranslation("admin");
  const list = usePendingAdjustments();
  const rows = (list.data ?? []).filter((a) => userId === undefined || a.user_id === userId);
  // Shown only when something waits (or the list failed): no panel flashes in and out while loading.
  if (list.isPending || (list.isSuccess && rows.length === 0)) return null;
  return (
    <Panel title={t("adjustments.pendingTitle")} className="mb-4 border-warn/40">
      <p className="mb-3 text-sm text-muted">{t("adjustments.pendingText")}</p>
      {list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <ul className="space-y-2">
          {rows.map((a) => (
            <PendingAdjustmentRow key={a.id} adjustment={a} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

function PendingAdjustmentRow({ adjustment: a }: { adjustment: Adjustment }) {
  const { t } = useTranslation("admin");
  const myId = useSession((s) => s.user?.id);
  const [dialog, setDialog] = useState<"confirm" | "reject" | null>(null);
  const confirm = useConfirmAdjustment();
  const reject = useRejectAdjustment();
  const showError = useErrorToast();
  const mine = a.requested_by === myId;
  const who = { name: a.name || a.phone, phone: a.phone, amount: formatAmount(Math.abs(a.amount)) };
  const settle = (promise: Promise<unknown>, success: string) =>
    promise.then(
      () => {
        toast.success(success);
        setDialog(null);
      },
      (err: unknown) => {
        showError(err);
        setDialog(null);
      },
    );

  return (
    <li className="grid gap-2 rounded-card border border-line bg-surface-2 p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
      <div className="min-w-0 text-sm">
        <p className="flex flex-wrap items-baseline gap-x-3">
          <Money value={a.amount} signed className={`text-base font-bold ${a.amount > 0 ? "text-win" : "text-danger"}`} />
          <Link to={adminPaths.player(a.user_id)} className="font-semibold hover:text-gold hover:underline">
            {a.name || a.phone}
          </Link>
          <span className="tabular text-muted">{a.phone}</span>
        </p>
        <p className="break-words">{a.reason}</p>
        <p className="tabular text-xs text-muted">
          {t("adjustments.requestedBy", { who: mine ? t("adjustments.you") : a.requested_by_name })} · {formatDisplayDateTime(a.created_at)}
        </p>
        {mine ? <p className="text-xs text-warn">{t("adjustments.notYours")}</p> : null}
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <Button onClick={() => setDialog("confirm")} disabled={mine || confirm.isPending || reject.isPending}>
          {t("actions.confirm")}
        </Button>
        <Button variant="secondary" onClick={() => setDialog("reject")} disabled={confirm.isPending || reject.isPending}>
          {t("actions.reject")}
        </Button>
      </div>

      <ConfirmDialog
        open={dialog === "confirm"}
        onClose={() => setDialog(null)}
        title={t("adjustments.confirmTitle")}
        confirmLabel={t("actions.confirm")}
        onConfirm={() => settle(confirm.mutateAsync(a.id), t("adjustments.confirmed", who))}
      >
        <p>{t(a.amount > 0 ? "adjustments.confirmAdd" : "adjustments.confirmDeduct", who)}</p>
        <p className="mt-2">{t("adjustments.reasonLine", { reason: a.reason })}</p>
      </ConfirmDialog>
      <ReasonDialog
        open={dialog === "reject"}
        onClose={() => setDialog(null)}
        title={t("adjustments.rejectTitle")}
        submitLabel={t("actions.reject")}
        required={false}
        onSubmit={(reason) => settle(reject.mutateAsync({ id: a.id, reason }), t("adjustments.rejectedToast", who))}
      >
        {t("adjustments.rejectText", who)}
      </ReasonDialog>
    </li>
  );
}
