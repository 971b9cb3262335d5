import type { AdminCashRequest } from "@shwe/contracts";
import { formatAmount, formatDisplayDateTime } from "@shwe/domain";
import { useState } from "react";
import { Button } from "../../../components/button.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { toast } from "../../../lib/toast.ts";
import { useApproveCashRequest } from "../api/approve-cash-request.ts";
import { useRejectCashRequest } from "../api/reject-cash-request.ts";
import { useErrorToast } from "../hooks/use-error-text.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { Money } from "./money.tsx";
import { Badge } from "./panel.tsx";
import { ReasonDialog } from "./reason-dialog.tsx";

const statusTone = { pending: "warn", approved: "win", rejected: "danger" } as const;

/** One cash request of a queue: who, how much, the proof to check, and (pending) approve or reject. */
export function CashRequestRow({ request: r }: { request: AdminCashRequest }) {
  const { t } = useTranslation("admin");
  const [dialog, setDialog] = useState<"approve" | "reject" | null>(null);
  const approve = useApproveCashRequest();
  const reject = useRejectCashRequest();
  const showError = useErrorToast();
  const me = useSession((s) => s.user?.id);
  const kind = r.kind === "in" ? "cashIn" : "cashOut";
  // Above the threshold one operator's approval is a first sign-off; a different operator applies it.
  const awaitingSecond = r.status === "pending" && r.first_approved_by !== null;
  const signedByMe = awaitingSecond && r.first_approved_by === me;
  const who = { name: r.name || r.phone, phone: r.phone, amount: formatAmount(r.amount), method: r.payment_method };

  const onApprove = () =>
    approve.mutateAsync(r.id).then(
      (answer) => {
        if (answer.status === "awaiting_second_approval") toast.warning(t("cash.firstApproval", { id: r.id }));
        else toast.success(t(`${kind}.approved`, { id: r.id }));
        setDialog(null);
      },
      (err: unknown) => {
        showError(err);
        setDialog(null);
      },
    );
  const onReject = (reason: string) =>
    reject.mutateAsync({ id: r.id, reason }).then(
      () => {
        toast.success(t(`${kind}.rejected`, { id: r.id }));
        setDialog(null);
      },
      (err: unknown) => {
        showError(err);
        setDialog(null);
      },
    );

  return (
    <li className="rounded-card border border-line bg-surface p-4 shadow-card">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)_minmax(0,1.2fr)_minmax(0,1fr)_auto] lg:items-center lg:gap-4">
        <div className="min-w-0">
          <Money value={r.amount} className="text-lg font-bold text-gold" />
          <p className="mt-0.5 flex flex-wrap items-center gap-1.5 text-xs text-muted">
            <Badge>{r.payment_method}</Badge>
            <span className="tabular">#{r.id}</span>
          </p>
        </div>
        <div className="min-w-0">
          <p className="truncate font-semibold">{r.name || r.phone}</p>
          <p className="tabular text-sm text-muted">{r.phone}</p>
        </div>
        <dl className="min-w-0 text-sm">
          {r.kind === "in" ? (
            <>
              <dt className="text-xs text-muted">{t("cash.lastSix")}</dt>
              <dd className="tabular font-mono text-base font-bold tracking-widest">{r.last_six_digits ?? "—"}</dd>
              {r.promo_code ? (
                <dd className="mt-0.5 text-xs text-muted">
                  {t("cash.promo")}: <span className="font-semibold text-text">{r.promo_code}</span>
                </dd>
              ) : null}
            </>
          ) : (
            <>
              <dt className="text-xs text-muted">{t("cash.account")}</dt>
              <dd className="tabular font-mono font-bold break-all">{r.account_number ?? "—"}</dd>
              <dd className="truncate text-muted">{r.holder_name ?? "—"}</dd>
            </>
          )}
        </dl>
        <div className="min-w-0 text-sm">
          <p className="tabular text-muted">
            <span className="sr-only">{t("cash.created")} </span>
            {formatDisplayDateTime(r.created_at)}
          </p>
          {r.status !== "pending" ? (
            <div className="mt-1 space-y-0.5">
              <Badge tone={statusTone[r.status]}>{t(`status.${r.status}`)}</Badge>
              {r.decided_at ? <p className="tabular text-xs text-muted">{formatDisplayDateTime(r.decided_at)}</p> : null}
              {r.reason ? <p className="text-xs break-words text-muted">{t("cash.reason", { reason: r.reason })}</p> : null}
            </div>
          ) : null}
          {awaitingSecond ? (
            <div className="mt-1 space-y-0.5">
              <Badge tone="warn">{t("cash.needsSecond")}</Badge>
              <p className="text-xs text-muted">
                {signedByMe ? t("cash.signedByYou") : t("cash.signedBy", { operator: r.first_approved_by ?? "" })}
              </p>
            </div>
          ) : null}
        </div>
        {r.status === "pending" ? (
          <div className="grid grid-cols-2 gap-2 sm:col-span-2 lg:col-span-1 lg:flex">
            <Button onClick={() => setDialog("approve")} disabled={signedByMe || approve.isPending || reject.isPending}>
              {t("actions.approve")}
            </Button>
            <Button variant="secondary" onClick={() => setDialog("reject")} disabled={approve.isPending || reject.isPending}>
              {t("actions.reject")}
            </Button>
          </div>
        ) : null}
      </div>

      <ConfirmDialog
        open={dialog === "approve"}
        onClose={() => setDialog(null)}
        title={t(`${kind}.approveTitle`, { id: r.id })}
        confirmLabel={t("actions.approve")}
        onConfirm={onApprove}
      >
        {r.kind === "in" ? (
          <>
            <p>{t("cashIn.approveText", { ...who, digits: r.last_six_digits ?? "—" })}</p>
            {r.promo_code ? <p className="mt-2">{t("cashIn.approvePromo", { code: r.promo_code })}</p> : null}
          </>
        ) : (
          <p>{t("cashOut.approveText", { ...who, account: r.account_number ?? "—", holder: r.holder_name ?? "—" })}</p>
        )}
      </ConfirmDialog>

      <ReasonDialog
        open={dialog === "reject"}
        onClose={() => setDialog(null)}
        title={t(`${kind}.rejectTitle`, { id: r.id })}
        submitLabel={t("actions.reject")}
        onSubmit={onReject}
      >
        {t(`${kind}.rejectText`, who)}
      </ReasonDialog>
    </li>
  );
}
