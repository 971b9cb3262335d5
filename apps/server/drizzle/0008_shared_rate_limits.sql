-- Rate-limit counters shared by every server process: one row per limit key (a name and a SHA-256
-- of the subject, never a raw phone or address) with the count of its current fixed window.
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_counters_count_check" CHECK ("rate_limit_counters"."count" >= 0)
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_ends_at_idx" ON "rate_limit_counters" USING btree ("window_ends_at");
