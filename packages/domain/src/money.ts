/** The largest single amount any call accepts (domain-rules §1). */
export const MAX_AMOUNT = 10_000_000_000;

/** A whole, positive kyat amount within the contract's cap. */
export function isValidAmount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 1 && value <= MAX_AMOUNT;
}
