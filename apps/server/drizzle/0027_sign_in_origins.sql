-- Server-side signals of self-referral (docs/operations.md "Referral farming"): the user agent of each
-- sign-up, and where each sign-in came from (client address and user agent, kept 90 days by the
-- housekeeping), to notice a referrer and a referee using one browser on one network.
ALTER TABLE "signup_origins" ADD COLUMN "user_agent" text;
--> statement-breakpoint
CREATE TABLE "sign_in_origins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_in_origins" ADD CONSTRAINT "sign_in_origins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "sign_in_origins_ip_idx" ON "sign_in_origins" USING btree ("ip","created_at");
--> statement-breakpoint
CREATE INDEX "sign_in_origins_created_idx" ON "sign_in_origins" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "signup_origins_ip_idx" ON "signup_origins" USING btree ("ip","created_at");
