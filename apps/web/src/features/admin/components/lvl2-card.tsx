import type { AdminLvl2Upload } from "@shwe/contracts";
import { formatDisplayDateTime } from "@shwe/domain";
import { useState } from "react";
import { Button } from "../../../components/button.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { toast } from "../../../lib/toast.ts";
import { useDecideLvl2 } from "../api/decide-lvl2.ts";
import { useErrorToast } from "../hooks/use-error-text.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { Lvl2Image } from "./lvl2-image.tsx";
import { Badge } from "./panel.tsx";
import { ReasonDialog } from "./reason-dialog.tsx";

const statusTone = { pending: "warn", approved: "win", rejected: "danger" } as const;

/** One level-2 upload: the image, whose it is, and (pending) approve or reject with a reason. */
export function Lvl2Card({ upload: u }: { upload: AdminLvl2Upload }) {
  const { t } = useTranslation("admin");
  const [dialog, setDialog] = useState<"approve" | "reject" | null>(null);
  const decide = useDecideLvl2();
  const showError = useErrorToast();
  const who = { name: u.name || u.phone, phone: u.phone };

  const send = (decision: "approve" | "reject", reason?: string) =>
    decide.mutateAsync({ userId: u.user_id, uploadId: u.id, decision, reason }).then(
      () => {
        toast.success(t(decision === "approve" ? "lvl2.approved" : "lvl2.rejected", who));
        setDialog(null);
      },
      (err: unknown) => {
        showError(err);
        setDialog(null);
      },
    );

  return (
    <li className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-card">
      <Lvl2Image uploadId={u.id} alt={t("lvl2.imageAlt", who)} deferred={u.status !== "pending"} />
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-semibold">{u.name || u.phone}</p>
          <p className="tabular text-sm text-muted">{u.phone}</p>
        </div>
        <div className="text-right text-sm">
          <p className="tabular text-muted">{formatDisplayDateTime(u.created_at)}</p>
          {u.status !== "pending" ? <Badge tone={statusTone[u.status]}>{t(`status.${u.status}`)}</Badge> : null}
        </div>
      </div>
      {u.reason ? <p className="text-sm break-words text-muted">{t("cash.reason", { reason: u.reason })}</p> : null}
      {u.status === "pending" ? (
        <div className="mt-auto grid grid-cols-2 gap-2">
          <Button onClick={() => setDialog("approve")} disabled={decide.isPending}>
            {t("actions.approve")}
          </Button>
          <Button variant="secondary" onClick={() => setDialog("reject")} disabled={decide.isPending}>
            {t("actions.reject")}
          </Button>
        </div>
      ) : null}

      <ConfirmDialog
        open={dialog === "approve"}
        onClose={() => setDialog(null)}
        title={t("lvl2.approveTitle")}
        confirmLabel={t("actions.approve")}
        onConfirm={() => send("approve")}
      >
        {t("lvl2.approveText", who)}
      </ConfirmDialog>
      <ReasonDialog
        open={dialog === "reject"}
        onClose={() => setDialog(null)}
        title={t("lvl2.rejectTitle")}
        submitLabel={t("actions.reject")}
        onSubmit={(reason) => send("reject", reason)}
      >
        {t("lvl2.rejectText", who)}
      </ReasonDialog>
    </li>
  );
}
