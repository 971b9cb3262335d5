-- One clock for the money paths: bet_place, wallet_debit and gsc_element take the server's instant (p_now) and money_batch passes it (decision 0025)
-- Re-applies functions/bet_place.sql, functions/wallet_debit.sql, functions/gsc_element.sql, functions/money_batch.sql (decision 0024): the files are the text to read.
DROP FUNCTION IF EXISTS bet_place(bigint, text, bigint, text[], bigint[], bigint, bigint, text[], text, text, text, text, text, text, text, integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS wallet_debit(text, text, text, text, text, bigint, text, integer, integer, text, text, jsonb, text, text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS gsc_element(text, integer, text, text, jsonb, integer, integer, bigint, integer, jsonb);
--> statement-breakpoint
-- bet_place: a lottery slip in one database call (decisions 0009, 0023, 0025). Called by
-- modules/lottery/betting.repository.ts (placeBetInOneCall), alone or in money_batch. It does what
-- betting.service.ts's placeBet does for a slip that is accepted, in the same order and taking the
-- same locks, as one statement:
--   idempotency row → game / limits fingerprint → draw FOR SHARE (cut-off, off days) → hot / blocked
--   numbers → missing exposure rows, slip, lines → the player's ledger accounts FOR UPDATE (ascending
--   id) → house shard (relative UPDATE) → main balance (conditional UPDATE) → journal, entries,
--   outbox row → exposure rows locked in ascending number order, cut-off again and every stake
--   within its number's cap → the idempotent answer.
-- p_now is the server's instant (ctx.clock, decision 0025): the break is judged by it, the cut-off by
-- the later of it and the database clock (clock_timestamp()), as the general path judges both.
-- It never refuses a slip itself: it hands the slip back untouched with SQLSTATE SWB01 and the
-- message "bet_place: <REASON>" or "bet_place: <REASON> <json>", the reasons in the order the general
-- path judges a slip (BET_PLACE_REASONS in betting.repository.ts, held by bet-place-reasons.test.ts):
--   SHAPE          lines and amounts do not pair, an amount not positive, a number twice,  general path
--                  no p_now (a caller that sends no instant)
--   SELF_EXCLUDED  {"until_ms": …|null, "indefinite": …}: the player is on a break         answered
--   PROTECTED      the player has limits of their own, checked under their lock            general path
--   KEY_TAKEN      the Idempotency-Key is already used (a replay, a mismatch, expired)      general path
--   STALE_CONFIG   the game or its limits changed since the caller judged the slip          general path
--   DRAW_MISSING   no such draw                                                             answered 404
--   WRONG_GAME     {"draw_type": …}: the draw belongs to another game                        answered 422
--   OFF_DAY        the draw falls on one of the game's off days                              answered 404
--   DRAW_CLOSED    the draw is not open, or past its cut-off (by either clock)               answered 422
--   BLOCKED        {readings}: a number of the slip is blocked                               answered 422
--   ACCOUNTS       the player's ledger accounts are missing (a first bet creates them)       general path
--   HOUSE_ACCOUNT  the house shard is missing (a shard's first bet creates it)               general path
--   FUNDS          {readings}: the main balance is below the slip's total                    answered 422
--   CLOSED_LATE    the cut-off passed while the slip waited for its numbers' locks           answered 422
--   OVER_LIMIT     {readings}: a number's cap would be passed                                answered 422
-- {readings} come from bet_place_readings (its own file).
CREATE OR REPLACE FUNCTION bet_place(
  p_user bigint,
  p_type text,
  p_draw bigint,
  p_numbers text[],
  p_amounts bigint[],
  p_number_cap bigint,
  p_hot_cap bigint,
  p_off_days text[],
  p_game_md5 text,
  p_limits_key text,
  p_limits_md5 text,
  p_key text,
  p_route text,
  p_request_hash text,
  p_house text,
  p_account_kinds integer,
  p_now timestamptz
) RETURNS TABLE (out_slip_id bigint, out_total bigint, out_balance bigint, out_journal_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_n integer := coalesce(cardinality(p_numbers), 0);
  v_sorted text[];
  v_total bigint;
  v_draw_type text;
  v_status text;
  v_odds integer;
  v_open boolean;
  v_day text;
  v_bad boolean;
  v_slip bigint;
  v_kinds integer;
  v_main_id bigint;
  v_main_after bigint;
  v_house_id bigint;
  v_house_after bigint;
  v_journal bigint;
  v_raised text[];
  v_forever boolean;
  v_until timestamptz;
BEGIN
  IF v_n = 0 OR v_n <> coalesce(cardinality(p_amounts), 0) OR p_now IS NULL THEN
    RAISE EXCEPTION 'bet_place: SHAPE' USING ERRCODE = 'SWB01';
  END IF;
  SELECT sum(a), bool_or(a IS NULL OR a <= 0) INTO v_total, v_bad FROM unnest(p_amounts) AS t(a);
  SELECT array_agg(DISTINCT n ORDER BY n) INTO v_sorted FROM unnest(p_numbers) AS t(n);
  IF v_bad OR cardinality(v_sorted) <> v_n THEN
    RAISE EXCEPTION 'bet_place: SHAPE' USING ERRCODE = 'SWB01';
  END IF;

  -- Player protection: a player on a break hears that first, judged by the server's instant (p_now),
  -- as the general path judges it; one with limits of their own takes the general path, which
  -- checks them under the player's users row lock.
  SELECT u.excluded_forever, u.excluded_until INTO v_forever, v_until FROM users u WHERE u.id = p_user;
  IF v_forever OR v_until > p_now THEN
    RAISE EXCEPTION 'bet_place: SELF_EXCLUDED %',
      jsonb_build_object('until_ms', floor(extract(epoch FROM v_until) * 1000)::bigint, 'indefinite', v_forever)
      USING ERRCODE = 'SWB01';
  END IF;
  IF EXISTS (SELECT 1 FROM player_limits l WHERE l.user_id = p_user) THEN
    RAISE EXCEPTION 'bet_place: PROTECTED' USING ERRCODE = 'SWB01';
  END IF;

  -- The Idempotency-Key first: a second request with the same key waits here, then finds it taken.
  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, route, request_hash)
    VALUES (p_user, p_key, p_route, p_request_hash)
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'bet_place: KEY_TAKEN' USING ERRCODE = 'SWB01';
    END IF;
  END IF;

  -- The caller checked the slip against the game and limits it read earlier: they must be unchanged.
  IF (SELECT md5(jsonb_build_array(g.enabled, g.schedule)::text) FROM lottery_games g WHERE g.type = p_type) IS DISTINCT FROM p_game_md5
     OR (SELECT md5(s.value::text) FROM settings s WHERE s.key = p_limits_key) IS DISTINCT FROM p_limits_md5 THEN
    RAISE EXCEPTION 'bet_place: STALE_CONFIG' USING ERRCODE = 'SWB01';
  END IF;

  -- The draw FOR SHARE: results, voids and settlement wait for the bets in flight. Its checks in
  -- the general path's order (checkDrawForBet): missing, another game's, an off day, closed.
  SELECT d.type, d.status, d.odds, greatest(p_now, clock_timestamp()) < d.closes_at,
         to_char((d.draw_at AT TIME ZONE 'UTC') + interval '390 minutes', 'YYYY-MM-DD')
    INTO v_draw_type, v_status, v_odds, v_open, v_day
    FROM draws d WHERE d.id = p_draw
     FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'bet_place: DRAW_MISSING' USING ERRCODE = 'SWB01';
  END IF;
  IF v_draw_type <> p_type THEN
    RAISE EXCEPTION 'bet_place: WRONG_GAME %', jsonb_build_object('draw_type', v_draw_type) USING ERRCODE = 'SWB01';
  END IF;
  IF v_day = ANY (p_off_days) THEN
    RAISE EXCEPTION 'bet_place: OFF_DAY' USING ERRCODE = 'SWB01';
  END IF;
  IF v_status <> 'open' OR NOT v_open THEN
    RAISE EXCEPTION 'bet_place: DRAW_CLOSED' USING ERRCODE = 'SWB01';
  END IF;

  IF EXISTS (SELECT 1 FROM number_rules r WHERE r.type = p_type AND r.number = ANY (p_numbers) AND r.blocked) THEN
    RAISE EXCEPTION 'bet_place: BLOCKED %', bet_place_readings(p_user, p_type, p_draw, p_numbers, p_amounts, '{}', NULL)
      USING ERRCODE = 'SWB01';
  END IF;

  -- Missing exposure rows (ascending), the slip and its lines.
  INSERT INTO number_exposure (draw_id, number, staked)
  SELECT p_draw, t.n, 0 FROM unnest(v_sorted) AS t(n)
  ON CONFLICT DO NOTHING;
  INSERT INTO bet_slips (user_id, draw_id, type, total, unique_key, created_at)
  VALUES (p_user, p_draw, p_type, v_total,
          CASE WHEN p_key IS NULL THEN NULL ELSE 'idem:' || p_user || ':' || p_key END, clock_timestamp())
  RETURNING id INTO v_slip;
  INSERT INTO bet_lines (slip_id, draw_id, user_id, number, amount, odds)
  SELECT v_slip, p_draw, p_user, t.n, t.a, v_odds FROM unnest(p_numbers, p_amounts) AS t(n, a);

  -- The stake journal, main → house shard (ledger.service.ts postJournal's recipe).
  SELECT count(DISTINCT x.kind), max(x.id) FILTER (WHERE x.kind = 'main')
    INTO v_kinds, v_main_id
    FROM (SELECT a.id, a.kind FROM ledger_accounts a WHERE a.user_id = p_user ORDER BY a.id FOR UPDATE) AS x;
  IF v_kinds <> p_account_kinds OR v_main_id IS NULL THEN
    RAISE EXCEPTION 'bet_place: ACCOUNTS' USING ERRCODE = 'SWB01';
  END IF;
  UPDATE ledger_accounts a SET balance = a.balance + v_total WHERE a.code = p_house
  RETURNING a.id, a.balance INTO v_house_id, v_house_after;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'bet_place: HOUSE_ACCOUNT' USING ERRCODE = 'SWB01';
  END IF;
  UPDATE ledger_accounts a SET balance = a.balance - v_total WHERE a.id = v_main_id AND a.balance - v_total >= 0
  RETURNING a.balance INTO v_main_after;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'bet_place: FUNDS %', bet_place_readings(p_user, p_type, p_draw, p_numbers, p_amounts, '{}', NULL)
      USING ERRCODE = 'SWB01';
  END IF;
  INSERT INTO journals (kind, user_id, unique_key, ref_type, ref_id, memo, meta)
  VALUES ('lottery_bet', p_user, 'bet:' || v_slip, 'bet_slip', v_slip::text, p_type || ' draw ' || p_draw,
          CASE WHEN p_key IS NULL THEN jsonb_build_object('draw_id', p_draw)
               ELSE jsonb_build_object('draw_id', p_draw, 'idempotency_key', p_key) END)
  RETURNING id INTO v_journal;
  INSERT INTO journal_entries (journal_id, account_id, amount, balance_after)
  VALUES (v_journal, v_main_id, -v_total, v_main_after), (v_journal, v_house_id, v_total, v_house_after);
  -- The outbox row only: the server announces the change after commit (a transaction that
  -- notifies holds a database-wide lock until its commit is flushed).
  INSERT INTO outbox (topic, user_id, payload)
  VALUES ('balance', p_user, jsonb_build_object('journal_id', v_journal, 'kind', 'lottery_bet'));

  -- The caps for real: exposure rows locked in ascending number order, the cut-off again by the later
  -- of the two clocks, and each stake added only within its number's cap.
  IF v_n > 1 THEN
    PERFORM 1 FROM number_exposure e WHERE e.draw_id = p_draw AND e.number = ANY (v_sorted) ORDER BY e.number FOR UPDATE;
  END IF;
  IF NOT (SELECT greatest(p_now, clock_timestamp()) < d.closes_at FROM draws d WHERE d.id = p_draw) THEN
    RAISE EXCEPTION 'bet_place: CLOSED_LATE' USING ERRCODE = 'SWB01';
  END IF;
  WITH raised AS (
    UPDATE number_exposure e SET staked = e.staked + v.a
      FROM (SELECT t.n, t.a, CASE WHEN r.hot THEN p_hot_cap ELSE p_number_cap END AS cap
              FROM unnest(p_numbers, p_amounts) AS t(n, a)
              LEFT JOIN number_rules r ON r.type = p_type AND r.number = t.n) AS v
     WHERE e.draw_id = p_draw AND e.number = v.n AND e.staked + v.a <= v.cap
    RETURNING e.number)
  SELECT coalesce(array_agg(raised.number), '{}') INTO v_raised FROM raised;
  IF cardinality(v_raised) <> v_n THEN
    RAISE EXCEPTION 'bet_place: OVER_LIMIT %', bet_place_readings(p_user, p_type, p_draw, p_numbers, p_amounts, v_raised, v_main_after + v_total)
      USING ERRCODE = 'SWB01';
  END IF;

  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys k SET status_code = 201,
           response = jsonb_build_object('slip_id', v_slip, 'total', v_total, 'balance', v_main_after)
     WHERE k.user_id = p_user AND k.key = p_key;
  END IF;
  RETURN QUERY SELECT v_slip, v_total, v_main_after, v_journal;
END;
$$;
--> statement-breakpoint
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
--> statement-breakpoint
-- gsc_element: a GSC+ batch element in one database call (decisions 0020, 0021; text as in migration
-- 0041). Called by modules/gsc/gsc-one-call.ts, in money_batch's wallet lane. It does for the common
-- case what the general path (modules/gsc/gsc-element.ts runElement with one transaction) does, with
-- the same locks in the same order and the same rows left behind: one BET (withdraw) or one SETTLED /
-- WIN (deposit) of a member at an open product, the exact balance (whole kyat in the ledger, the
-- sub-kyat remainder in gsc_wallets, decision 0016) moved by the exact amount, the wager and its
-- provider round, the journal (only when whole kyat move), the round's settlement (turnover, points)
-- and the aggregator's transaction id, written last with its balances. When the webhook has that one
-- element, the raw callback is kept in the same statement (p_cb), with the answer the server sends.
--
-- It answers the common refusals itself, with the balance and the kept raw callback the general path
-- would give them, writing nothing else: a repeated transaction id (1003), a BET above the balance
-- (1001) and a SETTLED or WIN without a bet (1006); out_code carries the element's code and
-- out_other_body whether a repeat came with another body or from another member. A house or points
-- shard is created on its first movement. Anything else raises SWG01 having changed nothing, and the
-- general path answers the element: an unknown member or product, a product off or in maintenance,
-- any other action, a player who owes the house (decision 0015) or is blocked or self-excluded, a
-- short bet the general path would refuse for another reason or on an action allowed to overdraw, a
-- wager of another member or cancelled before its bet, a round not open, a referred player's settlement.
-- p_now is the server's instant (ctx.clock, decision 0025): a BET's break is judged by it, as the
-- general path's lockWalletUser judges it.
CREATE OR REPLACE FUNCTION gsc_element(
  p_user_code text,
  p_product integer,
  p_provider text,
  p_currency text,
  p_tx jsonb,
  p_house_shards integer,
  p_points_shards integer,
  p_default_kyat_per_point bigint,
  p_account_kinds integer,
  p_cb jsonb,
  p_now timestamptz
) RETURNS TABLE (out_user bigint, out_before text, out_after text, out_code integer, out_other_body boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_action text := p_tx ->> 'action';
  v_id text := p_tx ->> 'id';
  v_wager_code text := coalesce(p_tx ->> 'wager_code', p_tx ->> 'round_id');
  v_game_code text := p_tx ->> 'game_code';
  v_status text := p_tx ->> 'wager_status';
  v_amount bigint := abs((p_tx ->> 'amount_e4')::bigint);
  v_delta bigint;
  v_user bigint;
  v_blocked boolean;
  v_excluded boolean;
  v_turnover bigint;
  v_referred_by bigint;
  v_remainder bigint;
  v_debt bigint;
  v_wallet_new boolean := false;
  v_kinds integer;
  v_game_id bigint;
  v_point_id bigint;
  v_kyat bigint;
  v_before bigint;
  v_next bigint;
  v_kyat_after bigint;
  v_rem_after bigint;
  v_moved bigint;
  v_wager gsc_wagers%ROWTYPE;
  v_round provider_rounds%ROWTYPE;
  v_round_status text;
  v_house_code text;
  v_house_id bigint;
  v_house_after bigint;
  v_after bigint;
  v_journal bigint;
  v_bet_e4 bigint;
  v_payout_e4 bigint;
  v_stake bigint;
  v_setting jsonb;
  v_rate numeric;
  v_kyat_per_point bigint := p_default_kyat_per_point;
  v_points bigint;
  v_point_after bigint;
  v_journal_points bigint;
  v_claim bigint;
  v_first_hash text;
  v_first_user bigint;
  v_code integer := 0;
  v_other_body boolean := false;
  v_row jsonb;
BEGIN
  IF v_action IS NULL OR v_action NOT IN ('BET', 'SETTLED', 'WIN') OR v_id IS NULL OR v_wager_code IS NULL OR p_now IS NULL THEN
    RAISE EXCEPTION 'gsc_element: shape' USING ERRCODE = 'SWG01';
  END IF;
  -- The product must be open (in the catalogue, active, not in maintenance); the member known.
  IF NOT EXISTS (SELECT 1 FROM (SELECT p.active, p.maintenance FROM providers p WHERE upper(p.code) = p_provider LIMIT 1) AS x
                  WHERE x.active AND NOT x.maintenance) THEN
    RAISE EXCEPTION 'gsc_element: product' USING ERRCODE = 'SWG01';
  END IF;
  SELECT u.id INTO v_user FROM users u WHERE u.user_code = p_user_code LIMIT 1;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'gsc_element: member' USING ERRCODE = 'SWG01';
  END IF;

  -- The users row first, as every GSC+ movement of the player (lockWalletUser).
  SELECT u.blocked, (u.excluded_forever OR coalesce(u.excluded_until > p_now, false)), u.turnover, u.referred_by
    INTO v_blocked, v_excluded, v_turnover, v_referred_by
    FROM users u WHERE u.id = v_user
     FOR NO KEY UPDATE;
  IF v_action = 'BET' AND (v_blocked OR v_excluded) THEN
    RAISE EXCEPTION 'gsc_element: blocked' USING ERRCODE = 'SWG01';
  END IF;

  -- The remainder and debt row, locked (as lockGscWallet locks it). A player without one yet gets it
  -- below, where the general path's row would stay: not with a refusal, which the general path undoes.
  SELECT w.remainder_e4, w.debt_e4 INTO v_remainder, v_debt FROM gsc_wallets w WHERE w.user_id = v_user FOR UPDATE;
  IF NOT FOUND THEN
    v_wallet_new := true;
    v_remainder := 0;
    v_debt := 0;
  END IF;

  -- Every account of the player locked (ascending id).
  SELECT count(DISTINCT x.kind), max(x.id) FILTER (WHERE x.kind = 'game'), max(x.balance) FILTER (WHERE x.kind = 'game'),
         max(x.id) FILTER (WHERE x.kind = 'point')
    INTO v_kinds, v_game_id, v_kyat, v_point_id
    FROM (SELECT a.id, a.kind, a.balance FROM ledger_accounts a WHERE a.user_id = v_user ORDER BY a.id FOR UPDATE) AS x;
  IF v_kinds <> p_account_kinds OR v_game_id IS NULL OR v_point_id IS NULL THEN
    RAISE EXCEPTION 'gsc_element: accounts' USING ERRCODE = 'SWG01';
  END IF;
  -- The exact balance (gsc-exact.ts exactBalance): what every refusal answers, before and after.
  v_before := v_kyat * 10000 + v_remainder - v_debt;
  v_next := v_before;

  <<work>>
  BEGIN
    -- A transaction id already applied (the general path's claim finds it first): 1003 with the balance
    -- as it is. The general path has created the player's exact wallet row by then, and keeps it.
    SELECT t.request_hash, t.user_id INTO v_first_hash, v_first_user FROM gsc_transactions t WHERE t.transaction_id = v_id;
    IF FOUND THEN
      IF v_wallet_new THEN
        INSERT INTO gsc_wallets (user_id) VALUES (v_user) ON CONFLICT (user_id) DO UPDATE SET updated_at = gsc_wallets.updated_at;
      END IF;
      v_code := 1003;
      v_other_body := v_first_hash IS DISTINCT FROM p_tx ->> 'hash' OR v_first_user <> v_user;
      EXIT work;
    END IF;
    IF v_debt <> 0 THEN
      RAISE EXCEPTION 'gsc_element: debt' USING ERRCODE = 'SWG01';
    END IF;

    IF v_action = 'BET' THEN
      v_delta := -v_amount;
      IF v_before + v_delta < 0 THEN
        -- Above the balance: 1001, unless the general path would refuse the bet otherwise first (its wager
        -- another member's or cancelled, its round not open) or the action may overdraw. Nothing is created.
        IF coalesce((p_tx ->> 'overdraw')::boolean, false) THEN
          RAISE EXCEPTION 'gsc_element: overdraw' USING ERRCODE = 'SWG01';
        END IF;
        SELECT w.* INTO v_wager FROM gsc_wagers w WHERE w.product_code = p_product AND w.wager_code = v_wager_code FOR UPDATE;
        IF FOUND AND (v_wager.user_id <> v_user OR v_wager.cancelled_before_bet) THEN
          RAISE EXCEPTION 'gsc_element: wager' USING ERRCODE = 'SWG01';
        END IF;
        IF FOUND AND v_wager.round_ref IS NOT NULL THEN
          SELECT r.status INTO v_round_status FROM provider_rounds r WHERE r.id = v_wager.round_ref FOR UPDATE;
          IF NOT FOUND THEN
            RAISE EXCEPTION 'gsc_element: round' USING ERRCODE = 'SWG01';
          END IF;
        ELSE
          SELECT r.status INTO v_round_status FROM provider_rounds r
           WHERE r.provider = p_provider AND r.user_id = v_user AND r.round_id = v_wager_code FOR UPDATE;
        END IF;
        IF v_round_status IS NOT NULL AND v_round_status <> 'open' THEN
          RAISE EXCEPTION 'gsc_element: round not open' USING ERRCODE = 'SWG01';
        END IF;
        v_code := 1001;
        EXIT work;
      END IF;
      IF v_wallet_new THEN
        INSERT INTO gsc_wallets (user_id) VALUES (v_user) ON CONFLICT (user_id) DO UPDATE SET updated_at = gsc_wallets.updated_at;
      END IF;
      INSERT INTO gsc_wagers (product_code, wager_code, user_id, currency) VALUES (p_product, v_wager_code, v_user, p_currency)
      ON CONFLICT (product_code, wager_code) DO UPDATE SET updated_at = gsc_wagers.updated_at
      RETURNING * INTO v_wager;
      IF v_wager.user_id <> v_user OR v_wager.cancelled_before_bet THEN
        RAISE EXCEPTION 'gsc_element: wager' USING ERRCODE = 'SWG01';
      END IF;
    ELSE
      v_delta := v_amount;
      SELECT w.* INTO v_wager FROM gsc_wagers w WHERE w.product_code = p_product AND w.wager_code = v_wager_code FOR UPDATE;
      IF NOT FOUND OR v_wager.user_id <> v_user OR NOT v_wager.has_bet THEN
        -- No bet of this member on the wager: 1006, nothing created.
        v_code := 1006;
        EXIT work;
      END IF;
      IF v_wallet_new THEN
        INSERT INTO gsc_wallets (user_id) VALUES (v_user) ON CONFLICT (user_id) DO UPDATE SET updated_at = gsc_wallets.updated_at;
      END IF;
    END IF;

    -- The wager's round (openRound): by its id once linked, else created if new, locked.
    IF v_wager.round_ref IS NOT NULL THEN
      SELECT r.* INTO v_round FROM provider_rounds r WHERE r.id = v_wager.round_ref LIMIT 1 FOR UPDATE;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'gsc_element: round' USING ERRCODE = 'SWG01';
      END IF;
    ELSE
      INSERT INTO provider_rounds (provider, user_id, round_id, game_code)
      VALUES (p_provider, v_user, v_wager_code, v_game_code)
      ON CONFLICT (provider, user_id, round_id) DO UPDATE SET updated_at = provider_rounds.updated_at
      RETURNING * INTO v_round;
    END IF;
    IF v_round.status <> 'open' THEN
      RAISE EXCEPTION 'gsc_element: round not open' USING ERRCODE = 'SWG01';
    END IF;

    -- The exact movement (gsc-exact.ts applyMovement, without a debt): whole kyat to the ledger, the rest kept.
    v_next := v_before + v_delta;
    v_kyat_after := v_next / 10000;
    v_rem_after := v_next % 10000;
    v_moved := v_kyat_after - v_kyat;

    IF v_moved <> 0 THEN
      v_house_code := 'house:casino:' || lower(p_provider) || ':' || (v_user % p_house_shards);
      UPDATE ledger_accounts a SET balance = a.balance - v_moved WHERE a.code = v_house_code
      RETURNING a.id, a.balance INTO v_house_id, v_house_after;
      IF NOT FOUND THEN
        -- The shard's first movement creates it, as changeSystemAccount does on the general path.
        INSERT INTO ledger_accounts (kind, code) VALUES (replace(v_house_code, ':', '_'), v_house_code) ON CONFLICT DO NOTHING;
        UPDATE ledger_accounts a SET balance = a.balance - v_moved WHERE a.code = v_house_code
        RETURNING a.id, a.balance INTO v_house_id, v_house_after;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'gsc_element: house account' USING ERRCODE = 'SWG01';
        END IF;
      END IF;
      UPDATE ledger_accounts a SET balance = a.balance + v_moved WHERE a.id = v_game_id RETURNING a.balance INTO v_after;
      INSERT INTO journals (kind, user_id, unique_key, ref_type, ref_id, meta)
      VALUES (CASE WHEN v_action = 'BET' THEN 'casino_bet' ELSE 'casino_win' END, v_user, 'gsc:' || v_id, 'provider_round',
              v_round.id::text,
              jsonb_build_object('provider', p_provider, 'transaction_id', v_id, 'action', v_action, 'wager_code', v_wager_code,
                                 'round_id', p_tx -> 'round_id', 'game_code', p_tx -> 'game_code', 'currency', p_currency,
                                 'amount_e4', v_delta::text))
      RETURNING id INTO v_journal;
      INSERT INTO journal_entries (journal_id, account_id, amount, balance_after)
      VALUES (v_journal, v_game_id, v_moved, v_after), (v_journal, v_house_id, -v_moved, v_house_after);
      INSERT INTO outbox (topic, user_id, payload)
      VALUES ('balance', v_user, jsonb_build_object('journal_id', v_journal, 'kind',
                                                    CASE WHEN v_action = 'BET' THEN 'casino_bet' ELSE 'casino_win' END));
    END IF;

    IF v_action = 'BET' THEN
      v_bet_e4 := v_wager.bet_e4 + v_amount;
      UPDATE gsc_wagers w SET updated_at = now(), round_ref = v_round.id, bet_e4 = v_bet_e4, has_bet = true,
                              wager_status = coalesce(v_status, w.wager_status)
       WHERE w.id = v_wager.id;
      UPDATE provider_rounds r
         SET bet = v_bet_e4 / 10000, status = 'open', before_balance = coalesce(r.before_balance, v_kyat),
             balance_after = v_kyat_after, updated_at = now()
       WHERE r.id = v_round.id;
    ELSE
      v_payout_e4 := v_wager.payout_e4 + v_delta;
      UPDATE gsc_wagers w SET updated_at = now(), round_ref = v_round.id, payout_e4 = v_payout_e4,
                              wager_status = coalesce(v_status, w.wager_status)
       WHERE w.id = v_wager.id;
      -- The round ends (settlement.ts): its whole-kyat stake lowers the turnover (floor 0) and earns points.
      IF v_referred_by IS NOT NULL AND v_referred_by <> v_user THEN
        RAISE EXCEPTION 'gsc_element: referred player' USING ERRCODE = 'SWG01';
      END IF;
      v_stake := greatest(v_wager.bet_e4, 0) / 10000;
      IF v_stake > 0 AND greatest(0, v_turnover - v_stake) <> v_turnover THEN
        UPDATE users u SET turnover = greatest(0, v_turnover - v_stake) WHERE u.id = v_user;
      END IF;
      SELECT s.value INTO v_setting FROM settings s WHERE s.key = 'lottery.points';
      IF jsonb_typeof(v_setting) = 'object' AND jsonb_typeof(v_setting -> 'kyat_per_point') = 'number' THEN
        v_rate := (v_setting ->> 'kyat_per_point')::numeric;
        IF v_rate = trunc(v_rate) AND v_rate BETWEEN 1 AND 1000000000 THEN
          v_kyat_per_point := v_rate::bigint;
        END IF;
      END IF;
      v_points := CASE WHEN v_stake > 0 THEN v_stake / v_kyat_per_point ELSE 0 END;
      IF v_points > 0 THEN
        v_house_code := 'house:points:casino:' || (v_user % p_points_shards);
        UPDATE ledger_accounts a SET balance = a.balance - v_points WHERE a.code = v_house_code
        RETURNING a.id, a.balance INTO v_house_id, v_house_after;
        IF NOT FOUND THEN
          INSERT INTO ledger_accounts (kind, code) VALUES (replace(v_house_code, ':', '_'), v_house_code) ON CONFLICT DO NOTHING;
          UPDATE ledger_accounts a SET balance = a.balance - v_points WHERE a.code = v_house_code
          RETURNING a.id, a.balance INTO v_house_id, v_house_after;
          IF NOT FOUND THEN
            RAISE EXCEPTION 'gsc_element: points house account' USING ERRCODE = 'SWG01';
          END IF;
        END IF;
        UPDATE ledger_accounts a SET balance = a.balance + v_points WHERE a.id = v_point_id RETURNING a.balance INTO v_point_after;
        INSERT INTO journals (kind, user_id, unique_key, ref_type, ref_id, memo)
        VALUES ('points_casino', v_user, 'points:provider_round:' || v_round.id, 'provider_round', v_round.id::text,
                p_provider || ' round ' || v_round.id || ': ' || v_stake || ' kyat settled')
        RETURNING id INTO v_journal_points;
        INSERT INTO journal_entries (journal_id, account_id, amount, balance_after)
        VALUES (v_journal_points, v_point_id, v_points, v_point_after), (v_journal_points, v_house_id, -v_points, v_house_after);
        INSERT INTO outbox (topic, user_id, payload)
        VALUES ('balance', v_user, jsonb_build_object('journal_id', v_journal_points, 'kind', 'points_casino'));
      END IF;
      UPDATE provider_rounds r
         SET payout = v_payout_e4 / 10000, balance_after = v_kyat_after, status = 'settled', valid_bet = v_stake,
             referrer_id = NULL, referral_share = 0, updated_at = now(), settled_at = now()
       WHERE r.id = v_round.id;
    END IF;

    IF v_rem_after <> v_remainder THEN
      UPDATE gsc_wallets w SET remainder_e4 = v_rem_after, debt_e4 = 0, updated_at = now(), debt_since = NULL
       WHERE w.user_id = v_user;
    END IF;

    -- The transaction id last, with its balances: a repeat committed meanwhile by another member (this
    -- member's repeats are answered above, under the users row), or still in flight and waited for, finds
    -- it taken, and the whole element is undone for the general path.
    INSERT INTO gsc_transactions (transaction_id, user_id, product_code, action, wager_code, round_id, game_code, currency,
                                  amount_e4, kyat_moved, journal_id, round_ref, balance_before_e4, balance_after_e4,
                                  request_hash, request)
    VALUES (v_id, v_user, p_product, v_action, p_tx ->> 'wager_code', p_tx ->> 'round_id', v_game_code, p_currency,
            v_delta, v_moved, v_journal, v_round.id, v_before, v_next, p_tx ->> 'hash', p_tx -> 'raw')
    ON CONFLICT DO NOTHING
    RETURNING id INTO v_claim;
    IF v_claim IS NULL THEN
      RAISE EXCEPTION 'gsc_element: repeat' USING ERRCODE = 'SWG01';
    END IF;
  END work;

  -- The raw callback with its answer (gsc-wallet.service.ts keepCallback), when this element is the whole
  -- webhook; a refusal's message is the general path's (GscRefusal, gsc-wallet.service.ts MESSAGES).
  IF jsonb_typeof(p_cb) = 'object' THEN
    v_row := jsonb_build_object('member_account', p_cb -> 'member', 'product_code', p_cb -> 'product',
                                'before_balance', gsc_answer_balance(v_before, (p_cb ->> 'ratio')::bigint, (p_cb ->> 'decimals')::integer),
                                'balance', gsc_answer_balance(v_next, (p_cb ->> 'ratio')::bigint, (p_cb ->> 'decimals')::integer),
                                'code', v_code,
                                'message', CASE v_code WHEN 0 THEN '' WHEN 1001 THEN 'member balance insufficient'
                                                       WHEN 1003 THEN 'duplicate transaction' ELSE 'bet does not exist' END);
    INSERT INTO provider_callbacks (provider, action, headers, raw_body, signature_ok, transaction_id, status, answer, ip)
    VALUES (p_cb ->> 'provider', p_cb ->> 'action', p_cb -> 'headers', p_cb ->> 'raw', true, v_id, '0',
            jsonb_build_object('code', 0, 'message', '', 'data', jsonb_build_array(v_row)), p_cb ->> 'ip');
  END IF;
  RETURN QUERY SELECT v_user, v_before::text, v_next::text, v_code, v_other_body;
END;
$$;
--> statement-breakpoint
-- money_batch: group commit for the one-call money paths (decisions 0010, 0012, 0014, 0020). Called by
-- db/money-batch.ts with up to 64 calls of bet_place, wallet_debit, wallet_credit, wallet_rollback and
-- gsc_element in one statement, so one transaction and one commit. Each call runs in its own
-- subtransaction (the BEGIN … EXCEPTION block): a call that raises, for a call handed back to the
-- general path (SWB01, SWW01, SWG01) or for anything else, a deadlock included, is undone alone with
-- its locks, and the others stay. The answer has one row per call, in order: what the function
-- answered as JSON, or the SQLSTATE and message it raised (MoneyCallError on the server).
-- bet_place, wallet_debit and gsc_element take last the server's instant (p_now, decision 0025), sent
-- as ISO text with the call's arguments.
--
-- A batch never waits long for a row lock: it holds the locks of all its calls until its commit, so
-- two batches (two server instances) waiting on each other would deadlock. A call whose lock is not
-- free within 2 ms raises 55P03 instead, is undone alone, and the server runs it on the general path.
CREATE OR REPLACE FUNCTION money_batch(p_calls jsonb)
RETURNS TABLE (out_index integer, out_row jsonb, out_state text, out_message text)
LANGUAGE plpgsql AS $$
DECLARE
  v_call jsonb;
  v_n bigint;
  a jsonb;
  v_row jsonb;
  v_state text;
  v_message text;
BEGIN
  PERFORM set_config('lock_timeout', '2ms', true);
  FOR v_call, v_n IN SELECT e.value, e.n FROM jsonb_array_elements(p_calls) WITH ORDINALITY AS e(value, n) ORDER BY e.n LOOP
    a := v_call -> 'a';
    v_row := NULL;
    v_state := NULL;
    v_message := NULL;
    BEGIN
      CASE v_call ->> 'fn'
        WHEN 'bet_place' THEN
          SELECT to_jsonb(b.*) INTO v_row FROM bet_place(
            (a ->> 0)::bigint, a ->> 1, (a ->> 2)::bigint,
            ARRAY(SELECT x.v FROM jsonb_array_elements_text(a -> 3) WITH ORDINALITY AS x(v, n) ORDER BY x.n),
            ARRAY(SELECT x.v::bigint FROM jsonb_array_elements_text(a -> 4) WITH ORDINALITY AS x(v, n) ORDER BY x.n),
            (a ->> 5)::bigint, (a ->> 6)::bigint,
            ARRAY(SELECT x.v FROM jsonb_array_elements_text(a -> 7) WITH ORDINALITY AS x(v, n) ORDER BY x.n),
            a ->> 8, a ->> 9, a ->> 10, a ->> 11, a ->> 12, a ->> 13, a ->> 14, (a ->> 15)::integer, (a ->> 16)::timestamptz) AS b;
        WHEN 'wallet_debit' THEN
          SELECT to_jsonb(w.*) INTO v_row FROM wallet_debit(
            a ->> 0, a ->> 1, a ->> 2, a ->> 3, a ->> 4, (a ->> 5)::bigint, a ->> 6, (a ->> 7)::integer, (a ->> 8)::integer,
            a ->> 9, a ->> 10, a -> 11, a ->> 12, a ->> 13, (a ->> 14)::timestamptz) AS w;
        WHEN 'wallet_credit' THEN
          SELECT to_jsonb(w.*) INTO v_row FROM wallet_credit(
            a ->> 0, a ->> 1, a ->> 2, a ->> 3, a ->> 4, (a ->> 5)::bigint, a ->> 6, a ->> 7, (a ->> 8)::integer,
            (a ->> 9)::integer, (a ->> 10)::bigint, (a ->> 11)::integer, a ->> 12, a ->> 13, a -> 14, a ->> 15, a ->> 16) AS w;
        WHEN 'wallet_rollback' THEN
          SELECT to_jsonb(w.*) INTO v_row FROM wallet_rollback(
            a ->> 0, a ->> 1, a ->> 2, a ->> 3, a ->> 4, a ->> 5, (a ->> 6)::bigint, a ->> 7, (a ->> 8)::integer,
            a ->> 9, a ->> 10, a -> 11, a ->> 12, a ->> 13) AS w;
        WHEN 'gsc_element' THEN
          SELECT to_jsonb(g.*) INTO v_row FROM gsc_element(
            a ->> 0, (a ->> 1)::integer, a ->> 2, a ->> 3, a -> 4, (a ->> 5)::integer, (a ->> 6)::integer, (a ->> 7)::bigint,
            (a ->> 8)::integer, a -> 9, (a ->> 10)::timestamptz) AS g;
        ELSE
          RAISE EXCEPTION 'money_batch: unknown call %', v_call ->> 'fn' USING ERRCODE = '22023';
      END CASE;
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS v_state = RETURNED_SQLSTATE, v_message = MESSAGE_TEXT;
      v_row := NULL;
    END;
    out_index := (v_n - 1)::integer;
    out_row := v_row;
    out_state := v_state;
    out_message := v_message;
    RETURN NEXT;
  END LOOP;
END;
$$;
