-- wallet_rollback: a provider's rollback of a debit in one database call (decisions 0010, 0013, 0024).
-- Called by modules/providers/wallet-one-call.ts, in money_batch's wallet lane. It does what the general
-- path (wallet.service.ts dispatch, wallet-transaction.ts runWalletCall, wallet-rollback.ts
-- applyRollback) does for a rollback that refunds a debit, with the same locks in the same order (the
-- transaction id aside) and the same rows, the raw callback included. The transaction id is written
-- last, with its answer: a repeat that finds it taken is undone whole.
-- It never refuses a call itself: it hands the call back untouched with SQLSTATE SWW01 and the message
-- "wallet_rollback: <REASON>" or "wallet_rollback: <REASON> {"balance": …}" (the game balance the
-- refusal answers with), the reasons in the order the general path judges a rollback
-- (WALLET_REASONS.rollback in wallet-one-call.ts, held by wallet-reasons.test.ts):
--   PROVIDER_MISSING  the provider is not in the catalogue                                 answered PROVIDER_DISABLED
--   PLAYER            no player has this user code                                         answered UNKNOWN_PLAYER
--   DEBIT_MISSING     the debit named was never seen (a placeholder is recorded)            general path
--   NOT_A_DEBIT       {balance}: the id named is not a debit of this player                answered TRANSACTION_NOT_FOUND
--   ROLLED_BACK       {balance}: the debit is already rolled back                          answered ALREADY_ROLLED_BACK
--   AMOUNT            {balance}: the amount differs from the debit's                       answered INVALID_REQUEST
--   DEBIT_REFUSED     the debit was refused, nothing to refund (answered OK)               general path
--   ROUND_MISSING     the debit's round is gone                                            general path
--   SETTLED           {balance}: the debit's round has ended                               answered ALREADY_SETTLED
--   ACCOUNTS          the player's ledger accounts are not all there                       general path
--   JOURNAL           the debit's journal is missing or already reversed                   general path
--   ENTRIES           the debit's journal is not one game entry and one house entry        general path
--   REPEAT            the transaction id is taken (a repeat or a duplicate)                general path
-- An answered refusal is kept as the general path keeps it: the transaction id claimed with the
-- answer and the raw callback, in one statement; if the id was taken meanwhile, the general path.
CREATE OR REPLACE FUNCTION wallet_rollback(
  p_provider text,
  p_user_code text,
  p_txid text,
  p_ref text,
  p_round text,
  p_game text,
  p_amount bigint,
  p_hash text,
  p_account_kinds integer,
  p_cb_provider text,
  p_cb_action text,
  p_cb_headers jsonb,
  p_cb_raw text,
  p_cb_ip text
) RETURNS TABLE (out_user bigint, out_balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_user bigint;
  v_claim bigint;
  v_answer jsonb;
  v_debit provider_transactions%ROWTYPE;
  v_round provider_rounds%ROWTYPE;
  v_original journals%ROWTYPE;
  v_kinds integer;
  v_game_id bigint;
  v_game bigint;
  v_after bigint;
  v_house_id bigint;
  v_house_code text;
  v_house_after bigint;
  v_player_entries integer;
  v_other_entries integer;
  v_journal bigint;
  v_bet bigint;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM providers p WHERE upper(p.code) = p_provider) THEN
    RAISE EXCEPTION 'wallet_rollback: PROVIDER_MISSING' USING ERRCODE = 'SWW01';
  END IF;
  SELECT u.id INTO v_user FROM users u WHERE u.user_code = p_user_code LIMIT 1;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'wallet_rollback: PLAYER' USING ERRCODE = 'SWW01';
  END IF;

  -- The debit it cancels, locked: it must be this player's applied debit, not rolled back yet.
  SELECT t.* INTO v_debit FROM provider_transactions t
   WHERE t.provider = p_provider AND t.transaction_id = p_ref
   LIMIT 1
     FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'wallet_rollback: DEBIT_MISSING' USING ERRCODE = 'SWW01';
  END IF;
  IF v_debit.action IS DISTINCT FROM 'debit' OR v_debit.user_id IS DISTINCT FROM v_user THEN
    RAISE EXCEPTION 'wallet_rollback: NOT_A_DEBIT %', wallet_readings(v_user) USING ERRCODE = 'SWW01';
  END IF;
  IF v_debit.placeholder OR v_debit.rolled_back_by IS NOT NULL THEN
    RAISE EXCEPTION 'wallet_rollback: ROLLED_BACK %', wallet_readings(v_user) USING ERRCODE = 'SWW01';
  END IF;
  IF p_amount IS NOT NULL AND p_amount IS DISTINCT FROM v_debit.amount THEN
    RAISE EXCEPTION 'wallet_rollback: AMOUNT %', wallet_readings(v_user) USING ERRCODE = 'SWW01';
  END IF;
  IF v_debit.status <> 'OK' OR v_debit.journal_id IS NULL OR v_debit.round_ref IS NULL THEN
    RAISE EXCEPTION 'wallet_rollback: DEBIT_REFUSED' USING ERRCODE = 'SWW01';
  END IF;

  SELECT r.* INTO v_round FROM provider_rounds r WHERE r.id = v_debit.round_ref LIMIT 1 FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'wallet_rollback: ROUND_MISSING' USING ERRCODE = 'SWW01';
  END IF;
  IF v_round.status = 'settled' THEN
    RAISE EXCEPTION 'wallet_rollback: SETTLED %', wallet_readings(v_user) USING ERRCODE = 'SWW01';
  END IF;

  SELECT count(DISTINCT x.kind), max(x.id) FILTER (WHERE x.kind = 'game'), max(x.balance) FILTER (WHERE x.kind = 'game')
    INTO v_kinds, v_game_id, v_game
    FROM (SELECT a.id, a.kind, a.balance FROM ledger_accounts a WHERE a.user_id = v_user ORDER BY a.id FOR UPDATE) AS x;
  IF v_kinds <> p_account_kinds OR v_game_id IS NULL THEN
    RAISE EXCEPTION 'wallet_rollback: ACCOUNTS' USING ERRCODE = 'SWW01';
  END IF;

  -- The debit's journal, reversed (ledger.service.ts reverseJournal): exactly the player's game
  -- account and one house account, never reversed before.
  SELECT j.* INTO v_original FROM journals j WHERE j.id = v_debit.journal_id;
  IF NOT FOUND OR EXISTS (SELECT 1 FROM journals j WHERE j.reverses_id = v_debit.journal_id) THEN
    RAISE EXCEPTION 'wallet_rollback: JOURNAL' USING ERRCODE = 'SWW01';
  END IF;
  SELECT count(*) FILTER (WHERE e.account_id = v_game_id AND e.amount = -v_debit.amount),
         count(*) FILTER (WHERE e.account_id <> v_game_id AND a.user_id IS NULL AND e.amount = v_debit.amount),
         max(a.code) FILTER (WHERE a.user_id IS NULL)
    INTO v_player_entries, v_other_entries, v_house_code
    FROM journal_entries e JOIN ledger_accounts a ON a.id = e.account_id
   WHERE e.journal_id = v_debit.journal_id;
  IF v_player_entries <> 1 OR v_other_entries <> 1
     OR (SELECT count(*) FROM journal_entries e WHERE e.journal_id = v_debit.journal_id) <> 2 THEN
    RAISE EXCEPTION 'wallet_rollback: ENTRIES' USING ERRCODE = 'SWW01';
  END IF;

  UPDATE ledger_accounts a SET balance = a.balance - v_debit.amount WHERE a.code = v_house_code
  RETURNING a.id, a.balance INTO v_house_id, v_house_after;
  UPDATE ledger_accounts a SET balance = a.balance + v_debit.amount WHERE a.id = v_game_id RETURNING a.balance INTO v_after;
  INSERT INTO journals (kind, user_id, unique_key, reverses_id, ref_type, ref_id, meta)
  VALUES ('casino_bet_rollback', v_original.user_id, 'provider:' || p_provider || ':' || p_txid, v_original.id,
          v_original.ref_type, v_original.ref_id,
          jsonb_build_object('provider', p_provider, 'transaction_id', p_txid, 'reference_transaction_id', p_ref,
                             'round_id', v_round.round_id))
  RETURNING id INTO v_journal;
  INSERT INTO journal_entries (journal_id, account_id, amount, balance_after)
  VALUES (v_journal, v_game_id, v_debit.amount, v_after), (v_journal, v_house_id, -v_debit.amount, v_house_after);
  INSERT INTO outbox (topic, user_id, payload)
  VALUES ('balance', v_user, jsonb_build_object('journal_id', v_journal, 'kind', 'casino_bet_rollback'));

  UPDATE provider_transactions t SET rolled_back_by = p_txid, updated_at = now() WHERE t.id = v_debit.id;
  v_bet := greatest(0, v_round.bet - coalesce(v_debit.amount, 0));
  UPDATE provider_rounds r
     SET bet = v_bet, balance_after = v_after,
         status = CASE WHEN v_bet = 0 AND r.payout = 0 THEN 'rolled_back' ELSE r.status END, updated_at = now()
   WHERE r.id = v_round.id;

  -- The transaction id last, with its answer: a repeat of it committed meanwhile (or still in
  -- flight, waited for) finds it taken, and the whole call is undone for the general path.
  v_answer := jsonb_build_object('status', 'OK', 'balance', v_after, 'transaction_id', p_txid);
  INSERT INTO provider_transactions (provider, transaction_id, action, user_id, round_id, game_code, amount, kind,
                                     reference_transaction_id, request_hash, status, answer, journal_id, round_ref,
                                     balance_before, balance_after, updated_at)
  VALUES (p_provider, p_txid, 'rollback', v_user, p_round, p_game, p_amount, NULL, p_ref, p_hash, 'OK', v_answer,
          v_journal, v_round.id, v_game, v_after, now())
  ON CONFLICT DO NOTHING
  RETURNING id INTO v_claim;
  IF v_claim IS NULL THEN
    RAISE EXCEPTION 'wallet_rollback: REPEAT' USING ERRCODE = 'SWW01';
  END IF;
  INSERT INTO provider_callbacks (provider, action, headers, raw_body, signature_ok, transaction_id, status, answer, ip)
  VALUES (p_cb_provider, p_cb_action, p_cb_headers, p_cb_raw, true, p_txid, 'OK', v_answer, p_cb_ip);
  RETURN QUERY SELECT v_user, v_after;
END;
$$;
