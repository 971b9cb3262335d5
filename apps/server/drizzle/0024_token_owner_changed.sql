-- Any change that can alter what token_owner answers for an existing token (a token updated or deleted:
-- revoked, expiry moved, second factor passed; an account's blocked flag or role changed) is announced
-- on the `token_owner_changed` channel, delivered at commit. The embedded database's process keeps the
-- owners of players' tokens in memory (auth/token-cache.ts) and drops them all on it, so an answer
-- from memory is never older than the last committed change. New tokens need no notice.
CREATE FUNCTION "token_owner_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('token_owner_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "auth_tokens_owner_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "auth_tokens"
  FOR EACH STATEMENT EXECUTE FUNCTION "token_owner_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_owner_changed" AFTER UPDATE OF "blocked", "role" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "token_owner_changed"();
--> statement-breakpoint
CREATE TRIGGER "operator_totp_owner_changed" AFTER INSERT OR UPDATE OR DELETE ON "operator_totp"
  FOR EACH STATEMENT EXECUTE FUNCTION "token_owner_changed"();
