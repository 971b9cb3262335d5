-- Web Push: the browsers players allowed to notify them, and the notifications waiting to be sent.
CREATE TABLE "push_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL CONSTRAINT "push_subscriptions_user_id_users_id_fk" REFERENCES "users"("id"),
	"token_id" bigint NOT NULL CONSTRAINT "push_subscriptions_token_id_auth_tokens_id_fk" REFERENCES "auth_tokens"("id") ON DELETE CASCADE,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"language" text DEFAULT 'mm' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "push_subscriptions_language_check" CHECK ("language" IN ('mm', 'en', 'cn', 'thai'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_uq" ON "push_subscriptions" USING btree ("endpoint");
--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "push_subscriptions_token_idx" ON "push_subscriptions" USING btree ("token_id");
--> statement-breakpoint
CREATE TABLE "push_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" bigint NOT NULL CONSTRAINT "push_deliveries_subscription_id_push_subscriptions_id_fk" REFERENCES "push_subscriptions"("id") ON DELETE CASCADE,
	"topic" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "push_deliveries_due_idx" ON "push_deliveries" USING btree ("next_attempt_at","id");
--> statement-breakpoint
CREATE INDEX "push_deliveries_subscription_idx" ON "push_deliveries" USING btree ("subscription_id");
--> statement-breakpoint
CREATE TABLE "push_draw_announcements" (
	"draw_id" bigint PRIMARY KEY NOT NULL CONSTRAINT "push_draw_announcements_draw_id_draws_id_fk" REFERENCES "draws"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "outbox_cash_request_pending_idx" ON "outbox" USING btree ("id") WHERE "topic" = 'cash_request' AND "delivered_at" IS NULL;
