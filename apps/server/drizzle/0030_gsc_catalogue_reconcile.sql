-- GSC+ outbound side (spec/gsc-plus.md §7): the aggregator's products and games as last synced, the
-- launch password of each member, short-lived launch pages, the daily jobs' runs and the
-- reconciliation's mismatches.
--
-- gsc_products / gsc_games remember what the last sync wrote into providers / games (synced_*), so
-- that a later sync changes a catalogue field only while it still holds that value: whatever an
-- operator changed since stays as the operator left it.
CREATE TABLE "gsc_products" (
  "product_code" integer PRIMARY KEY NOT NULL,
  "provider_id" integer NOT NULL REFERENCES "providers"("id"),
  "provider_group" text NOT NULL,
  "product_name" text NOT NULL,
  "title" text NOT NULL,
  "game_types" jsonb NOT NULL,
  "currency" text NOT NULL,
  "entry_type" smallint NOT NULL,
  "status" text NOT NULL,
  "synced_name" text NOT NULL,
  "synced_active" boolean NOT NULL,
  "synced_maintenance" boolean NOT NULL,
  "listed" boolean DEFAULT true NOT NULL,
  "games_synced_at" timestamp with time zone,
  "last_sync_at" timestamp with time zone NOT NULL,
  CONSTRAINT "gsc_products_entry_type_chk" CHECK ("entry_type" in (1, 2)),
  CONSTRAINT "gsc_products_provider_uq" UNIQUE ("provider_id")
);
--> statement-breakpoint
CREATE TABLE "gsc_games" (
  "product_code" integer NOT NULL REFERENCES "gsc_products"("product_code"),
  "game_code" text NOT NULL,
  "game_id" bigint NOT NULL REFERENCES "games"("id"),
  "game_type" text NOT NULL,
  "currencies" jsonb NOT NULL,
  "status" text NOT NULL,
  "synced_name" text NOT NULL,
  "synced_image" text NOT NULL,
  "synced_active" boolean NOT NULL,
  "listed" boolean DEFAULT true NOT NULL,
  "last_sync_at" timestamp with time zone NOT NULL,
  CONSTRAINT "gsc_games_pk" PRIMARY KEY ("product_code", "game_code")
);
--> statement-breakpoint
CREATE TABLE "gsc_members" (
  "user_id" bigint PRIMARY KEY NOT NULL REFERENCES "users"("id"),
  "password" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gsc_launch_pages" (
  "token_hash" text PRIMARY KEY NOT NULL,
  "user_id" bigint NOT NULL REFERENCES "users"("id"),
  "html" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "gsc_launch_pages_expires_idx" ON "gsc_launch_pages" ("expires_at");
--> statement-breakpoint
CREATE TABLE "gsc_job_runs" (
  "job" text NOT NULL,
  "day" date NOT NULL,
  "started_at" timestamp with time zone DEFAULT now() NOT NULL,
  "lease_until" timestamp with time zone NOT NULL,
  "finished_at" timestamp with time zone,
  "report" jsonb,
  "error" text,
  CONSTRAINT "gsc_job_runs_pk" PRIMARY KEY ("job", "day"),
  CONSTRAINT "gsc_job_runs_job_chk" CHECK ("job" in ('sync', 'reconcile'))
);
--> statement-breakpoint
CREATE TABLE "gsc_reconcile_mismatches" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "day" date NOT NULL,
  "kind" text NOT NULL,
  "wager_code" text NOT NULL,
  "member_account" text,
  "product_code" integer,
  "ours" jsonb,
  "theirs" jsonb,
  CONSTRAINT "gsc_reconcile_mismatches_kind_chk" CHECK ("kind" in ('missing_ours', 'missing_theirs', 'amount', 'status'))
);
--> statement-breakpoint
CREATE INDEX "gsc_reconcile_mismatches_day_idx" ON "gsc_reconcile_mismatches" ("day", "id");
