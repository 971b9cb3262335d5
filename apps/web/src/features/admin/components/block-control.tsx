import type { AdminUserDetail } from "@shwe/contracts";
import { useState } from "react";
import { Button } from "../../../components/button.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { toast } from "../../../lib/toast.ts";
import { useBlockPlayer } from "../api/block-player.ts";
import { useErrorToast } from "../hooks/use-error-text.ts";
import { Badge } from "./panel.tsx";
import { ReasonDialog } from "./reason-dialog.tsx";

/** The account's blocked flag and the way to change it, always with a reason. */
export function BlockControl({ player }: { player: AdminUserDetail }) {
  const { t } = useTranslation("admin");
  const [open, setOpen] = useState(false);
  const block = useBlockPlayer();
  const showError = useErrorToast();
  const next = !player.blocked;
  const who = { name: player.name || player.phone };
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="flex items-center gap-2 text-sm">
        <span className="text-muted">{t("player.status")}</span>
        {player.blocked ? <Badge tone="danger">{t("players.blocked")}</Badge> : <Badge tone="win">{t("players.active")}</Badge>}
      </p>
      <Button variant={next ? "danger" : "secondary"} onClick={() => setOpen(true)} disabled={block.isPending}>
        {next ? t("player.block") : t("player.unblock")}
      </Button>
      <ReasonDialog
        open={open}
        onClose={() => setOpen(false)}
        title={next ? t("player.blockTitle") : t("player.unblockTitle")}
        submitLabel={next ? t("player.block") : t("player.unblock")}
        tone={next ? "danger" : "primary"}
        onSubmit={(reason) =>
          block.mutateAsync({ userId: player.id, blocked: next, reason }).then(
            (res) => {
              toast.success(res.blocked ? t("player.blockedToast", who) : t("player.unblockedToast", who));
              setOpen(false);
            },
            (err: unknown) => {
              showError(err);
              setOpen(false);
            },
          )
        }
      >
        {next ? t("player.blockText", who) : t("player.unblockText", who)}
      </ReasonDialog>
    </div>
  );
}
