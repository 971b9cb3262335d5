CREATE TABLE "house_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" bigint NOT NULL,
	"user_code" text NOT NULL,
	"game" text NOT NULL,
	"bet" bigint NOT NULL,
	"cash_out" integer,
	"outcome" jsonb NOT NULL,
	"payout" bigint NOT NULL,
	"seed" text NOT NULL,
	"commitment" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"debit_tx" text NOT NULL,
	"credit_tx" text NOT NULL,
	"rollback_tx" text NOT NULL,
	"wallet_status" text,
	"balance_after" bigint,
	"request_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "house_rounds_bet_positive" CHECK ("house_rounds"."bet" > 0),
	CONSTRAINT "house_rounds_payout_nonneg" CHECK ("house_rounds"."payout" >= 0)
);
--> statement-breakpoint
CREATE TABLE "house_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_code" text NOT NULL,
	"game" text NOT NULL,
	"language" text NOT NULL,
	"next_seed" text NOT NULL,
	"next_commitment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "house_rounds" ADD CONSTRAINT "house_rounds_session_id_house_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."house_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "house_rounds_request_key_uq" ON "house_rounds" USING btree ("session_id","request_key");--> statement-breakpoint
CREATE INDEX "house_rounds_player_idx" ON "house_rounds" USING btree ("user_code","game","id");--> statement-breakpoint
CREATE INDEX "house_rounds_open_idx" ON "house_rounds" USING btree ("status","updated_at") WHERE "house_rounds"."status" in ('pending', 'debited');--> statement-breakpoint
CREATE UNIQUE INDEX "house_sessions_token_hash_uq" ON "house_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "house_sessions_user_idx" ON "house_sessions" USING btree ("user_code");