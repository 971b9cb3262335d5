-- Maker-checker that cannot be split: cash requests record a first sign-off when their approval
-- needs a second operator; manual results carry an entry number so a confirmation is for the
-- entry that was checked; running daily totals per player and per operator are read by index.
ALTER TABLE "cash_requests" ADD COLUMN "first_approved_by" bigint REFERENCES "users"("id");
--> statement-breakpoint
ALTER TABLE "cash_requests" ADD COLUMN "first_approved_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "cash_requests" ADD CONSTRAINT "cash_requests_first_approval" CHECK (("first_approved_by" IS NULL) = ("first_approved_at" IS NULL));
--> statement-breakpoint
CREATE INDEX "cash_requests_first_approved_idx" ON "cash_requests" ("first_approved_by", "first_approved_at");
--> statement-breakpoint
CREATE INDEX "cash_requests_decided_idx" ON "cash_requests" ("user_id", "kind", "decided_at");
--> statement-breakpoint
CREATE INDEX "adjustments_user_created_idx" ON "adjustments" ("user_id", "created_at");
--> statement-breakpoint
CREATE INDEX "adjustments_requested_created_idx" ON "adjustments" ("requested_by", "created_at");
--> statement-breakpoint
ALTER TABLE "draws" ADD COLUMN "result_entry" integer DEFAULT 0 NOT NULL;
