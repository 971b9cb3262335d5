import { formatAmount, isLastSixDigits, normalizePromoCode, yangonDate } from "@shwe/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { Field } from "../../../components/field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { clockNow } from "../../../lib/render-clock.ts";
import { Link } from "../../../lib/router.tsx";
import { toast } from "../../../lib/toast.ts";
import { BreakNotice, useRunningBreak } from "../../protection/components/break-notice.tsx";
import { sendCashIn } from "../api/cash-requests.ts";
import { useAmountChips, usePaymentMethods } from "../api/payment-methods.ts";
import { walletKeys } from "../api/query-keys.ts";
import { AccountDetails } from "../components/account-details.tsx";
import { AmountPicker } from "../components/amount-picker.tsx";
import { HistoryList } from "../components/history-list.tsx";
import { MethodPicker } from "../components/method-picker.tsx";
import { PageHeader, Step } from "../components/page-header.tsx";
import { useChosenMethod } from "../hooks/use-chosen-method.ts";
import { useWalletErrorText } from "../hooks/use-error-text.ts";
import { useMoneyMutation } from "../hooks/use-money-mutation.ts";
import { amountOf } from "../lib/amount.ts";
import { historyPath } from "../lib/history-path.ts";

interface Errors {
  amount?: string;
  lastSix?: string;
  promo?: string;
}

/**
 * /cashin (behind the login guard): the player picks a wallet, sends the money to the account shown
 * (copy button, QR), then files the request with the amount, the last six digits of the wallet
 * transaction and an optional promo code. The request shows as pending in today's list below.
 */
export function CashInPage() {
  const { t } = useTranslation("wallet");
  const queryClient = useQueryClient();
  const errorText = useWalletErrorText();
  const methods = usePaymentMethods("in");
  const chips = useAmountChips("in");
  const { method, pick } = useChosenMethod(methods.data);
  const [amount, setAmount] = useState("");
  const [lastSix, setLastSix] = useState("");
  const [promo, setPromo] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const cashIn = useMoneyMutation(sendCashIn);
  const today = yangonDate(clockNow());
  const onBreak = useRunningBreak();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!method || cashIn.isPending || onBreak) return;
    const value = amountOf(amount);
    const next: Errors = {};
    if (value === undefined) next.amount = t("validation.amountRequired");
    else if (value < method.min_amount) next.amount = t("errors.AMOUNT_BELOW_MIN", { amount: formatAmount(method.min_amount) });
    else if (value > method.max_amount) next.amount = t("errors.AMOUNT_ABOVE_MAX", { amount: formatAmount(method.max_amount) });
    // The server's rules (packages/domain text-fields.ts, the contracts' schemas are built from them).
    if (!isLastSixDigits(lastSix)) next.lastSix = t("validation.lastSix");
    const promoTyped = promo.trim();
    const promoCode = promoTyped ? normalizePromoCode(promoTyped) : undefined;
    if (promoTyped && promoCode === undefined) next.promo = t("validation.promo");
    setErrors(next);
    if (Object.keys(next).length > 0 || value === undefined) return;

    const body = {
      payment_method_id: method.id,
      amount: value,
      last_six_digits: lastSix,
      ...(promoCode ? { promo_code: promoCode } : {}),
    };
    cashIn.mutate(body, {
      onSuccess: () => {
        toast.success(t("cashin.sent"));
        setAmount("");
        setLastSix("");
        setPromo("");
        void queryClient.invalidateQueries({ queryKey: walletKeys.historyAll });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === "INVALID_PROMO_CODE") setErrors({ promo: errorText(err, "cash-in") });
        else toast.error(errorText(err, "cash-in"));
      },
    });
  };

  return (
    <div className="mx-auto w-full max-w-5xl pb-8">
      <PageHeader title={t("cashin.title")}>
        <Link to={historyPath("cashin")} className="text-sm font-semibold text-gold underline-offset-4 hover:underline">
          {t("history.all")}
        </Link>
      </PageHeader>
      <BreakNotice exclusion={onBreak} className="mb-4" />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 md:items-start">
        <Step n={1} title={t("cashin.step1")}>
          <MethodPicker methods={methods.data} loading={methods.isPending} value={method?.id} onChange={pick} label={t("cashin.step1")} />
          {method ? (
            <div className="mt-4">
              <p className="mb-2 text-sm text-muted">{t("cashin.instructions", { name: method.name })}</p>
              <AccountDetails method={method} />
            </div>
          ) : null}
        </Step>
        <form onSubmit={submit} noValidate>
          <Step n={2} title={t("cashin.step2")}>
            <fieldset disabled={!method || onBreak !== null} className="flex flex-col gap-4">
              <AmountPicker
                value={amount}
                onChange={(v) => {
                  setAmount(v);
                  setErrors((e) => ({ ...e, amount: undefined }));
                }}
                chips={chips.data ?? []}
                hint={method ? t("form.limits", { min: formatAmount(method.min_amount), max: formatAmount(method.max_amount) }) : undefined}
                error={errors.amount}
              />
              <Field
                label={t("cashin.lastSix")}
                value={lastSix}
                onChange={(event) => {
                  setLastSix(event.target.value.replace(/\D/g, "").slice(0, 6));
                  setErrors((e) => ({ ...e, lastSix: undefined }));
                }}
                inputMode="numeric"
                pattern="[0-9]*"
                maxLength={6}
                autoComplete="off"
                placeholder="••••••"
                className="tabular"
                hint={t("cashin.lastSixHint")}
                error={errors.lastSix}
              />
              <Field
                label={t("cashin.promo")}
                value={promo}
                onChange={(event) => {
                  setPromo(event.target.value.toUpperCase());
                  setErrors((e) => ({ ...e, promo: undefined }));
                }}
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                maxLength={32}
                hint={t("cashin.promoHint")}
                error={errors.promo}
              />
              <Button type="submit" size="lg" block loading={cashIn.isPending}>
                {t("cashin.submit")}
              </Button>
            </fieldset>
          </Step>
        </form>
      </div>
      <section className="mt-6" aria-labelledby="cashin-today">
        <h2 id="cashin-today" className="mb-2 text-base font-semibold">
          {t("cashin.today")}
        </h2>
        <HistoryList kind="cashin" start={today} end={today} />
      </section>
    </div>
  );
}
