import { bigint, index, pgTable, text } from "drizzle-orm/pg-core";
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
