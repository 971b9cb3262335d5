-- Sign-out ends everything: a house play session belongs to the sign-in (auth token) that launched
-- it and lives only while that token does; the launch URL carries a one-time launch code, exchanged
-- once for the play session token. Revoking a token, or blocking an account, is announced on the
-- `session_end` channel (delivered at commit) so every server process closes its sockets at once.
ALTER TABLE "house_sessions" ADD COLUMN "auth_token_id" bigint;
--> statement-breakpoint
ALTER TABLE "house_sessions" ADD CONSTRAINT "house_sessions_auth_token_id_auth_tokens_id_fk" FOREIGN KEY ("auth_token_id") REFERENCES "public"."auth_tokens"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "house_sessions_auth_token_idx" ON "house_sessions" USING btree ("auth_token_id");
--> statement-breakpoint
ALTER TABLE "house_sessions" ADD COLUMN "launch_code_hash" text;
--> statement-breakpoint
ALTER TABLE "house_sessions" ADD COLUMN "launch_expires_at" timestamp with time zone;
--> statement-breakpoint
CREATE UNIQUE INDEX "house_sessions_launch_code_uq" ON "house_sessions" USING btree ("launch_code_hash");
--> statement-breakpoint
ALTER TABLE "house_sessions" ALTER COLUMN "token_hash" DROP NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "session_end_token_revoked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_end', 't:' || NEW.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "auth_tokens_revoked_notify" AFTER UPDATE OF "revoked_at" ON "auth_tokens"
  FOR EACH ROW WHEN (OLD."revoked_at" IS NULL AND NEW."revoked_at" IS NOT NULL)
  EXECUTE FUNCTION "session_end_token_revoked"();
--> statement-breakpoint
CREATE FUNCTION "session_end_user_blocked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_end', 'b:' || NEW.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_blocked_notify" AFTER UPDATE OF "blocked" ON "users"
  FOR EACH ROW WHEN (NOT OLD."blocked" AND NEW."blocked")
  EXECUTE FUNCTION "session_end_user_blocked"();
