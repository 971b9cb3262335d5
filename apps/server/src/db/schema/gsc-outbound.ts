import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { at, createdAt, ref } from "./columns.ts";
import { games, providers } from "./content.ts";

/**
 * The GSC+ aggregator's side as we call it (spec/gsc-plus.md §7, migration 0030): its products and
 * games as last synced, members' launch passwords, short-lived launch pages, the daily jobs' runs and
 * the reconciliation's mismatches. The synced_* columns hold what the last sync wrote into the
 * catalogue: a sync changes a catalogue field only while it still holds that value.
 */

/** One aggregator product (product_code), listed in the catalogue as provider `GSC<product_code>`. */
export const gscProducts = pgTable(
  "gsc_products",
  {
    productCode: integer("product_code").primaryKey(),
    providerId: integer("provider_id")
      .notNull()
      .references(() => providers.id),
    providerGroup: text("provider_group").notNull(),
    productName: text("product_name").notNull(),
    title: text("title").notNull(),
    /** The aggregator's game types of this product (SLOT, LIVE_CASINO …). */
    gameTypes: jsonb("game_types").$type<string[]>().notNull(),
    /** The currency this operator runs the product in (MMK, MMK2, MMK3), sent at launch. */
    currency: text("currency").notNull(),
    /** 1: launch names a game; 2: lobby only. */
    entryType: smallint("entry_type").notNull(),
    /** ACTIVATED, MAINTAINED or DEACTIVATED as the aggregator last said. */
    status: text("status").notNull(),
    syncedName: text("synced_name").notNull(),
    syncedActive: boolean("synced_active").notNull(),
    syncedMaintenance: boolean("synced_maintenance").notNull(),
    /** False once the product is gone from the aggregator's list. */
    listed: boolean("listed").notNull().default(true),
    gamesSyncedAt: at("games_synced_at"),
    lastSyncAt: at("last_sync_at").notNull(),
  },
  (t) => [unique("gsc_products_provider_uq").on(t.providerId), check("gsc_products_entry_type_chk", sql`${t.entryType} in (1, 2)`)],
);

/** One game of a product (the same game_code listed once per currency is one row). */
export const gscGames = pgTable(
  "gsc_games",
  {
    productCode: integer("product_code")
      .notNull()
      .references(() => gscProducts.productCode),
    gameCode: text("game_code").notNull(),
    gameId: bigint("game_id", { mode: "number" })
      .notNull()
      .references(() => games.id),
    gameType: text("game_type").notNull(),
    currencies: jsonb("currencies").$type<string[]>().notNull(),
    status: text("status").notNull(),
    syncedName: text("synced_name").notNull(),
    syncedImage: text("synced_image").notNull(),
    syncedActive: boolean("synced_active").notNull(),
    listed: boolean("listed").notNull().default(true),
    lastSyncAt: at("last_sync_at").notNull(),
  },
  (t) => [primaryKey({ name: "gsc_games_pk", columns: [t.productCode, t.gameCode] })],
);

/** The launch password of a member, fixed at the first launch and the same ever after. */
export const gscMembers = pgTable("gsc_members", {
  userId: ref("user_id")
    .primaryKey()
    .references(() => users.id),
  password: text("password").notNull(),
  createdAt: createdAt(),
});

/** A launch answered with an HTML document: served once from our own short-lived URL. */
export const gscLaunchPages = pgTable(
  "gsc_launch_pages",
  {
    /** SHA-256 of the page's one-time token. */
    tokenHash: text("token_hash").primaryKey(),
    userId: ref("user_id")
      .notNull()
      .references(() => users.id),
    html: text("html").notNull(),
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [index("gsc_launch_pages_expires_idx").on(t.expiresAt)],
);

/** A daily job's run for one Yangon day; the lease lets one instance at a time run it. */
export const gscJobRuns = pgTable(
  "gsc_job_runs",
  {
    job: text("job", { enum: ["sync", "reconcile"] }).notNull(),
    day: date("day", { mode: "string" }).notNull(),
    startedAt: at("started_at").notNull().defaultNow(),
    leaseUntil: at("lease_until").notNull(),
    finishedAt: at("finished_at"),
    report: jsonb("report"),
    error: text("error"),
  },
  (t) => [
    primaryKey({ name: "gsc_job_runs_pk", columns: [t.job, t.day] }),
    check("gsc_job_runs_job_chk", sql`${t.job} in ('sync', 'reconcile')`),
  ],
);

/** A wager on which the aggregator's list and our records disagree, with both sides' raw rows. */
export const gscReconcileMismatches = pgTable(
  "gsc_reconcile_mismatches",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind", { enum: ["missing_ours", "missing_theirs", "amount", "status"] }).notNull(),
    wagerCode: text("wager_code").notNull(),
    memberAccount: text("member_account"),
    productCode: integer("product_code"),
    ours: jsonb("ours"),
    theirs: jsonb("theirs"),
  },
  (t) => [
    index("gsc_reconcile_mismatches_day_idx").on(t.day, t.id),
    check("gsc_reconcile_mismatches_kind_chk", sql`${t.kind} in ('missing_ours', 'missing_theirs', 'amount', 'status')`),
  ],
);
