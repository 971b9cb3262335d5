import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { at, createdAt, id, money, ref } from "./columns.ts";

export const paymentMethods = pgTable("payment_methods", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  logo: text("logo").notNull(),
  accountName: text("account_name").notNull(),
  accountNumber: text("account_number").notNull(),
  qrImage: text("qr_image"),
  minAmount: money("min_amount").notNull(),
  maxAmount: money("max_amount").notNull(),
  cashinEnabled: boolean("cashin_enabled").notNull().default(true),
  cashoutEnabled: boolean("cashout_enabled").notNull().default(true),
  sort: integer("sort").notNull().default(0),
});

export const promoCodes = pgTable(
  "promo_codes",
  {
    id: id(),
    code: text("code").notNull().unique(),
    /** Bonus percent of the cash-in amount, paid to the game balance. */
    percent: integer("percent").notNull(),
    /** turnover += (amount + bonus) × multiplier */
    turnoverMultiplier: integer("turnover_multiplier").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    /** The most bonus one cash-in earns (null: no cap). */
    maxBonus: money("max_bonus"),
    /** How many cash-ins may use the code in all, and per player (null: no limit); rejected requests do not count. */
    maxUses: integer("max_uses"),
    maxUsesPerPlayer: integer("max_uses_per_player"),
    /** The code is accepted from starts_at (null: at once) until before ends_at (null: until ended). */
    startsAt: at("starts_at"),
    endsAt: at("ends_at"),
  },
  (t) => [
    check("promo_codes_percent_range", sql`${t.percent} between 0 and 1000`),
    check("promo_codes_multiplier_range", sql`${t.turnoverMultiplier} between 0 and 100`),
    check(
      "promo_codes_limits_positive",
      sql`(${t.maxBonus} is null or ${t.maxBonus} > 0) and (${t.maxUses} is null or ${t.maxUses} > 0) and (${t.maxUsesPerPlayer} is null or ${t.maxUsesPerPlayer} > 0)`,
    ),
    check("promo_codes_schedule_order", sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`),
  ],
);

export const cashRequests = pgTable(
  "cash_requests",
  {
    id: id(),
    userId: ref("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: ["in", "out"] }).notNull(),
    paymentMethodId: integer("payment_method_id")
      .notNull()
      .references(() => paymentMethods.id),
    amount: money("amount").notNull(),
    lastSixDigits: text("last_six_digits"),
    promoCodeId: ref("promo_code_id").references(() => promoCodes.id),
    accountNumber: text("account_number"),
    holderName: text("holder_name"),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    reason: text("reason"),
    decidedBy: ref("decided_by").references(() => users.id),
    decidedAt: at("decided_at"),
    /** The first of two operators when the approval needs a second one (maker-checker); the approval waits for a different operator. */
    firstApprovedBy: ref("first_approved_by").references(() => users.id),
    firstApprovedAt: at("first_approved_at"),
    /** Whether the approval paid the promo code's bonus (what the code's use limits count). */
    promoApplied: boolean("promo_applied").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("cash_requests_user_idx").on(t.userId, t.kind, t.createdAt),
    index("cash_requests_decided_idx").on(t.userId, t.kind, t.decidedAt),
    index("cash_requests_first_approved_idx").on(t.firstApprovedBy, t.firstApprovedAt),
    check("cash_requests_first_approval", sql`(${t.firstApprovedBy} is null) = (${t.firstApprovedAt} is null)`),
    index("cash_requests_promo_idx").on(t.promoCodeId, t.userId).where(sql`${t.promoCodeId} is not null`),
    index("cash_requests_status_idx").on(t.status, t.kind, t.createdAt),
    uniqueIndex("cash_requests_one_pending_in_uq").on(t.userId).where(sql`${t.kind} = 'in' and ${t.status} = 'pending'`),
    check("cash_requests_amount_pos", sql`${t.amount} > 0`),
  ],
);

/** Operator balance adjustments; above the threshold a second operator confirms. */
export const adjustments = pgTable(
  "adjustments",
  {
    id: id(),
    userId: ref("user_id")
      .notNull()
      .references(() => users.id),
    amount: money("amount").notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: ["pending", "applied", "rejected"] }).notNull(),
    requestedBy: ref("requested_by")
      .notNull()
      .references(() => users.id),
    confirmedBy: ref("confirmed_by").references(() => users.id),
    journalId: ref("journal_id"),
    createdAt: createdAt(),
    decidedAt: at("decided_at"),
  },
  (t) => [
    index("adjustments_status_idx").on(t.status, t.createdAt),
    index("adjustments_user_created_idx").on(t.userId, t.createdAt),
    index("adjustments_requested_created_idx").on(t.requestedBy, t.createdAt),
    check("adjustments_amount_nonzero", sql`${t.amount} <> 0`),
  ],
);
