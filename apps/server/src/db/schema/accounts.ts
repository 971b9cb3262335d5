import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, createdAt, id, money, ref } from "./columns.ts";

export const users = pgTable(
  "users",
  {
    id: id(),
    phone: text("phone").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["player", "operator", "admin"] })
      .notNull()
      .default("player"),
    userCode: text("user_code").notNull(),
    referralCode: text("referral_code").notNull(),
    referredBy: ref("referred_by"),
    lvl2: smallint("lvl_2").notNull().default(1),
    lvl2Status: text("lvl_2_status", { enum: ["none", "pending", "approved", "rejected"] })
      .notNull()
      .default("none"),
    lvl2Reason: text("lvl_2_reason"),
    avatarPath: text("avatar_path"),
    /** Remaining wagering requirement in kyat; never negative. */
    turnover: money("turnover").notNull().default(0),
    hasTransferredIn: boolean("has_transferred_in").notNull().default(false),
    blocked: boolean("blocked").notNull().default(false),
    /** Self-exclusion (player protection): play is refused until this instant, or for good when excluded_forever. */
    excludedUntil: at("excluded_until"),
    excludedForever: boolean("excluded_forever").notNull().default(false),
    /** The reality-check reminder interval the player chose (minutes), or null for none. */
    realityCheckMinutes: integer("reality_check_minutes"),
    /** Bumped on password change and block: every older token stops working. */
    tokenVersion: integer("token_version").notNull().default(0),
    /**
     * Console accounts: the admin who asked for this account or for its last change (role, second
     * factor reset). That admin's requests are never checked by this account (maker–checker).
     */
    consoleChangedBy: ref("console_changed_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_phone_uq").on(t.phone),
    uniqueIndex("users_user_code_uq").on(t.userCode),
    uniqueIndex("users_referral_code_uq").on(t.referralCode),
    index("users_referred_by_idx").on(t.referredBy),
    check("users_turnover_nonneg", sql`${t.turnover} >= 0`),
    check("users_lvl_2_range", sql`${t.lvl2} in (1, 2)`),
    check("users_reality_check_range", sql`${t.realityCheckMinutes} is null or ${t.realityCheckMinutes} between 5 and 600`),
  ],
);

/** Opaque bearer tokens, stored as SHA-256 hashes only. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: id(),
    userId: ref("user_id")
      .notNull()
      .references(() => users.id),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: at("expires_at").notNull(),
    revokedAt: at("revoked_at"),
    /** When the operator behind this token passed the second factor (TOTP); null: not (yet). Players never need it. */
    secondFactorAt: at("second_factor_at"),
  },
  (t) => [
    uniqueIndex("auth_tokens_hash_uq").on(t.tokenHash),
    index("auth_tokens_user_idx").on(t.userId),
    index("auth_tokens_expires_idx").on(t.expiresAt),
  ],
);

/** One-time SMS codes (hashed), bound to phone + purpose. */
export const otpCodes = pgTable(
  "otp_codes",
  {
    id: id(),
    phone: text("phone").notNull(),
    purpose: text("purpose", { enum: ["register", "reset", "login"] }).notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: at("expires_at").notNull(),
    consumedAt: at("consumed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("otp_codes_phone_idx").on(t.phone, t.purpose, t.createdAt)],
);

/** Proof that a phone passed OTP verification: single use, short-lived. */
export const otpProofs = pgTable(
  "otp_proofs",
  {
    id: id(),
    tokenHash: text("token_hash").notNull(),
    phone: text("phone").notNull(),
    purpose: text("purpose", { enum: ["register", "reset", "login"] }).notNull(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("otp_proofs_hash_uq").on(t.tokenHash)],
);

/** What the console SMS adapter "sent" (demo outbox). */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: id(),
    to: text("to").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sms_outbox_to_idx").on(t.to, t.createdAt)],
);

/** Level-2 verification screenshots (re-encoded files outside any public folder). */
export const lvl2Uploads = pgTable(
  "lvl2_uploads",
  {
    id: id(),
    userId: ref("user_id")
      .notNull()
      .references(() => users.id),
    path: text("path").notNull(),
    mime: text("mime").notNull(),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    reason: text("reason"),
    reviewedBy: ref("reviewed_by").references(() => users.id),
    reviewedAt: at("reviewed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("lvl2_uploads_user_idx").on(t.userId), index("lvl2_uploads_status_idx").on(t.status)],
);

/** Append-only log of operator actions and authentication events. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    actorId: ref("actor_id"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt), index("audit_log_actor_idx").on(t.actorId)],
);
