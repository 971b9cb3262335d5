/** The caps of a pocket money campaign (rewards/pocket.ts), apart from its draw so the contracts carry no hashing. */

/** The largest pocket amount a campaign may offer (keeps every range within 32-bit words). */
export const POCKET_MAX_AMOUNT = 100_000_000;
/** The largest budget of one day's campaign. */
export const POCKET_MAX_BUDGET = 10_000_000_000;
