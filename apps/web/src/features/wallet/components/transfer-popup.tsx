import { DEFAULT_TURNOVER_GAME_LIMIT, formatAmount } from "@shwe/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { PopupBox } from "../../../components/popup-box.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { toast } from "../../../lib/toast.ts";
import { BreakNotice, useRunningBreak } from "../../protection/components/break-notice.tsx";
import { refreshProfile } from "../../session/api/profile.ts";
import { type TransferDirection, useTransferPopup } from "../../session/stores/transfer-popup.ts";
import { walletKeys } from "../api/query-keys.ts";
import { sendTransfer } from "../api/transfer.ts";
import { useWalletErrorText } from "../hooks/use-error-text.ts";
import { useMoneyMutation } from "../hooks/use-money-mutation.ts";
import { amountOf } from "../lib/amount.ts";
import { AmountPicker } from "./amount-picker.tsx";
import { ArrowRightIcon, SwapIcon } from "./icons.tsx";

/** Quick amounts of the transfer popup. */
export const TRANSFER_CHIPS = [1_000, 5_000, 10_000, 50_000, 100_000, 500_000];

/**
 * The main ↔ game transfer popup (spec §2, §5; domain-rules §4): both balances, the direction,
 * an amount with quick chips. Main → game is refused here already while turnover remains and the
 * game balance is 500 or more; the server's refusals are shown in the player's language; on
 * success both balances are replaced from the answer.
 */
export function TransferPopup() {
  const { t } = useTranslation("wallet");
  const queryClient = useQueryClient();
  const errorText = useWalletErrorText();
  const open = useTransferPopup((s) => s.open);
  const direction = useTransferPopup((s) => s.direction);
  const show = useTransferPopup((s) => s.show);
  const hide = useTransferPopup((s) => s.hide);
  const startAmount = useTransferPopup((s) => s.amount);
  const onBreak = useRunningBreak();
  const balance = useSession((s) => s.user?.balance ?? 0);
  const gameBalance = useSession((s) => s.user?.game_balance ?? 0);
  const turnover = useSession((s) => s.user?.turnover ?? 0);
  const setBalances = useSession((s) => s.setBalances);
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string>();
  const transfer = useMoneyMutation((body: { direction: TransferDirection; amount: number }, key: string) =>
    sendTransfer(body.direction, body.amount, key),
  );

  // Fresh turnover and balances each time the popup opens (the turnover rule depends on them).
  useEffect(() => {
    if (open) void refreshProfile();
  }, [open]);
  // Opened with an amount to start from (a first game launch): it is filled in.
  useEffect(() => {
    if (open && startAmount !== null) setAmount(String(startAmount));
  }, [open, startAmount]);

  const source = direction === "in" ? balance : gameBalance;

  const setDirection = (next: TransferDirection) => {
    show(next);
    setError(undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (transfer.isPending || (direction === "in" && onBreak)) return;
    const value = amountOf(amount);
    if (direction === "in" && turnover > 0 && gameBalance >= DEFAULT_TURNOVER_GAME_LIMIT) {
      setError(t("errors.TURNOVER_IN", { limit: formatAmount(DEFAULT_TURNOVER_GAME_LIMIT), amount: formatAmount(turnover) }));
      return;
    }
    if (value === undefined) return setError(t("validation.amountRequired"));
    if (value > source) return setError(t(direction === "in" ? "errors.INSUFFICIENT_MAIN" : "errors.INSUFFICIENT_GAME"));
    setError(undefined);
    transfer.mutate(
      { direction, amount: value },
      {
        onSuccess: (res) => {
          setBalances(res);
          toast.success(t(direction === "in" ? "transfer.doneIn" : "transfer.doneOut", { amount: formatAmount(value) }));
          setAmount("");
          hide();
          void queryClient.invalidateQueries({ queryKey: walletKeys.historyAll });
        },
        onError: (err) => setError(errorText(err, direction === "in" ? "transfer-in" : "transfer-out")),
      },
    );
  };

  const from =
    direction === "in" ? { label: t("balances.mainBalance"), value: balance } : { label: t("balances.gameBalance"), value: gameBalance };
  const to =
    direction === "in" ? { label: t("balances.gameBalance"), value: gameBalance } : { label: t("balances.mainBalance"), value: balance };

  return (
    <PopupBox open={open} onClose={hide} title={t("transfer.title")} centerTitle size="md">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <fieldset className="grid grid-cols-2 gap-1 rounded-card border border-line bg-surface-2 p-1">
          <legend className="sr-only">{t("transfer.direction")}</legend>
          {(["in", "out"] as const).map((d) => (
            <label
              key={d}
              className={`flex min-h-11 cursor-pointer items-center justify-center rounded-xl px-2 text-sm font-semibold transition-colors duration-150 has-focus-visible:outline-2 has-focus-visible:outline-gold ${
                direction === d ? "bg-gold text-bg" : "text-muted hover:text-text"
              }`}
            >
              <input
                type="radio"
                name="transfer-direction"
                value={d}
                checked={direction === d}
                onChange={() => setDirection(d)}
                className="sr-only"
              />
              {t(`direction.${d}`)}
            </label>
          ))}
        </fieldset>

        <div className="grid grid-cols-[1fr_auto_1fr] items-stretch gap-2">
          <BalanceTile caption={t("transfer.from")} label={from.label} value={from.value} testId="transfer-from" />
          <button
            type="button"
            onClick={() => setDirection(direction === "in" ? "out" : "in")}
            aria-label={t("transfer.swap")}
            className="flex w-11 items-center justify-center self-center rounded-full border border-line bg-surface-2 py-2.5 text-gold hover:border-gold focus-visible:outline-2 focus-visible:outline-gold"
          >
            <SwapIcon size={20} className="rotate-90" />
          </button>
          <BalanceTile caption={t("transfer.to")} label={to.label} value={to.value} testId="transfer-to" />
        </div>

        <AmountPicker
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setError(undefined);
          }}
          chips={TRANSFER_CHIPS}
          hint={
            <button
              type="button"
              onClick={() => setAmount(source > 0 ? String(source) : "")}
              className="tabular font-semibold text-gold underline-offset-4 hover:underline"
            >
              {t("transfer.all", { amount: formatAmount(source) })}
            </button>
          }
        />

        {direction === "in" ? <BreakNotice exclusion={onBreak} /> : null}
        {turnover > 0 ? (
          <p data-testid="transfer-turnover" className="tabular text-sm text-muted">
            {t("transfer.turnoverLeft", { amount: formatAmount(turnover) })}
          </p>
        ) : null}

        {error ? (
          <p role="alert" className="rounded-xl border border-danger/50 bg-danger/10 px-3 py-2 text-sm text-danger">
            {error}
          </p>
        ) : null}

        <Button type="submit" size="lg" block loading={transfer.isPending} disabled={direction === "in" && onBreak !== null}>
          {t("transfer.submit")}
          <ArrowRightIcon size={18} />
        </Button>
      </form>
    </PopupBox>
  );
}

function BalanceTile({ caption, label, value, testId }: { caption: string; label: string; value: number; testId: string }) {
  const { t } = useTranslation("wallet");
  return (
    <div className="min-w-0 rounded-card border border-line bg-surface-2 px-3 py-2">
      <p className="text-xs text-faint">{caption}</p>
      <p className="truncate text-xs text-muted">{label}</p>
      <p className="tabular truncate text-base font-bold text-gold" data-testid={testId}>
        {formatAmount(value)} <span className="text-xs font-normal text-muted">{t("currency")}</span>
      </p>
    </div>
  );
}
