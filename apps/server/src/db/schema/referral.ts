import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { at, createdAt, id, money, ref } from "./columns.ts";

/** Where each account signed up from: the browser's device id, the client IP and its /24 or /64 range. */
export const signupOrigins = pgTable(
  "signup_origins",
  {
    userId: ref("user_id")
      .primaryKey()
      .references(() => users.id),
    referredBy: ref("referred_by").references(() => users.id),
    deviceId: text("device_id"),
    ip: text("ip"),
    ipRange: text("ip_range"),
    /** The browser's User-Agent header (at most 512 characters); null when none was sent. */
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [
    index("signup_origins_referrer_idx").on(t.referredBy, t.createdAt),
    index("signup_origins_device_idx").on(t.deviceId),
    index("signup_origins_ip_idx").on(t.ip, t.createdAt),
  ],
);

/** Where each sign-in came from (client address, User-Agent), kept SIGN_IN_ORIGIN_RETENTION_DAYS: self-referral signals. */
export const signInOrigins = pgTable(
  "sign_in_origins",
  {
    id: id(),
    userId: ref("user_id")
      .notNull()
      .references(() => users.id),
    ip: text("ip").notNull(),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("sign_in_origins_ip_idx").on(t.ip, t.createdAt), index("sign_in_origins_created_idx").on(t.createdAt)],
);

/** A referee's running net casino loss and the high-water mark the referrer's share was paid on. */
export const referralAccruals = pgTable(
  "referral_accruals",
  {
    refereeId: ref("referee_id")
      .primaryKey()
      .references(() => users.id),
    referrerId: ref("referrer_id")
      .notNull()
      .references(() => users.id),
    netLoss: money("net_loss").notNull().default(0),
    paidLoss: money("paid_loss").notNull().default(0),
    /** Fraction of a kyat owed, in 1/10,000 kyat. */
    carry: integer("carry").notNull().default(0),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("referral_accruals_mark", sql`${t.paidLoss} >= 0 and ${t.netLoss} <= ${t.paidLoss}`),
    check("referral_accruals_carry", sql`${t.carry} between 0 and 9999`),
  ],
);

/** Referrers flagged for referral farming: held → cleared, or forfeited (stays held). */
export const referralHolds = pgTable(
  "referral_holds",
  {
    referrerId: ref("referrer_id")
      .primaryKey()
      .references(() => users.id),
    status: text("status", { enum: ["held", "cleared", "forfeited"] }).notNull(),
    groups: jsonb("groups").notNull().default([]),
    flaggedAt: at("flagged_at").notNull().defaultNow(),
    decidedAt: at("decided_at"),
    decidedBy: ref("decided_by").references(() => users.id),
    decisionReason: text("decision_reason"),
    forfeitedTotal: money("forfeited_total").notNull().default(0),
  },
  (t) => [
    index("referral_holds_status_idx").on(t.status, t.flaggedAt),
    check("referral_holds_status", sql`${t.status} in ('held', 'cleared', 'forfeited')`),
    check("referral_holds_forfeited_nonneg", sql`${t.forfeitedTotal} >= 0`),
  ],
);
