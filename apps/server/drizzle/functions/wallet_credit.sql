-- wallet_credit: a provider's credit (a round's result) in one database call (decisions 0010, 0013,
-- 0024). Called by modules/providers/wallet-one-call.ts, in money_batch's wallet lane. It does what the
-- general path (wallet.service.ts dispatch, wallet-transaction.ts runWalletCall, wallet-credit.ts
-- applyCredit and settlement.ts) does for a credit it answers OK, with the same locks in the same order
-- (the transaction id aside) and the same rows, the raw callback included. The transaction id is
-- written last, with its answer: a repeat that finds it taken is undone whole.
-- It never refuses a call itself: it hands the call back untouched with SQLSTATE SWW01 and the message
-- "wallet_credit: <REASON>" or "wallet_credit: <REASON> {"balance": …}" (the game balance the refusal
-- answers with), the reasons in the order the general path judges a credit (WALLET_REASONS.credit in
-- wallet-one-call.ts, held by wallet-reasons.test.ts):
--   SHAPE                 the amount is missing or negative, or the kind unknown               general path
--   PROVIDER_MISSING      the provider is not in the catalogue                                 answered PROVIDER_DISABLED
--   PLAYER                no player has this user code                                         answered UNKNOWN_PLAYER
--   FREE_ROUNDS           the provider sends free-round credits (a round without a debit)      general path
--   ROUND_MISSING         {balance}: the player has no such round at this provider             answered TRANSACTION_NOT_FOUND
--   ROLLED_BACK           {balance}: the round's bets were all rolled back                     answered ALREADY_ROLLED_BACK
--   NO_DEBIT              {balance}: the round holds no applied debit that stands              answered TRANSACTION_NOT_FOUND
--   SETTLED               {balance}: a win for a round that has ended                          answered ALREADY_SETTLED
--   LATE_CREDIT           a bonus or jackpot for a round that has ended (added to its payout)  general path
--   REFERRED              a referred player's round pays the referrer a share                  general path
--   ACCOUNTS              the player's ledger accounts are not all there                       general path
--   HOUSE_ACCOUNT         the provider's house shard is missing (its first call creates it)    general path
--   POINTS_HOUSE_ACCOUNT  the casino points house shard is missing                             general path
--   REPEAT                the transaction id is taken (a repeat or a duplicate)                general path
-- An answered refusal is kept as the general path keeps it: the transaction id claimed with the
-- answer and the raw callback, in one statement; if the id was taken meanwhile, the general path.
CREATE OR REPLACE FUNCTION wallet_credit(
  p_provider text,
  p_user_code text,
  p_txid text,
  p_round text,
  p_game text,
  p_amount bigint,
  p_kind text,
  p_hash text,
  p_house_shards integer,
  p_points_shards integer,
  p_default_kyat_per_point bigint,
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
  v_free boolean;
  v_claim bigint;
  v_answer jsonb;
  v_round provider_rounds%ROWTYPE;
  v_debited boolean;
  v_turnover bigint;
  v_referred_by bigint;
  v_kinds integer;
  v_game_id bigint;
  v_point_id bigint;
  v_game bigint;
  v_after bigint;
  v_point_after bigint;
  v_house_id bigint;
  v_house_after bigint;
  v_journal bigint;
  v_journal_points bigint;
  v_setting jsonb;
  v_rate numeric;
  v_kyat_per_point bigint := p_default_kyat_per_point;
  v_points bigint;
BEGIN
  IF p_amount IS NULL OR p_amount < 0 OR p_kind NOT IN ('win', 'bonus', 'jackpot') THEN
    RAISE EXCEPTION 'wallet_credit: SHAPE' USING ERRCODE = 'SWW01';
  END IF;
  -- Credits are accepted whatever the provider's state; free-round providers take the general path.
  SELECT p.free_round_credits INTO v_free FROM providers p WHERE upper(p.code) = p_provider LIMIT 1;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'wallet_credit: PROVIDER_MISSING' USING ERRCODE = 'SWW01';
  END IF;
  SELECT u.id INTO v_user FROM users u WHERE u.user_code = p_user_code LIMIT 1;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'wallet_credit: PLAYER' USING ERRCODE = 'SWW01';
  END IF;
  IF v_free IS DISTINCT FROM false THEN
    RAISE EXCEPTION 'wallet_credit: FREE_ROUNDS' USING ERRCODE = 'SWW01';
  END IF;

  -- The round locked, with whether it holds an applied debit not rolled back (lockRoundForCredit).
  SELECT r.* INTO v_round FROM provider_rounds r
   WHERE r.provider = p_provider AND r.user_id = v_user AND r.round_id = p_round
   LIMIT 1
     FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'wallet_credit: ROUND_MISSING %', wallet_readings(v_user) USING ERRCODE = 'SWW01';
  END IF;
  IF v_round.status = 'rolled_back' THEN
    RAISE EXCEPTION 'wallet_credit: ROLLED_BACK %', wallet_readings(v_user) USING ERRCODE = 'SWW01';
  END IF;
  SELECT EXISTS (SELECT 1 FROM provider_transactions t
                  WHERE t.round_ref = v_round.id AND t.provider = p_provider AND t.user_id = v_user AND t.action = 'debit'
                    AND t.status = 'OK' AND NOT t.placeholder AND t.journal_id IS NOT NULL AND t.rolled_back_by IS NULL)
    INTO v_debited;
  IF NOT v_debited THEN
    RAISE EXCEPTION 'wallet_credit: NO_DEBIT %', wallet_readings(v_user) USING ERRCODE = 'SWW01';
  END IF;
  -- A win ends a round once; a bonus or jackpot after its end is added to its payout (general path).
  IF v_round.status <> 'open' AND p_kind = 'win' THEN
    RAISE EXCEPTION 'wallet_credit: SETTLED %', wallet_readings(v_user) USING ERRCODE = 'SWW01';
  END IF;
  IF v_round.status <> 'open' THEN
    RAISE EXCEPTION 'wallet_credit: LATE_CREDIT' USING ERRCODE = 'SWW01';
  END IF;

  -- A referred player's round pays the referrer a share: the general path (settlement.ts) does that.
  SELECT u.turnover, u.referred_by INTO v_turnover, v_referred_by FROM users u WHERE u.id = v_user FOR NO KEY UPDATE;
  IF v_referred_by IS NOT NULL AND v_referred_by <> v_user THEN
    RAISE EXCEPTION 'wallet_credit: REFERRED' USING ERRCODE = 'SWW01';
  END IF;

  SELECT count(DISTINCT x.kind), max(x.id) FILTER (WHERE x.kind = 'game'), max(x.balance) FILTER (WHERE x.kind = 'game'),
         max(x.id) FILTER (WHERE x.kind = 'point')
    INTO v_kinds, v_game_id, v_game, v_point_id
    FROM (SELECT a.id, a.kind, a.balance FROM ledger_accounts a WHERE a.user_id = v_user ORDER BY a.id FOR UPDATE) AS x;
  IF v_kinds <> p_account_kinds OR v_game_id IS NULL OR v_point_id IS NULL THEN
    RAISE EXCEPTION 'wallet_credit: ACCOUNTS' USING ERRCODE = 'SWW01';
  END IF;

  v_after := v_game;
  IF p_amount > 0 THEN
    UPDATE ledger_accounts a SET balance = a.balance - p_amount
     WHERE a.code = 'house:casino:' || lower(p_provider) || ':' || (v_user % p_house_shards)
    RETURNING a.id, a.balance INTO v_house_id, v_house_after;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'wallet_credit: HOUSE_ACCOUNT' USING ERRCODE = 'SWW01';
    END IF;
    UPDATE ledger_accounts a SET balance = a.balance + p_amount WHERE a.id = v_game_id RETURNING a.balance INTO v_after;
    INSERT INTO journals (kind, user_id, unique_key, ref_type, ref_id, meta)
    VALUES ('casino_' || p_kind, v_user, 'provider:' || p_provider || ':' || p_txid, 'provider_round', v_round.id::text,
            jsonb_build_object('provider', p_provider, 'transaction_id', p_txid, 'round_id', p_round,
                               'game_code', coalesce(v_round.game_code, p_game)))
    RETURNING id INTO v_journal;
    INSERT INTO journal_entries (journal_id, account_id, amount, balance_after)
    VALUES (v_journal, v_game_id, p_amount, v_after), (v_journal, v_house_id, -p_amount, v_house_after);
    INSERT INTO outbox (topic, user_id, payload)
    VALUES ('balance', v_user, jsonb_build_object('journal_id', v_journal, 'kind', 'casino_' || p_kind));
  END IF;

  -- The round ends (settlement.ts): its stake lowers the turnover (floor 0) and earns points.
  IF v_round.bet > 0 AND greatest(0, v_turnover - v_round.bet) <> v_turnover THEN
    UPDATE users u SET turnover = greatest(0, v_turnover - v_round.bet) WHERE u.id = v_user;
  END IF;
  -- The points rate as stored; a missing or malformed setting reads as the default (kyatPerPointOf).
  SELECT s.value INTO v_setting FROM settings s WHERE s.key = 'lottery.points';
  IF jsonb_typeof(v_setting) = 'object' AND jsonb_typeof(v_setting -> 'kyat_per_point') = 'number' THEN
    v_rate := (v_setting ->> 'kyat_per_point')::numeric;
    IF v_rate = trunc(v_rate) AND v_rate BETWEEN 1 AND 1000000000 THEN
      v_kyat_per_point := v_rate::bigint;
    END IF;
  END IF;
  v_points := CASE WHEN v_round.bet > 0 THEN v_round.bet / v_kyat_per_point ELSE 0 END;
  IF v_points > 0 THEN
    UPDATE ledger_accounts a SET balance = a.balance - v_points
     WHERE a.code = 'house:points:casino:' || (v_user % p_points_shards)
    RETURNING a.id, a.balance INTO v_house_id, v_house_after;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'wallet_credit: POINTS_HOUSE_ACCOUNT' USING ERRCODE = 'SWW01';
    END IF;
    UPDATE ledger_accounts a SET balance = a.balance + v_points WHERE a.id = v_point_id RETURNING a.balance INTO v_point_after;
    INSERT INTO journals (kind, user_id, unique_key, ref_type, ref_id, memo)
    VALUES ('points_casino', v_user, 'points:provider_round:' || v_round.id, 'provider_round', v_round.id::text,
            p_provider || ' round ' || v_round.id || ': ' || v_round.bet || ' kyat settled')
    RETURNING id INTO v_journal_points;
    INSERT INTO journal_entries (journal_id, account_id, amount, balance_after)
    VALUES (v_journal_points, v_point_id, v_points, v_point_after), (v_journal_points, v_house_id, -v_points, v_house_after);
    INSERT INTO outbox (topic, user_id, payload)
    VALUES ('balance', v_user, jsonb_build_object('journal_id', v_journal_points, 'kind', 'points_casino'));
  END IF;

  UPDATE provider_rounds r
     SET payout = r.payout + p_amount, balance_after = v_after, before_balance = coalesce(r.before_balance, v_game),
         game_code = coalesce(r.game_code, p_game), status = 'settled', valid_bet = r.bet, referrer_id = NULL,
         referral_share = 0, updated_at = now(), settled_at = now()
   WHERE r.id = v_round.id;

  -- The transaction id last, with its answer: a repeat of it committed meanwhile (or still in
  -- flight, waited for) finds it taken, and the whole call is undone for the general path.
  v_answer := jsonb_build_object('status', 'OK', 'balance', v_after, 'transaction_id', p_txid);
  INSERT INTO provider_transactions (provider, transaction_id, action, user_id, round_id, game_code, amount, kind,
                                     reference_transaction_id, request_hash, status, answer, journal_id, round_ref,
                                     balance_before, balance_after, updated_at)
  VALUES (p_provider, p_txid, 'credit', v_user, p_round, p_game, p_amount, p_kind, NULL, p_hash, 'OK', v_answer,
          v_journal, v_round.id, v_game, v_after, now())
  ON CONFLICT DO NOTHING
  RETURNING id INTO v_claim;
  IF v_claim IS NULL THEN
    RAISE EXCEPTION 'wallet_credit: REPEAT' USING ERRCODE = 'SWW01';
  END IF;
  INSERT INTO provider_callbacks (provider, action, headers, raw_body, signature_ok, transaction_id, status, answer, ip)
  VALUES (p_cb_provider, p_cb_action, p_cb_headers, p_cb_raw, true, p_txid, 'OK', v_answer, p_cb_ip);
  RETURN QUERY SELECT v_user, v_after;
END;
$$;
