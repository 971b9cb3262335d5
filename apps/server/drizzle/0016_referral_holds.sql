-- Referral earnings that cannot be farmed (domain-rules §7).
-- signup_origins: where each account signed up from (the browser's device id and the client IP with
-- its /24 or /64 range), to refuse self-referral and to spot many referees from one device or network.
-- referral_accruals: each referee's running net casino loss and the high-water mark the referrer's
-- share was paid on (so wins cancel losses first and no loss is paid on twice), plus the carried
-- fraction of a kyat. referral_holds: referrers flagged for farming; while held their earnings
-- accrue but cannot be claimed until an operator clears them or forfeits them to the house.
CREATE TABLE "signup_origins" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"referred_by" bigint,
	"device_id" text,
	"ip" text,
	"ip_range" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signup_origins" ADD CONSTRAINT "signup_origins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "signup_origins" ADD CONSTRAINT "signup_origins_referred_by_users_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "signup_origins_referrer_idx" ON "signup_origins" USING btree ("referred_by","created_at");
--> statement-breakpoint
CREATE INDEX "signup_origins_device_idx" ON "signup_origins" USING btree ("device_id");
--> statement-breakpoint
CREATE TABLE "referral_accruals" (
	"referee_id" bigint PRIMARY KEY NOT NULL,
	"referrer_id" bigint NOT NULL,
	"net_loss" bigint DEFAULT 0 NOT NULL,
	"paid_loss" bigint DEFAULT 0 NOT NULL,
	"carry" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_accruals_mark" CHECK ("referral_accruals"."paid_loss" >= 0 and "referral_accruals"."net_loss" <= "referral_accruals"."paid_loss"),
	CONSTRAINT "referral_accruals_carry" CHECK ("referral_accruals"."carry" between 0 and 9999)
);
--> statement-breakpoint
ALTER TABLE "referral_accruals" ADD CONSTRAINT "referral_accruals_referee_id_users_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "referral_accruals" ADD CONSTRAINT "referral_accruals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "referral_holds" (
	"referrer_id" bigint PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"flagged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" bigint,
	"decision_reason" text,
	"forfeited_total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "referral_holds_status" CHECK ("referral_holds"."status" in ('held', 'cleared', 'forfeited')),
	CONSTRAINT "referral_holds_forfeited_nonneg" CHECK ("referral_holds"."forfeited_total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "referral_holds" ADD CONSTRAINT "referral_holds_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "referral_holds" ADD CONSTRAINT "referral_holds_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "referral_holds_status_idx" ON "referral_holds" USING btree ("status","flagged_at");
