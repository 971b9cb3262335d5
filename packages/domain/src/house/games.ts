/**
 * The built-in provider's games and the slot's symbols: plain lists with no rules attached, so the
 * contracts (and the pages that load them first) can use them without the rounds' hashing.
 */

export const HOUSE_GAME_CODES = ["house-slot", "house-crash"] as const;
export type HouseGameCode = (typeof HOUSE_GAME_CODES)[number];

export const SLOT_SYMBOLS = ["seven", "pagoda", "chinthe", "ruby", "lotus", "coin"] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];
