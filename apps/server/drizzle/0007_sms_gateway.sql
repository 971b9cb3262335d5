-- SMS deliveries: one row per message handed to the SMS gateway, with its delivery status.
-- Never the message text or a code: only who, why, how it went.
CREATE TABLE "sms_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"gateway" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider_message_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_deliveries_status_known" CHECK ("sms_deliveries"."status" in ('queued', 'sent', 'failed')),
	CONSTRAINT "sms_deliveries_attempts_nonneg" CHECK ("sms_deliveries"."attempts" >= 0)
);
--> statement-breakpoint
CREATE INDEX "sms_deliveries_phone_idx" ON "sms_deliveries" USING btree ("phone","created_at");
--> statement-breakpoint
CREATE INDEX "sms_deliveries_status_idx" ON "sms_deliveries" USING btree ("status","created_at");
