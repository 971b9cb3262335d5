CREATE TABLE "provider_callbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"action" text NOT NULL,
	"headers" jsonb NOT NULL,
	"raw_body" text NOT NULL,
	"signature_ok" boolean NOT NULL,
	"transaction_id" text,
	"status" text NOT NULL,
	"answer" jsonb NOT NULL,
	"ip" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"round_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"game_code" text,
	"bet" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"before_balance" bigint,
	"balance_after" bigint,
	"status" text DEFAULT 'open' NOT NULL,
	"referrer_id" bigint,
	"referral_share" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"updated_at" timestamp with time zone,
	CONSTRAINT "provider_rounds_amounts_nonneg" CHECK ("provider_rounds"."bet" >= 0 and "provider_rounds"."payout" >= 0 and "provider_rounds"."valid_bet" >= 0 and "provider_rounds"."referral_share" >= 0)
);
--> statement-breakpoint
CREATE TABLE "provider_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"action" text NOT NULL,
	"user_id" bigint NOT NULL,
	"round_id" text,
	"round_ref" bigint,
	"game_code" text,
	"amount" bigint,
	"kind" text,
	"reference_transaction_id" text,
	"request_hash" text,
	"status" text NOT NULL,
	"answer" jsonb,
	"journal_id" bigint,
	"balance_before" bigint,
	"balance_after" bigint,
	"placeholder" boolean DEFAULT false NOT NULL,
	"rolled_back_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "provider_transactions_amount_nonneg" CHECK ("provider_transactions"."amount" is null or "provider_transactions"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "provider_rounds" ADD CONSTRAINT "provider_rounds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_transactions" ADD CONSTRAINT "provider_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_callbacks_received_idx" ON "provider_callbacks" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "provider_callbacks_tx_idx" ON "provider_callbacks" USING btree ("provider","transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_rounds_uq" ON "provider_rounds" USING btree ("provider","user_id","round_id");--> statement-breakpoint
CREATE INDEX "provider_rounds_user_idx" ON "provider_rounds" USING btree ("user_id","provider","created_at");--> statement-breakpoint
CREATE INDEX "provider_rounds_referrer_idx" ON "provider_rounds" USING btree ("referrer_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_transactions_uq" ON "provider_transactions" USING btree ("provider","transaction_id");--> statement-breakpoint
CREATE INDEX "provider_transactions_user_idx" ON "provider_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "provider_transactions_round_idx" ON "provider_transactions" USING btree ("round_ref");