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
