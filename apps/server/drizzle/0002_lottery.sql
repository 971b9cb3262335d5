CREATE TABLE "bet_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slip_id" bigint NOT NULL,
	"draw_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"number" text NOT NULL,
	"amount" bigint NOT NULL,
	"odds" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"win_amount" bigint DEFAULT 0 NOT NULL,
	"settled_journal_id" bigint,
	"settled_at" timestamp with time zone,
	CONSTRAINT "bet_lines_amount_positive" CHECK ("bet_lines"."amount" > 0),
	CONSTRAINT "bet_lines_odds_positive" CHECK ("bet_lines"."odds" > 0),
	CONSTRAINT "bet_lines_win_nonneg" CHECK ("bet_lines"."win_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bet_slips" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"draw_id" bigint NOT NULL,
	"type" text NOT NULL,
	"total" bigint NOT NULL,
	"unique_key" text,
	"journal_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bet_slips_total_positive" CHECK ("bet_slips"."total" > 0)
);
--> statement-breakpoint
CREATE TABLE "draws" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"odds" integer NOT NULL,
	"result_source" text NOT NULL,
	"result" text,
	"feed_values" jsonb,
	"feed_error" text,
	"feed_attempts" integer DEFAULT 0 NOT NULL,
	"feed_attempted_at" timestamp with time zone,
	"fair_commitment" text,
	"fair_seed_secret" text,
	"fair_seed" text,
	"entered_by" bigint,
	"resulted_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" bigint,
	"void_reason" text,
	"voided_by" bigint,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draws_closes_before_draw" CHECK ("draws"."closes_at" <= "draws"."draw_at"),
	CONSTRAINT "draws_odds_positive" CHECK ("draws"."odds" > 0),
	CONSTRAINT "draws_void_reason" CHECK ("draws"."status" <> 'void' or "draws"."void_reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "number_exposure" (
	"draw_id" bigint NOT NULL,
	"number" text NOT NULL,
	"staked" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "number_exposure_draw_id_number_pk" PRIMARY KEY("draw_id","number"),
	CONSTRAINT "number_exposure_staked_nonneg" CHECK ("number_exposure"."staked" >= 0)
);
--> statement-breakpoint
CREATE TABLE "number_rules" (
	"type" text NOT NULL,
	"number" text NOT NULL,
	"hot" boolean DEFAULT false NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "number_rules_type_number_pk" PRIMARY KEY("type","number")
);
--> statement-breakpoint
ALTER TABLE "bet_lines" ADD CONSTRAINT "bet_lines_slip_id_bet_slips_id_fk" FOREIGN KEY ("slip_id") REFERENCES "public"."bet_slips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_lines" ADD CONSTRAINT "bet_lines_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_lines" ADD CONSTRAINT "bet_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_slips" ADD CONSTRAINT "bet_slips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_slips" ADD CONSTRAINT "bet_slips_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_exposure" ADD CONSTRAINT "number_exposure_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_rules" ADD CONSTRAINT "number_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bet_lines_slip_number_uq" ON "bet_lines" USING btree ("slip_id","number");--> statement-breakpoint
CREATE INDEX "bet_lines_draw_status_idx" ON "bet_lines" USING btree ("draw_id","status","user_id");--> statement-breakpoint
CREATE INDEX "bet_lines_draw_number_idx" ON "bet_lines" USING btree ("draw_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "bet_slips_unique_key_uq" ON "bet_slips" USING btree ("unique_key");--> statement-breakpoint
CREATE INDEX "bet_slips_user_idx" ON "bet_slips" USING btree ("user_id","type","created_at");--> statement-breakpoint
CREATE INDEX "bet_slips_draw_idx" ON "bet_slips" USING btree ("draw_id");--> statement-breakpoint
CREATE UNIQUE INDEX "draws_type_draw_at_uq" ON "draws" USING btree ("type","draw_at");--> statement-breakpoint
CREATE INDEX "draws_status_draw_at_idx" ON "draws" USING btree ("status","draw_at");