-- wallet_debit: a provider's debit (a bet on a round) in one database call (decisions 0010, 0013, 0024, 0025).
-- Called by modules/providers/wallet-one-call.ts, in money_batch's wallet lane. It does what the general
-- path (wallet.service.ts dispatch, wallet-transaction.ts runWalletCall, wallet-debit.ts applyDebit)
-- does for a debit it answers OK, with the same locks in the same order (the transaction id aside) and
-- the same rows, the raw callback included. The transaction id is written last, with its answer: a
-- repeat that finds it taken is undone whole. p_now is the server's instant (ctx.clock, decision 0025):
-- the break is judged by it, as the general path's lockWalletUser judges it.
-- It never refuses a call itself: it hands the call back untouched with SQLSTATE SWW01 and the message
-- "wallet_debit: <REASON>" or "wallet_debit: <REASON> {"balance": …}" (the game balance the refusal
-- answers with), the reasons in the order the general path judges a debit (WALLET_REASONS.debit in
-- wallet-one-call.ts, held by wallet-reasons.test.ts):
--   SHAPE             the amount is missing or not positive, or no p_now                   general path
--   PROVIDER_MISSING  the provider is not in the catalogue                                 answered PROVIDER_DISABLED
--   PLAYER            no player has this user code                                         answered UNKNOWN_PLAYER
--   PROVIDER_CLOSED   the provider is off or in maintenance (a repeat keeps its answer)      general path
--   SETTLED           {balance}: the round has ended                                       answered ALREADY_SETTLED
--   BLOCKED           {balance}: the player is blocked or on a break (at p_now)             answered PLAYER_BLOCKED
--   ACCOUNTS          the player's ledger accounts are not all there                       general path
--   FUNDS             {balance}: the game balance is below the amount                      answered INSUFFICIENT_FUNDS
--   HOUSE_ACCOUNT     the provider's house shard is missing (its first call creates it)    general path
--   REPEAT            the transaction id is taken (a repeat, a duplicate, a rolled-back id) general path
-- An answered refusal is kept as the general path keeps it: the transaction id claimed with the
-- answer and the raw callback, in one statement; if the id was taken meanwhile, the general path.
CREATE OR REPLACE FUNCTION wallet_debit(
  p_provider text,
  p_user_code text,
  p_txid text,
  p_round text,
  p_game text,
  p_amount bigint,
  p_hash text,
  p_house_shards integer,
  p_account_kinds integer,
  p_cb_provider text,
  p_cb_action text,
  p_cb_headers jsonb,
  p_cb_raw text,
  p_cb_ip text,
  p_now timestamptz
) RETURNS TABLE (out_user bigint, out_balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_user bigint;
  v_active boolean;
  v_maintenance boolean;
  v_claim bigint;
  v_answer jsonb;
  v_round provider_rounds%ROWTYPE;
  v_blocked boolean;
  v_excluded boolean;
  v_kinds integer;
  v_game_id bigint;
  v_game bigint;
  v_after bigint;
  v_house_id bigint;
  v_house_after bigint;
  v_journal bigint;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 OR p_now IS NULL THEN
    RAISE EXCEPTION 'wallet_debit: SHAPE' USING ERRCODE = 'SWW01';
  END IF;
  -- The provider in the catalogue, the player known, then the provider taking bets (active, not in
  -- maintenance), as wallet.service.ts dispatch judges them.
  SELECT p.active, p.maintenance INTO v_active, v_maintenance FROM providers p WHERE upper(p.code) = p_provider LIMIT 1;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'wallet_debit: PROVIDER_MISSING' USING ERRCODE = 'SWW01';
  END IF;
  SELECT u.id INTO v_user FROM users u WHERE u.user_code = p_user_code LIMIT 1;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'wallet_debit: PLAYER' USING ERRCODE = 'SWW01';
  END IF;
  IF NOT (v_active AND NOT v_maintenance) THEN
    RAISE EXCEPTION 'wallet_debit: PROVIDER_CLOSED' USING ERRCODE = 'SWW01';
  END IF;

  -- The round, created if new, and locked (provider-rounds.repository.ts ensureAndLockRound).
  INSERT INTO provider_rounds (provider, user_id, round_id, game_code)
  VALUES (p_provider, v_user, p_round, p_game)
  ON CONFLICT (provider, user_id, round_id) DO UPDATE SET updated_at = provider_rounds.updated_at
  RETURNING * INTO v_round;
  IF v_round.status = 'settled' THEN
    RAISE EXCEPTION 'wallet_debit: SETTLED %', wallet_readings(v_user) USING ERRCODE = 'SWW01';
  END IF;

  SELECT u.blocked, (u.excluded_forever OR coalesce(u.excluded_until > p_now, false))
    INTO v_blocked, v_excluded
    FROM users u WHERE u.id = v_user
     FOR NO KEY UPDATE;
  IF v_blocked OR v_excluded THEN
    RAISE EXCEPTION 'wallet_debit: BLOCKED %', wallet_readings(v_user) USING ERRCODE = 'SWW01';
  END IF;

  -- Every account of the player locked (ascending id), then the funds checked under the lock.
  SELECT count(DISTINCT x.kind), max(x.id) FILTER (WHERE x.kind = 'game'), max(x.balance) FILTER (WHERE x.kind = 'game')
    INTO v_kinds, v_game_id, v_game
    FROM (SELECT a.id, a.kind, a.balance FROM ledger_accounts a WHERE a.user_id = v_user ORDER BY a.id FOR UPDATE) AS x;
  IF v_kinds <> p_account_kinds OR v_game_id IS NULL THEN
    RAISE EXCEPTION 'wallet_debit: ACCOUNTS' USING ERRCODE = 'SWW01';
  END IF;
  IF v_game < p_amount THEN
    RAISE EXCEPTION 'wallet_debit: FUNDS %', jsonb_build_object('balance', v_game)::text USING ERRCODE = 'SWW01';
  END IF;

  UPDATE ledger_accounts a SET balance = a.balance + p_amount
   WHERE a.code = 'house:casino:' || lower(p_provider) || ':' || (v_user % p_house_shards)
  RETURNING a.id, a.balance INTO v_house_id, v_house_after;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'wallet_debit: HOUSE_ACCOUNT' USING ERRCODE = 'SWW01';
  END IF;
  UPDATE ledger_accounts a SET balance = a.balance - p_amount WHERE a.id = v_game_id RETURNING a.balance INTO v_after;
  INSERT INTO journals (kind, user_id, unique_key, ref_type, ref_id, meta)
  VALUES ('casino_bet', v_user, 'provider:' || p_provider || ':' || p_txid, 'provider_round', v_round.id::text,
          jsonb_build_object('provider', p_provider, 'transaction_id', p_txid, 'round_id', p_round, 'game_code', p_game))
  RETURNING id INTO v_journal;
  INSERT INTO journal_entries (journal_id, account_id, amount, balance_after)
  VALUES (v_journal, v_game_id, -p_amount, v_after), (v_journal, v_house_id, p_amount, v_house_after);
  INSERT INTO outbox (topic, user_id, payload)
  VALUES ('balance', v_user, jsonb_build_object('journal_id', v_journal, 'kind', 'casino_bet'));

  UPDATE provider_rounds r
     SET bet = r.bet + p_amount, before_balance = coalesce(r.before_balance, v_game), balance_after = v_after,
         status = 'open', game_code = coalesce(r.game_code, p_game), updated_at = now()
   WHERE r.id = v_round.id;

  -- The transaction id last, with its answer: a repeat of it committed meanwhile (or still in
  -- flight, waited for) finds it taken, and the whole call is undone for the general path.
  v_answer := jsonb_build_object('status', 'OK', 'balance', v_after, 'transaction_id', p_txid);
  INSERT INTO provider_transactions (provider, transaction_id, action, user_id, round_id, game_code, amount, kind,
                                     reference_transaction_id, request_hash, status, answer, journal_id, round_ref,
                                     balance_before, balance_after, updated_at)
  VALUES (p_provider, p_txid, 'debit', v_user, p_round, p_game, p_amount, NULL, NULL, p_hash, 'OK', v_answer,
          v_journal, v_round.id, v_game, v_after, now())
  ON CONFLICT DO NOTHING
  RETURNING id INTO v_claim;
  IF v_claim IS NULL THEN
    RAISE EXCEPTION 'wallet_debit: REPEAT' USING ERRCODE = 'SWW01';
  END IF;
  INSERT INTO provider_callbacks (provider, action, headers, raw_body, signature_ok, transaction_id, status, answer, ip)
  VALUES (p_cb_provider, p_cb_action, p_cb_headers, p_cb_raw, true, p_txid, 'OK', v_answer, p_cb_ip);
  RETURN QUERY SELECT v_user, v_after;
END;
$$;
