import { formatAmount, MAX_AMOUNT } from "@shwe/domain";

/** The digits a player typed into an amount box (separators, spaces and anything else dropped), capped at the largest amount. */
export function amountDigits(typed: string): string {
  const digits = typed.replace(/\D/g, "").replace(/^0+/, "");
  if (digits === "") return "";
  return Number(digits) > MAX_AMOUNT ? String(MAX_AMOUNT) : digits;
}

/** The amount box shows thousands separators while the player types. */
export const showAmount = (digits: string): string => (digits === "" ? "" : formatAmount(Number(digits)));

/** The whole kyat in an amount box, or undefined when it is empty. */
export const amountOf = (digits: string): number | undefined => (digits === "" ? undefined : Number(digits));
