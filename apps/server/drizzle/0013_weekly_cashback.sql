-- Weekly cashback into the claimable balance (domain-rules §7). One row per processed week (the
-- percent used is fixed when the week is first taken up, so every instance and batch uses the same
-- one) and one row per credited player and week: the unique (user_id, week_start) and the journal
-- key `cashback:<week>:<user>` make each player-week credited at most once, whatever the number of
-- runs or server instances.
CREATE TABLE "cashback_weeks" (
	"week_start" date PRIMARY KEY NOT NULL,
	"percent_bp" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"players" integer DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "cashback_weeks_percent_range" CHECK ("cashback_weeks"."percent_bp" between 0 and 10000),
	CONSTRAINT "cashback_weeks_monday" CHECK (extract(isodow from "cashback_weeks"."week_start") = 1)
);
--> statement-breakpoint
CREATE TABLE "cashback_credits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"week_start" date NOT NULL,
	"net_loss" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashback_credits_positive" CHECK ("cashback_credits"."net_loss" > 0 and "cashback_credits"."amount" > 0 and "cashback_credits"."amount" <= "cashback_credits"."net_loss")
);
--> statement-breakpoint
ALTER TABLE "cashback_credits" ADD CONSTRAINT "cashback_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cashback_credits" ADD CONSTRAINT "cashback_credits_week_start_cashback_weeks_week_start_fk" FOREIGN KEY ("week_start") REFERENCES "public"."cashback_weeks"("week_start") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "cashback_credits_user_week_uq" ON "cashback_credits" USING btree ("user_id","week_start");
--> statement-breakpoint
CREATE INDEX "cashback_credits_week_idx" ON "cashback_credits" USING btree ("week_start");
--> statement-breakpoint
-- The week's settled lottery lines and casino rounds, read by settlement time.
CREATE INDEX "bet_lines_settled_at_idx" ON "bet_lines" USING btree ("settled_at") WHERE "bet_lines"."status" in ('won', 'lost');
--> statement-breakpoint
CREATE INDEX "provider_rounds_settled_at_idx" ON "provider_rounds" USING btree ("settled_at") WHERE "provider_rounds"."status" = 'settled';
