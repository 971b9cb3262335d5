import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { at, createdAt, id, ref } from "./columns.ts";

/**
 * An operator's TOTP second factor (RFC 6238, 6 digits, 30 s). `enabled_at` is set once the
 * operator proved a code from their authenticator; until then the secret is only proposed.
 * `last_step` is the last time step accepted: a code is never accepted twice.
 */
export const operatorTotp = pgTable("operator_totp", {
  userId: ref("user_id")
    .primaryKey()
    .references(() => users.id),
  secret: text("secret").notNull(),
  enabledAt: at("enabled_at"),
  lastStep: bigint("last_step", { mode: "number" }),
  createdAt: createdAt(),
});

/** One-time recovery codes of an operator's second factor (SHA-256 hashes only). */
export const operatorRecoveryCodes = pgTable(
  "operator_recovery_codes",
  {
    id: id(),
    userId: ref("user_id")
      .notNull()
      .references(() => users.id),
    codeHash: text("code_hash").notNull(),
    usedAt: at("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("operator_recovery_codes_user_idx").on(t.userId)],
);

/**
 * A change of the console's accounts that waits for a second admin (maker–checker): a new account
 * (an invitation its holder completes with their own password and second factor), a role change,
 * or a second-factor reset. Applied at once while the installation has a single admin. A new
 * account's invitation is stored as the SHA-256 of its one-time token only.
 */
export const consoleAccountChanges = pgTable(
  "console_account_changes",
  {
    id: id(),
    kind: text("kind", { enum: ["create", "role", "second_factor_reset"] }).notNull(),
    /** The account changed; for `create`, the account made once the change is applied. */
    targetUserId: ref("target_user_id").references(() => users.id),
    phone: text("phone"),
    name: text("name"),
    role: text("role", { enum: ["operator", "admin"] }),
    status: text("status", { enum: ["pending", "applied", "rejected"] })
      .notNull()
      .default("pending"),
    requestedBy: ref("requested_by")
      .notNull()
      .references(() => users.id),
    decidedBy: ref("decided_by").references(() => users.id),
    decidedAt: at("decided_at"),
    invitationHash: text("invitation_hash"),
    invitationExpiresAt: at("invitation_expires_at"),
    invitationCompletedAt: at("invitation_completed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("console_account_changes_invitation_uq").on(t.invitationHash),
    uniqueIndex("console_account_changes_pending_phone_uq").on(t.phone).where(sql`kind = 'create' and status = 'pending'`),
    index("console_account_changes_status_idx").on(t.status),
    check("console_account_changes_create_ck", sql`kind <> 'create' or (phone is not null and name is not null and role is not null)`),
  ],
);
