-- GSC+ seamless wallet (docs/provider-wallet.md "GSC+ seamless wallet", decisions 0015 and 0016).
-- gsc_wallets: per player, the sub-kyat remainder (0 <= r < 1 kyat, in ten-thousandths of a kyat)
-- beside the whole-kyat game balance of the ledger, and the player's debt to the house left by an
-- overdrawing correction (RESETTLED); a player has a remainder or a debt, never both.
CREATE TABLE "gsc_wallets" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"remainder_e4" bigint DEFAULT 0 NOT NULL,
	"debt_e4" bigint DEFAULT 0 NOT NULL,
	"debt_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gsc_wallets_remainder_range" CHECK ("gsc_wallets"."remainder_e4" >= 0 and "gsc_wallets"."remainder_e4" < 10000),
	CONSTRAINT "gsc_wallets_debt_nonneg" CHECK ("gsc_wallets"."debt_e4" >= 0),
	CONSTRAINT "gsc_wallets_debt_or_remainder" CHECK ("gsc_wallets"."debt_e4" = 0 or "gsc_wallets"."remainder_e4" = 0)
);
--> statement-breakpoint
ALTER TABLE "gsc_wallets" ADD CONSTRAINT "gsc_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "gsc_wallets_debt_idx" ON "gsc_wallets" USING btree ("debt_since") WHERE "gsc_wallets"."debt_e4" > 0;
--> statement-breakpoint
-- gsc_transactions: one row per APPLIED aggregator transaction id (global key); a refused one leaves no row.
CREATE TABLE "gsc_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"product_code" integer NOT NULL,
	"action" text NOT NULL,
	"wager_code" text,
	"round_id" text,
	"game_code" text,
	"currency" text NOT NULL,
	"amount_e4" bigint NOT NULL,
	"kyat_moved" bigint DEFAULT 0 NOT NULL,
	"journal_id" bigint,
	"round_ref" bigint,
	"balance_before_e4" bigint,
	"balance_after_e4" bigint,
	"request_hash" text NOT NULL,
	"request" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gsc_transactions" ADD CONSTRAINT "gsc_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "gsc_transactions_uq" ON "gsc_transactions" USING btree ("transaction_id");
--> statement-breakpoint
CREATE INDEX "gsc_transactions_user_idx" ON "gsc_transactions" USING btree ("user_id","created_at");
--> statement-breakpoint
-- gsc_wagers: one row per (product, wager_code): exact stake and payout, the last status seen, the
-- pushed snapshot, and cancels that came before their bet.
CREATE TABLE "gsc_wagers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_code" integer NOT NULL,
	"wager_code" text NOT NULL,
	"user_id" bigint NOT NULL,
	"currency" text,
	"round_ref" bigint,
	"wager_status" text,
	"bet_e4" bigint DEFAULT 0 NOT NULL,
	"payout_e4" bigint DEFAULT 0 NOT NULL,
	"has_bet" boolean DEFAULT false NOT NULL,
	"cancelled_before_bet" boolean DEFAULT false NOT NULL,
	"pushed" jsonb,
	"pushed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gsc_wagers" ADD CONSTRAINT "gsc_wagers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "gsc_wagers_uq" ON "gsc_wagers" USING btree ("product_code","wager_code");
--> statement-breakpoint
CREATE INDEX "gsc_wagers_user_idx" ON "gsc_wagers" USING btree ("user_id","created_at");
