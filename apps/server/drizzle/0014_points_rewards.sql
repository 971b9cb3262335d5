-- Points rewards (domain-rules §7): the rewards players can buy with points (points → kyat), and
-- each claim, pointing at the one journal that spent the points and paid main.
CREATE TABLE "point_rewards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"points" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_rewards_points_positive" CHECK ("points" > 0 AND "points" <= 10000000000),
	CONSTRAINT "point_rewards_amount_positive" CHECK ("amount" > 0 AND "amount" <= 10000000000)
);
--> statement-breakpoint
CREATE TABLE "point_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL CONSTRAINT "point_claims_user_id_users_id_fk" REFERENCES "users"("id"),
	"reward_id" bigint NOT NULL CONSTRAINT "point_claims_reward_id_point_rewards_id_fk" REFERENCES "point_rewards"("id"),
	"points" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"journal_id" bigint NOT NULL CONSTRAINT "point_claims_journal_id_journals_id_fk" REFERENCES "journals"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_claims_points_positive" CHECK ("points" > 0),
	CONSTRAINT "point_claims_amount_positive" CHECK ("amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "point_claims_journal_uq" ON "point_claims" USING btree ("journal_id");
--> statement-breakpoint
CREATE INDEX "point_claims_user_idx" ON "point_claims" USING btree ("user_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "point_claims_reward_idx" ON "point_claims" USING btree ("reward_id","created_at");
