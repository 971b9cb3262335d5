-- Readings of the markets behind the 2D games (issue 25): one row per market and reading slot.
-- The first server process to insert a slot's row reads the feed for it (one reader across every
-- process); the row then holds the values read and the running numbers, or why the reading failed.
CREATE TABLE "market_ticks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"market" text NOT NULL,
	"slot_at" timestamp with time zone NOT NULL,
	"claimed_by" text NOT NULL,
	"status" text DEFAULT 'reading' NOT NULL,
	"set_index" text,
	"set_value" text,
	"price" text,
	"two_d" text,
	"one_d" text,
	"error" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_ticks_market_check" CHECK ("market" IN ('set', 'crypto')),
	CONSTRAINT "market_ticks_status_check" CHECK ("status" IN ('reading', 'ok', 'delayed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "market_ticks_slot_idx" ON "market_ticks" USING btree ("market","slot_at");
--> statement-breakpoint
CREATE INDEX "market_ticks_ok_idx" ON "market_ticks" USING btree ("market","slot_at") WHERE "status" = 'ok';
