-- Retention (docs/operations.md "Retention"). The housekeeping job deletes or compacts old rows in
-- small batches; these partial indexes let each batch find its rows without walking what stays.
--
-- Idempotency keys: a key answers its stored first response for 24 h after its first use; after
-- that the stored answer is dropped (response set to NULL) and the row stays as a tombstone
-- (user, key, route, request hash, time), so a late replay is refused (IDEMPOTENCY_KEY_EXPIRED)
-- instead of being applied again. Tombstones are kept for good: the journals and slips of a keyed
-- call carry `idem:<user>:<key>` as their unique key for ever, so a key can never be reused anyway.
CREATE INDEX "idempotency_keys_answer_created_idx" ON "idempotency_keys" USING btree ("created_at") WHERE "idempotency_keys"."response" IS NOT NULL;--> statement-breakpoint
-- Sign-in tokens past their expiry are deleted.
CREATE INDEX "auth_tokens_expires_idx" ON "auth_tokens" USING btree ("expires_at");--> statement-breakpoint
-- Provider calls with a bad signature are kept only briefly (valid calls are money evidence and stay).
CREATE INDEX "provider_callbacks_bad_signature_idx" ON "provider_callbacks" USING btree ("received_at") WHERE NOT "provider_callbacks"."signature_ok";
