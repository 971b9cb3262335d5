-- Pocket money (domain-rules §7): one campaign per Asia/Yangon day with a budget, a minimum and a
-- maximum amount and the account level a player needs. `spent` only grows inside the claim
-- transaction, by a conditional update that keeps it within the budget (the CHECK is a second guard).
-- Each campaign has a secret seed; its SHA-256 (the commitment) can be published before the day and
-- the seed revealed after it, so every claim's amount can be re-derived from its stored message and
-- bounds: amount = lower + uniform(HMAC-SHA256(seed, message), upper - lower + 1).
CREATE TABLE "pocket_campaigns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"budget" bigint NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"min_level" integer DEFAULT 2 NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	"claims" integer DEFAULT 0 NOT NULL,
	"seed" text NOT NULL,
	"commitment" text NOT NULL,
	"created_by" bigint CONSTRAINT "pocket_campaigns_created_by_users_id_fk" REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pocket_campaigns_amounts" CHECK ("min_amount" >= 1 AND "min_amount" <= "max_amount" AND "max_amount" <= 100000000),
	CONSTRAINT "pocket_campaigns_budget" CHECK ("budget" >= 0 AND "budget" <= 10000000000),
	CONSTRAINT "pocket_campaigns_spent" CHECK ("spent" >= 0 AND "spent" <= "budget" AND "claims" >= 0),
	CONSTRAINT "pocket_campaigns_level" CHECK ("min_level" IN (1, 2)),
	CONSTRAINT "pocket_campaigns_seed" CHECK ("seed" ~ '^[0-9a-f]{64}$' AND "commitment" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pocket_campaigns_day_uq" ON "pocket_campaigns" USING btree ("day");
--> statement-breakpoint
CREATE TABLE "pocket_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" bigint NOT NULL CONSTRAINT "pocket_claims_campaign_id_pocket_campaigns_id_fk" REFERENCES "pocket_campaigns"("id"),
	"user_id" bigint NOT NULL CONSTRAINT "pocket_claims_user_id_users_id_fk" REFERENCES "users"("id"),
	"amount" bigint NOT NULL,
	"message" text NOT NULL,
	"lower_bound" bigint NOT NULL,
	"upper_bound" bigint NOT NULL,
	"journal_id" bigint NOT NULL CONSTRAINT "pocket_claims_journal_id_journals_id_fk" REFERENCES "journals"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pocket_claims_bounds" CHECK ("lower_bound" >= 1 AND "lower_bound" <= "amount" AND "amount" <= "upper_bound")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pocket_claims_campaign_user_uq" ON "pocket_claims" USING btree ("campaign_id","user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "pocket_claims_journal_uq" ON "pocket_claims" USING btree ("journal_id");
--> statement-breakpoint
CREATE INDEX "pocket_claims_user_idx" ON "pocket_claims" USING btree ("user_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "pocket_claims_winners_idx" ON "pocket_claims" USING btree ("campaign_id","amount");
