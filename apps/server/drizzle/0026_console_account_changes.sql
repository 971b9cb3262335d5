-- Console accounts: who asked for an account or its last change, and the changes that wait for a second admin (invitations included).
ALTER TABLE "users" ADD COLUMN "console_changed_by" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_console_changed_by_users_id_fk" FOREIGN KEY ("console_changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "console_account_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"target_user_id" bigint,
	"phone" text,
	"name" text,
	"role" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" bigint NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"invitation_hash" text,
	"invitation_expires_at" timestamp with time zone,
	"invitation_completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "console_account_changes_create_ck" CHECK (kind <> 'create' or (phone is not null and name is not null and role is not null)),
	CONSTRAINT "console_account_changes_kind_ck" CHECK (kind in ('create', 'role', 'second_factor_reset')),
	CONSTRAINT "console_account_changes_status_ck" CHECK (status in ('pending', 'applied', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "console_account_changes" ADD CONSTRAINT "console_account_changes_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_account_changes" ADD CONSTRAINT "console_account_changes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_account_changes" ADD CONSTRAINT "console_account_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "console_account_changes_invitation_uq" ON "console_account_changes" USING btree ("invitation_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "console_account_changes_pending_phone_uq" ON "console_account_changes" USING btree ("phone") WHERE kind = 'create' and status = 'pending';--> statement-breakpoint
CREATE INDEX "console_account_changes_status_idx" ON "console_account_changes" USING btree ("status");
