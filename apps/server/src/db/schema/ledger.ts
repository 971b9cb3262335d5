import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { at, createdAt, id, money, ref } from "./columns.ts";

/**
 * Every balance lives in a ledger account. Player accounts (user_id set) can never go negative;
 * house and external accounts (user_id null, identified by code) can.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: id(),
    userId: ref("user_id").references(() => users.id),
    /** main | game | point | claimable | referral | hold for players; house_* / external_* for system accounts. */
    kind: text("kind").notNull(),
    /** Unique name of a system account (e.g. "house:lottery"); null for player accounts. */
    code: text("code"),
    balance: money("balance").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ledger_accounts_user_kind_uq").on(t.userId, t.kind),
    uniqueIndex("ledger_accounts_code_uq").on(t.code),
    check("ledger_accounts_player_nonneg", sql`${t.userId} is null or ${t.balance} >= 0`),
    check("ledger_accounts_owner", sql`(${t.userId} is null) <> (${t.code} is null)`),
  ],
);

/** Why money moved. Insert-only (a trigger refuses UPDATE and DELETE). */
export const journals = pgTable(
  "journals",
  {
    id: id(),
    kind: text("kind").notNull(),
    userId: ref("user_id"),
    /** At most one journal per key: idempotency key, provider transaction, bet settlement, claim … (I5). */
    uniqueKey: text("unique_key"),
    /** The journal this one reverses, if it is a correction. */
    reversesId: ref("reverses_id"),
    refType: text("ref_type"),
    refId: text("ref_id"),
    memo: text("memo"),
    meta: jsonb("meta"),
    createdBy: ref("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("journals_unique_key_uq").on(t.uniqueKey),
    uniqueIndex("journals_reverses_uq").on(t.reversesId),
    index("journals_user_kind_idx").on(t.userId, t.kind, t.createdAt),
    index("journals_ref_idx").on(t.refType, t.refId),
  ],
);

/** Signed amounts; the entries of one journal sum to zero. Insert-only. */
export const journalEntries = pgTable(
  "journal_entries",
  {
    id: id(),
    journalId: ref("journal_id")
      .notNull()
      .references(() => journals.id),
    accountId: ref("account_id")
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: money("amount").notNull(),
    /** The account's balance right after this entry (for histories and reports). */
    balanceAfter: money("balance_after").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("journal_entries_journal_idx").on(t.journalId),
    index("journal_entries_account_idx").on(t.accountId, t.id),
    check("journal_entries_nonzero", sql`${t.amount} <> 0`),
  ],
);

/** Stored first answers of money-moving player calls (Idempotency-Key header): 24 h, then a tombstone without the answer. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: ref("user_id").notNull(),
    key: text("key").notNull(),
    route: text("route").notNull(),
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code"),
    response: jsonb("response"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index("idempotency_keys_created_idx").on(t.createdAt),
    /** Keys whose stored answer has not been dropped yet (retention, migration 0009). */
    index("idempotency_keys_answer_created_idx").on(t.createdAt).where(sql`${t.response} IS NOT NULL`),
  ],
);

/** Committed changes waiting to be pushed to live sockets and web push (written in the same transaction). */
export const outbox = pgTable(
  "outbox",
  {
    id: id(),
    topic: text("topic").notNull(),
    userId: ref("user_id"),
    payload: jsonb("payload").notNull(),
    createdAt: createdAt(),
    deliveredAt: at("delivered_at"),
  },
  (t) => [
    index("outbox_pending_idx").on(t.deliveredAt, t.id),
    /** Cash decisions not yet turned into push notifications (migration 0018). */
    index("outbox_cash_request_pending_idx").on(t.id).where(sql`${t.topic} = 'cash_request' AND ${t.deliveredAt} IS NULL`),
    /** A player's balance rows not yet pushed to a live socket (migration 0036). */
    index("outbox_balance_pending_idx").on(t.userId).where(sql`${t.topic} = 'balance' AND ${t.deliveredAt} IS NULL`),
  ],
);
