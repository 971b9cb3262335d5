import type { ReactNode } from "react";
import { Button, type ButtonVariant } from "../../../components/button.tsx";
import { PopupBox } from "../../../components/popup-box.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useBusy } from "../hooks/use-busy.ts";

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What will happen, in plain words. */
  children: ReactNode;
  confirmLabel: string;
  tone?: ButtonVariant;
  /** The decision; the dialog stays busy (and deaf to more clicks) until it settles. */
  onConfirm: () => Promise<unknown>;
}

/** "Are you sure?" for a decision that cannot be undone; one click sends it once. */
export function ConfirmDialog({ open, onClose, title, children, confirmLabel, tone = "primary", onConfirm }: ConfirmDialogProps) {
  const { t } = useTranslation("admin");
  const [busy, run] = useBusy();
  return (
    <PopupBox open={open} onClose={busy ? () => undefined : onClose} title={title} size="md">
      <div className="space-y-4">
        <div className="text-sm leading-relaxed text-muted">{children}</div>
        <div className="grid grid-cols-2 gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t("actions.cancel")}
          </Button>
          <Button variant={tone} loading={busy} onClick={() => void run(onConfirm)}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </PopupBox>
  );
}
