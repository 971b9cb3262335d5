import { DEFAULT_TURNOVER_GAME_LIMIT, formatAmount } from "@shwe/domain";
import { useCallback } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { errorMessage } from "../../../lib/error-message.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";

/** Where the failed call came from: some codes read differently per action. */
export type MoneyAction = "transfer-in" | "transfer-out" | "cash-in" | "cash-out";

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

/**
 * Turns a failed wallet call into a sentence in the player's language: the refusals of
 * domain-rules §4–§5 have their own texts (with the figures the server sent), anything else
 * falls back to the site-wide texts and then to the server's message.
 */
export function useWalletErrorText() {
  const { t } = useTranslation("wallet");
  return useCallback(
    (err: unknown, action: MoneyAction): string => {
      if (!(err instanceof ApiError)) return errorMessage(err);
      const d = err.details ?? {};
      switch (err.code) {
        case "TURNOVER_EXISTS":
          return action === "transfer-out"
            ? t("errors.TURNOVER_OUT", { amount: formatAmount(num(d.turnover) ?? 0) })
            : t("errors.TURNOVER_IN", { limit: formatAmount(DEFAULT_TURNOVER_GAME_LIMIT) });
        case "NO_TRANSFER_IN":
          return t("errors.NO_TRANSFER_IN");
        case "INSUFFICIENT_FUNDS":
          return d.account === "game" || action === "transfer-out" ? t("errors.INSUFFICIENT_GAME") : t("errors.INSUFFICIENT_MAIN");
        case "LEVEL_2_REQUIRED":
          return t("errors.LEVEL_2_REQUIRED");
        case "WRONG_PASSWORD":
          return t("errors.WRONG_PASSWORD");
        case "DUPLICATE":
          return action === "cash-in" ? t("errors.PENDING_CASHIN") : errorMessage(err);
        case "AMOUNT_BELOW_MIN":
          return t("errors.AMOUNT_BELOW_MIN", { amount: formatAmount(num(d.min_amount) ?? 0) });
        case "AMOUNT_ABOVE_MAX":
          return t("errors.AMOUNT_ABOVE_MAX", { amount: formatAmount(num(d.max_amount) ?? 0) });
        case "INVALID_PROMO_CODE":
          // A known code that cannot be used now says why (console → Promo codes: schedule and limits).
          return d.reason === "not_started" || d.reason === "used_up" || d.reason === "player_limit"
            ? t(`errors.PROMO_${d.reason.toUpperCase()}`)
            : t("errors.INVALID_PROMO_CODE");
        case "PAYMENT_METHOD_UNAVAILABLE":
          return t("errors.PAYMENT_METHOD_UNAVAILABLE");
        case "RATE_LIMITED": {
          const seconds = num(d.retry_after);
          return seconds ? t("errors.RATE_LIMITED_WAIT", { minutes: Math.max(1, Math.ceil(seconds / 60)) }) : errorMessage(err);
        }
        default:
          return errorMessage(err);
      }
    },
    [t],
  );
}
