-- Player protection: limits a player sets (deposit, loss, stake per day, week, month), self-exclusion
-- and the reality-check interval. bet_place (0006) is redefined to hand a protected player's slip
-- to the general path, which checks the limits under the player's lock.
CREATE TABLE "player_limits" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount" bigint,
	"pending_amount" bigint,
	"pending_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_limits_user_id_kind_period_pk" PRIMARY KEY("user_id","kind","period"),
	CONSTRAINT "player_limits_kind_check" CHECK ("player_limits"."kind" in ('deposit', 'loss', 'stake')),
	CONSTRAINT "player_limits_period_check" CHECK ("player_limits"."period" in ('day', 'week', 'month')),
	CONSTRAINT "player_limits_amount_positive" CHECK ("player_limits"."amount" is null or "player_limits"."amount" > 0),
	CONSTRAINT "player_limits_pending_amount_positive" CHECK ("player_limits"."pending_amount" is null or "player_limits"."pending_amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "excluded_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "excluded_forever" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reality_check_minutes" integer;--> statement-breakpoint
ALTER TABLE "player_limits" ADD CONSTRAINT "player_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_reality_check_range" CHECK ("users"."reality_check_minutes" is null or "users"."reality_check_minutes" between 5 and 600);
--> statement-breakpoint
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
  p_account_kinds integer
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
  v_raised integer;
BEGIN
  IF v_n = 0 OR v_n <> coalesce(cardinality(p_amounts), 0) THEN
    RAISE EXCEPTION 'bet_place: shape' USING ERRCODE = 'SWB01';
  END IF;
  SELECT sum(a), bool_or(a IS NULL OR a <= 0) INTO v_total, v_bad FROM unnest(p_amounts) AS t(a);
  SELECT array_agg(DISTINCT n ORDER BY n) INTO v_sorted FROM unnest(p_numbers) AS t(n);
  IF v_bad OR cardinality(v_sorted) <> v_n THEN
    RAISE EXCEPTION 'bet_place: shape' USING ERRCODE = 'SWB01';
  END IF;

  -- Player protection: a self-excluded player, or one with limits of their own, takes the general
  -- path, which checks them under the player's users row lock.
  IF EXISTS (SELECT 1 FROM users u WHERE u.id = p_user AND (u.excluded_forever OR u.excluded_until > clock_timestamp()))
     OR EXISTS (SELECT 1 FROM player_limits l WHERE l.user_id = p_user) THEN
    RAISE EXCEPTION 'bet_place: protection' USING ERRCODE = 'SWB01';
  END IF;

  -- The Idempotency-Key first: a second request with the same key waits here, then finds it taken.
  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (user_id, key, route, request_hash)
    VALUES (p_user, p_key, p_route, p_request_hash)
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'bet_place: key taken' USING ERRCODE = 'SWB01';
    END IF;
  END IF;

  -- The caller checked the slip against the game and limits it read earlier: they must be unchanged.
  IF (SELECT md5(jsonb_build_array(g.enabled, g.schedule)::text) FROM lottery_games g WHERE g.type = p_type) IS DISTINCT FROM p_game_md5
     OR (SELECT md5(s.value::text) FROM settings s WHERE s.key = p_limits_key) IS DISTINCT FROM p_limits_md5 THEN
    RAISE EXCEPTION 'bet_place: stale config' USING ERRCODE = 'SWB01';
  END IF;

  -- The draw FOR SHARE: results, voids and settlement wait for the bets in flight.
  SELECT d.type, d.status, d.odds, clock_timestamp() < d.closes_at,
         to_char((d.draw_at AT TIME ZONE 'UTC') + interval '390 minutes', 'YYYY-MM-DD')
    INTO v_draw_type, v_status, v_odds, v_open, v_day
    FROM draws d WHERE d.id = p_draw
     FOR SHARE;
  IF NOT FOUND OR v_draw_type <> p_type OR v_status <> 'open' OR NOT v_open OR v_day = ANY (p_off_days) THEN
    RAISE EXCEPTION 'bet_place: draw' USING ERRCODE = 'SWB01';
  END IF;

  IF EXISTS (SELECT 1 FROM number_rules r WHERE r.type = p_type AND r.number = ANY (p_numbers) AND r.blocked) THEN
    RAISE EXCEPTION 'bet_place: blocked' USING ERRCODE = 'SWB01';
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
    RAISE EXCEPTION 'bet_place: accounts' USING ERRCODE = 'SWB01';
  END IF;
  UPDATE ledger_accounts a SET balance = a.balance + v_total WHERE a.code = p_house
  RETURNING a.id, a.balance INTO v_house_id, v_house_after;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'bet_place: house account' USING ERRCODE = 'SWB01';
  END IF;
  UPDATE ledger_accounts a SET balance = a.balance - v_total WHERE a.id = v_main_id AND a.balance - v_total >= 0
  RETURNING a.balance INTO v_main_after;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'bet_place: funds' USING ERRCODE = 'SWB01';
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

  -- The caps for real: exposure rows locked in ascending number order, the cut-off again by the
  -- database clock, and each stake added only within its number's cap.
  IF v_n > 1 THEN
    PERFORM 1 FROM number_exposure e WHERE e.draw_id = p_draw AND e.number = ANY (v_sorted) ORDER BY e.number FOR UPDATE;
  END IF;
  IF NOT (SELECT clock_timestamp() < d.closes_at FROM draws d WHERE d.id = p_draw) THEN
    RAISE EXCEPTION 'bet_place: closed' USING ERRCODE = 'SWB01';
  END IF;
  UPDATE number_exposure e SET staked = e.staked + v.a
    FROM (SELECT t.n, t.a, CASE WHEN r.hot THEN p_hot_cap ELSE p_number_cap END AS cap
            FROM unnest(p_numbers, p_amounts) AS t(n, a)
            LEFT JOIN number_rules r ON r.type = p_type AND r.number = t.n) AS v
   WHERE e.draw_id = p_draw AND e.number = v.n AND e.staked + v.a <= v.cap;
  GET DIAGNOSTICS v_raised = ROW_COUNT;
  IF v_raised <> v_n THEN
    RAISE EXCEPTION 'bet_place: over limit' USING ERRCODE = 'SWB01';
  END IF;

  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys k SET status_code = 201,
           response = jsonb_build_object('slip_id', v_slip, 'total', v_total, 'balance', v_main_after)
     WHERE k.user_id = p_user AND k.key = p_key;
  END IF;
  RETURN QUERY SELECT v_slip, v_total, v_main_after, v_journal;
END;
$$;
