-- A live balance push marks its player's balance rows delivered (realtime.repository.ts
-- markBalanceDelivered: topic 'balance', the player, not yet delivered). The only index it could use
-- was outbox_pending_idx (delivered_at, id), so each push read every undelivered row of every player:
-- the balance changes of players without an open socket stay undelivered until pruned after a day,
-- and a draw-time rush pushed thousands of balances, each reading all of them. With this index a push
-- reads its own player's rows only. The table holds about a day of balance rows (pruned), so the
-- index is built at once.
CREATE INDEX IF NOT EXISTS "outbox_balance_pending_idx" ON "outbox" USING btree ("user_id") WHERE "topic" = 'balance' AND "delivered_at" IS NULL;
