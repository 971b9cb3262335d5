import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { Button, type ButtonVariant } from "../../../components/button.tsx";
import { PopupBox } from "../../../components/popup-box.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useBusy } from "../hooks/use-busy.ts";
import { TextArea } from "./fields.tsx";

export const REASON_MAX = 500;

export interface ReasonDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What will happen, in plain words. */
  children?: ReactNode;
  label?: string;
  submitLabel: string;
  tone?: ButtonVariant;
  /** A reason is required (default); when false it may be left empty. */
  required?: boolean;
  /** Sends the decision with the trimmed reason; the dialog stays busy until it settles. */
  onSubmit: (reason: string) => Promise<unknown>;
}

/** A decision that needs a reason (rejections, blocking): nothing is sent until a reason is written. */
export function ReasonDialog({
  open,
  onClose,
  title,
  children,
  label,
  submitLabel,
  tone = "danger",
  required = true,
  onSubmit,
}: ReasonDialogProps) {
  const { t } = useTranslation("admin");
  const [busy, run] = useBusy();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (open) {
      setReason("");
      setError(undefined);
    }
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (required && !text) {
      setError(t("reason.required"));
      return;
    }
    void run(() => onSubmit(text));
  };

  return (
    <PopupBox open={open} onClose={busy ? () => undefined : onClose} title={title} size="md">
      <form className="space-y-4" onSubmit={submit} noValidate>
        {children ? <div className="text-sm leading-relaxed text-muted">{children}</div> : null}
        <TextArea
          label={label ?? (required ? t("reason.label") : t("reason.optionalLabel"))}
          value={reason}
          maxLength={REASON_MAX}
          onChange={(e) => {
            setReason(e.target.value);
            if (error) setError(undefined);
          }}
          error={error}
          hint={t("reason.hint", { max: REASON_MAX })}
          disabled={busy}
        />
        <div className="grid grid-cols-2 gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t("actions.cancel")}
          </Button>
          <Button type="submit" variant={tone} loading={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </PopupBox>
  );
}
