import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { at, createdAt, id, money, ref } from "./columns.ts";

const LOTTERY_TYPES = ["1D", "2D", "3D", "C1D", "C2D"] as const;

/**
 * One result time of one game (the spec's "section"). Betting is open until closes_at by the
 * database clock; the result is entered, fetched or revealed after draw_at, then every line settles.
 *
 * open → closed (cut-off passed) → resulted (number known; a manual result waits for a second
 * operator) → settled (every line won or lost, winners paid); open | closed | resulted → void (every
 * stake refunded).
 */
export const draws = pgTable(
  "draws",
  {
    id: id(),
    type: text("type", { enum: LOTTERY_TYPES }).notNull(),
    drawAt: at("draw_at").notNull(),
    closesAt: at("closes_at").notNull(),
    status: text("status", { enum: ["open", "closed", "resulted", "settled", "void"] })
      .notNull()
      .default("open"),
    /** The game's odds while the draw takes bets; every line keeps the odds it was placed with. */
    odds: integer("odds").notNull(),
    /** How the result is obtained (manual | feed | fair); an operator-entered result sets it to manual. */
    resultSource: text("result_source", { enum: ["manual", "feed", "fair"] }).notNull(),
    /** The winning number with the game's digits; public once the draw is settled. */
    result: text("result"),
    /** Raw values a result feed returned (feed source), kept so anyone can check the digits. */
    feedValues: jsonb("feed_values"),
    feedError: text("feed_error"),
    feedAttempts: integer("feed_attempts").notNull().default(0),
    feedAttemptedAt: at("feed_attempted_at"),
    /** SHA-256 of the secret seed, published when the draw is created (fair source). */
    fairCommitment: text("fair_commitment"),
    /** The secret seed until the reveal (never sent to anyone), then cleared. */
    fairSeedSecret: text("fair_seed_secret"),
    /** The seed once revealed with the result. */
    fairSeed: text("fair_seed"),
    enteredBy: ref("entered_by").references(() => users.id),
    /** Counts manual entries of the result: a confirmation is for one entry, and a new entry restarts the review. */
    resultEntry: integer("result_entry").notNull().default(0),
    resultedAt: at("resulted_at"),
    /** Set when the result is final (confirmed by a second operator, or derived by feed / fair): settlement may run. */
    confirmedAt: at("confirmed_at"),
    confirmedBy: ref("confirmed_by").references(() => users.id),
    voidReason: text("void_reason"),
    voidedBy: ref("voided_by").references(() => users.id),
    settledAt: at("settled_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("draws_type_draw_at_uq").on(t.type, t.drawAt),
    index("draws_status_draw_at_idx").on(t.status, t.drawAt),
    check("draws_closes_before_draw", sql`${t.closesAt} <= ${t.drawAt}`),
    check("draws_odds_positive", sql`${t.odds} > 0`),
    check("draws_void_reason", sql`${t.status} <> 'void' or ${t.voidReason} is not null`),
  ],
);

/** One bet of one player on one draw; its lines carry the numbers. Its stake journal is keyed `bet:<slip id>`. */
export const betSlips = pgTable(
  "bet_slips",
  {
    id: id(),
    userId: ref("user_id")
      .notNull()
      .references(() => users.id),
    drawId: ref("draw_id")
      .notNull()
      .references(() => draws.id),
    type: text("type", { enum: LOTTERY_TYPES }).notNull(),
    total: money("total").notNull(),
    /** `idem:<user>:<Idempotency-Key>` when the client sent one: at most one slip per key. */
    uniqueKey: text("unique_key"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("bet_slips_unique_key_uq").on(t.uniqueKey),
    index("bet_slips_user_idx").on(t.userId, t.type, t.createdAt),
    index("bet_slips_draw_idx").on(t.drawId),
    check("bet_slips_total_positive", sql`${t.total} > 0`),
  ],
);

/** One number of a slip: its stake, the odds copied at bet time, and how it ended. */
export const betLines = pgTable(
  "bet_lines",
  {
    id: id(),
    slipId: ref("slip_id")
      .notNull()
      .references(() => betSlips.id),
    drawId: ref("draw_id")
      .notNull()
      .references(() => draws.id),
    userId: ref("user_id")
      .notNull()
      .references(() => users.id),
    number: text("number").notNull(),
    amount: money("amount").notNull(),
    odds: integer("odds").notNull(),
    status: text("status", { enum: ["pending", "won", "lost", "refunded"] })
      .notNull()
      .default("pending"),
    /** stake × odds for a won line, 0 otherwise (ledger invariant I6). */
    winAmount: money("win_amount").notNull().default(0),
    /** The payout journal (won) or the refund journal (refunded). */
    settledJournalId: ref("settled_journal_id"),
    settledAt: at("settled_at"),
  },
  (t) => [
    uniqueIndex("bet_lines_slip_number_uq").on(t.slipId, t.number),
    index("bet_lines_draw_status_idx").on(t.drawId, t.status, t.userId),
    index("bet_lines_draw_number_idx").on(t.drawId, t.number),
    /** The week's settled lines by settlement time (weekly cashback, migration 0013). */
    index("bet_lines_settled_at_idx").on(t.settledAt).where(sql`${t.status} in ('won', 'lost')`),
    check("bet_lines_amount_positive", sql`${t.amount} > 0`),
    check("bet_lines_odds_positive", sql`${t.odds} > 0`),
    check("bet_lines_win_nonneg", sql`${t.winAmount} >= 0`),
  ],
);

/**
 * Total stake on each number of a draw, all players together. A bet locks the rows of its numbers
 * (ascending number) and checks the caps against them, so two bets can never both take the last room.
 */
export const numberExposure = pgTable(
  "number_exposure",
  {
    drawId: ref("draw_id")
      .notNull()
      .references(() => draws.id),
    number: text("number").notNull(),
    staked: money("staked").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.drawId, t.number] }), check("number_exposure_staked_nonneg", sql`${t.staked} >= 0`)],
);

/** Numbers an operator marked hot (lower cap) or blocked (no bets), per game; they apply to every draw taking bets. */
export const numberRules = pgTable(
  "number_rules",
  {
    type: text("type", { enum: LOTTERY_TYPES }).notNull(),
    number: text("number").notNull(),
    hot: boolean("hot").notNull().default(false),
    blocked: boolean("blocked").notNull().default(false),
    updatedBy: ref("updated_by").references(() => users.id),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.type, t.number] })],
);
