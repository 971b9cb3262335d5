import { cashOutBodySchema } from "@shwe/contracts";
import { DEFAULT_CASHOUT_MIN, formatAmount, yangonDate } from "@shwe/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { Field, PasswordInput } from "../../../components/field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link } from "../../../lib/router.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { toast } from "../../../lib/toast.ts";
import { BreakNotice, useRunningBreak } from "../../protection/components/break-notice.tsx";
import { sendCashOut } from "../api/cash-requests.ts";
import { useAmountChips, usePaymentMethods } from "../api/payment-methods.ts";
import { walletKeys } from "../api/query-keys.ts";
import { AmountPicker } from "../components/amount-picker.tsx";
import { HistoryList } from "../components/history-list.tsx";
import { LevelGate } from "../components/level-gate.tsx";
import { MethodPicker } from "../components/method-picker.tsx";
import { PageHeader, Step } from "../components/page-header.tsx";
import { useChosenMethod } from "../hooks/use-chosen-method.ts";
import { useWalletErrorText } from "../hooks/use-error-text.ts";
import { useMoneyMutation } from "../hooks/use-money-mutation.ts";
import { amountOf } from "../lib/amount.ts";
import { historyPath } from "../lib/history-path.ts";

interface Errors {
  amount?: string;
  account?: string;
  holder?: string;
  password?: string;
}

const { account_number: accountNumberSchema, holder_name: holderNameSchema } = cashOutBodySchema.shape;

/**
 * /cashout (behind the login guard): method, amount (at least 1,000), the player's own wallet
 * account number and holder name, and the sign-in password. Level 2 is required and said up front.
 * The amount leaves the main balance at once (held until an operator pays it out).
 */
export function CashOutPage() {
  // Cash-out stays open during a break; the notice says so.
  const onBreak = useRunningBreak();
  const { t } = useTranslation("wallet");
  const queryClient = useQueryClient();
  const errorText = useWalletErrorText();
  const level = useSession((s) => s.user?.lvl_2);
  const levelStatus = useSession((s) => s.user?.lvl_2_status);
  const balance = useSession((s) => s.user?.balance ?? 0);
  const setBalance = useSession((s) => s.setBalance);
  const methods = usePaymentMethods("out");
  const chips = useAmountChips("out");
  const { method, pick } = useChosenMethod(methods.data);
  const [amount, setAmount] = useState("");
  const [account, setAccount] = useState("");
  const [holder, setHolder] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [newBalance, setNewBalance] = useState<number>();
  const cashOut = useMoneyMutation(sendCashOut);
  const locked = level !== 2;
  const min = Math.max(DEFAULT_CASHOUT_MIN, method?.min_amount ?? 0);
  const today = yangonDate();

  const edit =
    <K extends keyof Errors>(key: K, set: (v: string) => void) =>
    (v: string) => {
      set(v);
      setNewBalance(undefined);
      setErrors((e) => ({ ...e, [key]: undefined }));
    };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (locked || !method || cashOut.isPending) return;
    const value = amountOf(amount);
    const next: Errors = {};
    if (value === undefined) next.amount = t("validation.amountRequired");
    else if (value < min) next.amount = t("errors.AMOUNT_BELOW_MIN", { amount: formatAmount(min) });
    else if (value > method.max_amount) next.amount = t("errors.AMOUNT_ABOVE_MAX", { amount: formatAmount(method.max_amount) });
    else if (value > balance) next.amount = t("errors.INSUFFICIENT_MAIN");
    const accountNumber = accountNumberSchema.safeParse(account);
    if (!accountNumber.success) next.account = t("validation.accountNumber");
    const holderName = holderNameSchema.safeParse(holder);
    if (!holderName.success) next.holder = t("validation.holderName");
    if (password.length === 0) next.password = t("validation.password");
    setErrors(next);
    if (Object.keys(next).length > 0 || value === undefined || !accountNumber.success || !holderName.success) return;

    cashOut.mutate(
      { payment_method_id: method.id, amount: value, account_number: accountNumber.data, holder_name: holderName.data, password },
      {
        onSuccess: (res) => {
          setBalance(res.balance);
          setNewBalance(res.balance);
          toast.success(t("cashout.sent"));
          setAmount("");
          setPassword("");
          void queryClient.invalidateQueries({ queryKey: walletKeys.historyAll });
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === "WRONG_PASSWORD") setErrors({ password: errorText(err, "cash-out") });
          else toast.error(errorText(err, "cash-out"));
        },
      },
    );
  };

  return (
    <div className="mx-auto w-full max-w-5xl pb-8">
      <PageHeader title={t("cashout.title")}>
        <Link to={historyPath("cashout")} className="text-sm font-semibold text-gold underline-offset-4 hover:underline">
          {t("history.all")}
        </Link>
      </PageHeader>
      <BreakNotice exclusion={onBreak} className="mb-4" />
      {locked ? <LevelGate status={levelStatus} /> : null}
      <form onSubmit={submit} noValidate>
        <fieldset disabled={locked} className="grid grid-cols-1 gap-4 md:grid-cols-2 md:items-start">
          <Step n={1} title={t("cashout.step1")}>
            <MethodPicker
              methods={methods.data}
              loading={methods.isPending}
              value={method?.id}
              onChange={pick}
              label={t("cashout.step1")}
              disabled={locked}
            />
            <div className="mt-4 flex flex-col gap-4">
              <Field
                label={t("cashout.accountNumber")}
                value={account}
                onChange={(event) => edit("account", setAccount)(event.target.value.replace(/[^\d +-]/g, "").slice(0, 30))}
                inputMode="tel"
                autoComplete="off"
                placeholder="09xxxxxxxxx"
                className="tabular"
                hint={method ? t("cashout.accountHint", { name: method.name }) : undefined}
                error={errors.account}
              />
              <Field
                label={t("cashout.holderName")}
                value={holder}
                onChange={(event) => edit("holder", setHolder)(event.target.value.slice(0, 60))}
                autoComplete="name"
                error={errors.holder}
              />
            </div>
          </Step>
          <Step n={2} title={t("cashout.step2")}>
            <div className="flex flex-col gap-4">
              <AmountPicker
                value={amount}
                onChange={edit("amount", setAmount)}
                chips={chips.data ?? []}
                hint={t("cashout.amountHint", { min: formatAmount(min), balance: formatAmount(balance) })}
                error={errors.amount}
                disabled={locked}
              />
              <PasswordInput
                label={t("cashout.password")}
                value={password}
                onChange={(event) => edit("password", setPassword)(event.target.value)}
                autoComplete="current-password"
                hint={t("cashout.passwordHint")}
                error={errors.password}
              />
              <Button type="submit" size="lg" block loading={cashOut.isPending} disabled={locked || !method}>
                {t("cashout.submit")}
              </Button>
              {newBalance !== undefined ? (
                <p role="status" className="rounded-xl border border-win/40 bg-win/10 px-4 py-3 text-sm">
                  {t("cashout.newBalance")}{" "}
                  <span className="tabular font-bold text-win" data-testid="cashout-new-balance">
                    {formatAmount(newBalance)} {t("currency")}
                  </span>
                </p>
              ) : null}
            </div>
          </Step>
        </fieldset>
      </form>
      <section className="mt-6" aria-labelledby="cashout-today">
        <h2 id="cashout-today" className="mb-2 text-base font-semibold">
          {t("cashout.today")}
        </h2>
        <HistoryList kind="cashout" start={today} end={today} />
      </section>
    </div>
  );
}
