-- Promo codes operators run from the console (domain-rules §5 and §7): an optional cap on the
-- bonus, a limit on uses in total and per player, a schedule (start and end), and who changed the
-- code last. A cash-in request records whether its approval paid the promo bonus, so the limits
-- count the uses that paid (and the requests still waiting), never the rejected ones.
ALTER TABLE "promo_codes" ADD COLUMN "max_bonus" bigint;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "max_uses" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "max_uses_per_player" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_percent_range" CHECK ("promo_codes"."percent" between 0 and 1000) NOT VALID;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_multiplier_range" CHECK ("promo_codes"."turnover_multiplier" between 0 and 100) NOT VALID;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_limits_positive" CHECK (("promo_codes"."max_bonus" is null or "promo_codes"."max_bonus" > 0) and ("promo_codes"."max_uses" is null or "promo_codes"."max_uses" > 0) and ("promo_codes"."max_uses_per_player" is null or "promo_codes"."max_uses_per_player" > 0));--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_schedule_order" CHECK ("promo_codes"."starts_at" is null or "promo_codes"."ends_at" is null or "promo_codes"."starts_at" < "promo_codes"."ends_at");--> statement-breakpoint
ALTER TABLE "cash_requests" ADD COLUMN "promo_applied" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "cash_requests_promo_idx" ON "cash_requests" USING btree ("promo_code_id","user_id") WHERE "cash_requests"."promo_code_id" is not null;
