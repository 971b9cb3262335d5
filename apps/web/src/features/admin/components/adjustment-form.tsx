import type { AdminUserDetail } from "@shwe/contracts";
import { DEFAULT_ADJUST_THRESHOLD, formatAmount, MAX_AMOUNT, needsSecondOperator } from "@shwe/domain";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { toast } from "../../../lib/toast.ts";
import { useAdjustBalance } from "../api/adjust-balance.ts";
import { useBusy } from "../hooks/use-busy.ts";
import { useErrorToast } from "../hooks/use-error-text.ts";
import { TextArea, TextField } from "./fields.tsx";
import { REASON_MAX } from "./reason-dialog.tsx";

type Sign = "add" | "deduct";

/** Whole kyat typed with or without separators ("50,000" → 50000); undefined unless 1 … 10,000,000,000. */
export function parseAmount(text: string): number | undefined {
  const digits = text.replace(/[\s,]/g, "");
  if (!/^\d{1,11}$/.test(digits)) return undefined;
  const n = Number(digits);
  return n >= 1 && n <= MAX_AMOUNT ? n : undefined;
}

/**
 * A signed adjustment of the player's main balance with a reason, and a plain summary of what will
 * happen before it is sent: applied at once, or (above the threshold) waiting for another operator.
 */
export function AdjustmentForm({ player }: { player: AdminUserDetail }) {
  const { t } = useTranslation("admin");
  const adjust = useAdjustBalance();
  const showError = useErrorToast();
  const [busy, run] = useBusy();
  const [sign, setSign] = useState<Sign>("add");
  const [amountText, setAmountText] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});

  const amount = parseAmount(amountText);
  const signed = amount === undefined ? undefined : sign === "add" ? amount : -amount;
  const after = signed === undefined ? undefined : player.balance + signed;
  const needsSecond = signed !== undefined && needsSecondOperator(signed, DEFAULT_ADJUST_THRESHOLD);
  const belowZero = after !== undefined && after < 0;
  const vars = {
    name: player.name || player.phone,
    amount: amount === undefined ? "" : formatAmount(amount),
    before: formatAmount(player.balance),
    after: after === undefined ? "" : formatAmount(after),
    threshold: formatAmount(DEFAULT_ADJUST_THRESHOLD),
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (signed === undefined) next.amount = t("adjust.amountInvalid");
    if (!reason.trim()) next.reason = t("reason.required");
    setErrors(next);
    if (signed === undefined || next.reason || belowZero) return;
    void run(() =>
      adjust.mutateAsync({ userId: player.id, amount: signed, reason: reason.trim() }).then((res) => {
        if (res.status === "applied") toast.success(t("adjust.applied", { balance: formatAmount(res.balance) }));
        else toast.info(t("adjust.pending"));
        setAmountText("");
        setReason("");
      }, showError),
    );
  };

  const segment = (value: Sign) =>
    `flex min-h-11 flex-1 items-center justify-center rounded-lg px-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-gold ${
      sign === value ? (value === "add" ? "bg-win text-bg" : "bg-danger text-bg") : "text-muted hover:bg-surface-2 hover:text-text"
    }`;

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t("adjust.title")}>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-muted">{t("adjust.direction")}</legend>
        <div className="flex gap-1 rounded-card border border-line bg-surface-2 p-1">
          {(["add", "deduct"] as const).map((value) => (
            <label
              key={value}
              className={`${segment(value)} cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold`}
            >
              <input
                type="radio"
                name="adjust-sign"
                value={value}
                checked={sign === value}
                onChange={() => setSign(value)}
                className="sr-only"
              />
              {value === "add" ? `+ ${t("adjust.add")}` : `− ${t("adjust.deduct")}`}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={t("adjust.amount")}
        inputMode="numeric"
        autoComplete="off"
        value={amountText}
        onChange={(e) => {
          setAmountText(e.target.value);
          if (errors.amount) setErrors((x) => ({ ...x, amount: undefined }));
        }}
        error={errors.amount}
        hint={t("adjust.amountHint")}
        className="tabular"
      />
      <TextArea
        label={t("reason.label")}
        value={reason}
        maxLength={REASON_MAX}
        onChange={(e) => {
          setReason(e.target.value);
          if (errors.reason) setErrors((x) => ({ ...x, reason: undefined }));
        }}
        error={errors.reason}
        hint={t("adjust.reasonHint")}
      />
      <div
        aria-live="polite"
        data-testid="adjust-summary"
        className={`rounded-card border p-3 text-sm leading-relaxed ${
          belowZero ? "border-danger/50 bg-danger/10" : needsSecond ? "border-warn/50 bg-warn/10" : "border-line bg-surface-2"
        }`}
      >
        {signed === undefined ? (
          <p className="text-muted">{t("adjust.summaryEmpty")}</p>
        ) : (
          <>
            <p className="font-semibold">{t(sign === "add" ? "adjust.summaryAdd" : "adjust.summaryDeduct", vars)}</p>
            {belowZero ? (
              <p className="mt-1 text-danger">{t("adjust.belowZero", vars)}</p>
            ) : needsSecond ? (
              <p className="mt-1">{t("adjust.summarySecond", vars)}</p>
            ) : (
              <p className="tabular mt-1">{t("adjust.summaryNow", vars)}</p>
            )}
          </>
        )}
      </div>
      <Button type="submit" block variant={sign === "add" ? "primary" : "danger"} loading={busy} disabled={belowZero}>
        {amount === undefined ? t("adjust.submit") : t(sign === "add" ? "adjust.submitAdd" : "adjust.submitDeduct", vars)}
      </Button>
    </form>
  );
}
