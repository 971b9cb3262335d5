-- The provider wallet functions say why they hand a call back, with ordered reasons (decision 0024); the refusals they give a final reason for are answered from it.
-- Re-applies functions/wallet_readings.sql, functions/wallet_debit.sql, functions/wallet_credit.sql, functions/wallet_rollback.sql (decision 0024): the files are the text to read.
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
--> statement-breakpoint
-- wallet_debit: a provider's debit (a bet on a round) in one database call (decisions 0010, 0013, 0024).
-- Called by modules/providers/wallet-one-call.ts, in money_batch's wallet lane. It does what the general
-- path (wallet.service.ts dispatch, wallet-transaction.ts runWalletCall, wallet-debit.ts applyDebit)
-- does for a debit it answers OK, with the same locks in the same order (the transaction id aside) and
-- the same rows, the raw callback included. The transaction id is written last, with its answer: a
-- repeat that finds it taken is undone whole.
-- It never refuses a call itself: it hands the call back untouched with SQLSTATE SWW01 and the message
-- "wallet_debit: <REASON>" or "wallet_debit: <REASON> {"balance": …}" (the game balance the refusal
-- answers with), the reasons in the order the general path judges a debit (WALLET_REASONS.debit in
-- wallet-one-call.ts, held by wallet-reasons.test.ts):
--   SHAPE             the amount is missing or not positive                                general path
--   PROVIDER_MISSING  the provider is not in the catalogue                                 answered PROVIDER_DISABLED
--   PLAYER            no player has this user code                                         answered UNKNOWN_PLAYER
--   PROVIDER_CLOSED   the provider is off or in maintenance (a repeat keeps its answer)      general path
--   SETTLED           {balance}: the round has ended                                       answered ALREADY_SETTLED
--   BLOCKED           {balance}: the player is blocked or on a break (database clock)       answered PLAYER_BLOCKED
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
  p_cb_ip text
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
  IF p_amount IS NULL OR p_amount <= 0 THEN
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

  SELECT u.blocked, (u.excluded_forever OR coalesce(u.excluded_until > now(), false))
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
--> statement-breakpoint
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
--> statement-breakpoint
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
