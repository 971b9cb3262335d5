import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { at, createdAt, id, ref } from "./columns.ts";

/**
 * The GSC+ seamless wallet (docs/provider-wallet.md "GSC+ seamless wallet", decisions 0015, 0016).
 * Exact amounts are bigints of ten-thousandths of a kyat ("_e4"); the ledger itself stays whole kyat.
 */
const e4 = (name: string) => bigint(name, { mode: "bigint" });

/**
 * Per player: the sub-kyat remainder (0 ≤ r < 1 kyat) beside the whole-kyat game balance, and the
 * debt to the house left by an overdrawing correction. The player's exact GSC+ balance is
 * game balance × 10⁴ + remainder − debt. A player has a remainder or a debt, never both.
 */
export const gscWallets = pgTable(
  "gsc_wallets",
  {
    userId: ref("user_id")
      .primaryKey()
      .references(() => users.id),
    remainderE4: e4("remainder_e4").notNull().default(0n),
    debtE4: e4("debt_e4").notNull().default(0n),
    /** When the current debt began (null without a debt). */
    debtSince: at("debt_since"),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("gsc_wallets_debt_idx").on(t.debtSince).where(sql`${t.debtE4} > 0`),
    check("gsc_wallets_remainder_range", sql`${t.remainderE4} >= 0 and ${t.remainderE4} < 10000`),
    check("gsc_wallets_debt_nonneg", sql`${t.debtE4} >= 0`),
    check("gsc_wallets_debt_or_remainder", sql`${t.debtE4} = 0 or ${t.remainderE4} = 0`),
  ],
);

/** One row per applied aggregator transaction id (a refused transaction leaves none, so a retry is evaluated again). */
export const gscTransactions = pgTable(
  "gsc_transactions",
  {
    id: id(),
    transactionId: text("transaction_id").notNull(),
    userId: ref("user_id")
      .notNull()
      .references(() => users.id),
    productCode: integer("product_code").notNull(),
    action: text("action").notNull(),
    wagerCode: text("wager_code"),
    roundId: text("round_id"),
    gameCode: text("game_code"),
    currency: text("currency").notNull(),
    /** The signed change of the exact balance. */
    amountE4: e4("amount_e4").notNull(),
    /** The signed change of the ledger's whole-kyat game balance. */
    kyatMoved: bigint("kyat_moved", { mode: "number" }).notNull().default(0),
    journalId: ref("journal_id"),
    roundRef: ref("round_ref"),
    balanceBeforeE4: e4("balance_before_e4"),
    balanceAfterE4: e4("balance_after_e4"),
    requestHash: text("request_hash").notNull(),
    request: jsonb("request").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("gsc_transactions_uq").on(t.transactionId), index("gsc_transactions_user_idx").on(t.userId, t.createdAt)],
);

/** One row per (product, wager_code): exact stake and payout, last status, pushed snapshot, cancels before their bet. */
export const gscWagers = pgTable(
  "gsc_wagers",
  {
    id: id(),
    productCode: integer("product_code").notNull(),
    wagerCode: text("wager_code").notNull(),
    userId: ref("user_id")
      .notNull()
      .references(() => users.id),
    currency: text("currency"),
    roundRef: ref("round_ref"),
    wagerStatus: text("wager_status"),
    betE4: e4("bet_e4").notNull().default(0n),
    payoutE4: e4("payout_e4").notNull().default(0n),
    /** A debit was applied on this wager (credits that need a bet are accepted). */
    hasBet: boolean("has_bet").notNull().default(false),
    /** A CANCEL came before any bet: it was answered 1006 and a later bet on this wager is refused. */
    cancelledBeforeBet: boolean("cancelled_before_bet").notNull().default(false),
    pushed: jsonb("pushed"),
    pushedAt: at("pushed_at"),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("gsc_wagers_uq").on(t.productCode, t.wagerCode), index("gsc_wagers_user_idx").on(t.userId, t.createdAt)],
);
