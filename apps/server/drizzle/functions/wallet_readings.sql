-- wallet_readings: what a refusal of a provider's wallet call answers with, read by wallet_debit,
-- wallet_credit and wallet_rollback only when they hand a call back with a reason the server answers
-- (decision 0024): the player's game balance, as the general path reads it after undoing the
-- action (wallet-transaction.ts gameBalanceOf; 0 when the player has no game account).
CREATE OR REPLACE FUNCTION wallet_readings(p_user bigint) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'balance', coalesce((SELECT a.balance FROM ledger_accounts a WHERE a.user_id = p_user AND a.kind = 'game' LIMIT 1), 0)
  )::text
$$;
