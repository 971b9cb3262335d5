-- gsc_element: a GSC+ batch element in one database call (decisions 0020, 0021; text as in migration
-- 0043). Called by modules/gsc/gsc-one-call.ts, in money_batch's wallet lane. It does for the common
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
--
-- Statements are few (migration 0043): the member is found and locked in one statement, which also
-- reads the product's state and, for a result, the points setting; the accounts are locked in the
-- statement that looks the transaction id up; the round is written once, where it is locked, with its
-- final values; a new wager is inserted once with its final values (its round first: the player's rows
-- are all behind the users row); a journal, its entries and its outbox row go in one statement.
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
  v_wager_found boolean := false;
  v_round_id bigint;
  v_round_status text;
  v_open boolean;
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
  v_kind text;
  v_points bigint;
  v_point_after bigint;
  v_journal_points bigint;
  v_claim bigint;
  v_first_hash text;
  v_repeat boolean;
  v_first_user bigint;
  v_code integer := 0;
  v_other_body boolean := false;
  v_row jsonb;
BEGIN
  IF v_action IS NULL OR v_action NOT IN ('BET', 'SETTLED', 'WIN') OR v_id IS NULL OR v_wager_code IS NULL OR p_now IS NULL THEN
    RAISE EXCEPTION 'gsc_element: shape' USING ERRCODE = 'SWG01';
  END IF;
  -- The users row first, as every GSC+ movement of the player (lockWalletUser), found by the member's
  -- code. The product must be open (in the catalogue, active, not in maintenance); the member known.
  -- A result reads the points setting here too (settlement.ts reads it inside the same transaction).
  SELECT u.id, u.blocked, (u.excluded_forever OR coalesce(u.excluded_until > p_now, false)), u.turnover, u.referred_by,
         coalesce((SELECT p.active AND NOT p.maintenance FROM providers p WHERE upper(p.code) = p_provider LIMIT 1), false),
         CASE WHEN v_action <> 'BET' THEN (SELECT s.value FROM settings s WHERE s.key = 'lottery.points') END
    INTO v_user, v_blocked, v_excluded, v_turnover, v_referred_by, v_open, v_setting
    FROM users u WHERE u.user_code = p_user_code
     FOR NO KEY UPDATE OF u;
  IF NOT FOUND THEN
    IF NOT coalesce((SELECT p.active AND NOT p.maintenance FROM providers p WHERE upper(p.code) = p_provider LIMIT 1), false) THEN
      RAISE EXCEPTION 'gsc_element: product' USING ERRCODE = 'SWG01';
    END IF;
    RAISE EXCEPTION 'gsc_element: member' USING ERRCODE = 'SWG01';
  END IF;
  IF NOT v_open THEN
    RAISE EXCEPTION 'gsc_element: product' USING ERRCODE = 'SWG01';
  END IF;
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

  -- Every account of the player locked (ascending id). The same statement looks the transaction id up
  -- (used below): one row always, the aggregate's, with the id's first claim if there is one.
  SELECT k.kinds, k.game_id, k.kyat, k.point_id, t.transaction_id IS NOT NULL, t.request_hash, t.user_id
    INTO v_kinds, v_game_id, v_kyat, v_point_id, v_repeat, v_first_hash, v_first_user
    FROM (SELECT count(DISTINCT x.kind) AS kinds, max(x.id) FILTER (WHERE x.kind = 'game') AS game_id,
                 max(x.balance) FILTER (WHERE x.kind = 'game') AS kyat, max(x.id) FILTER (WHERE x.kind = 'point') AS point_id
            FROM (SELECT a.id, a.kind, a.balance FROM ledger_accounts a WHERE a.user_id = v_user ORDER BY a.id FOR UPDATE) AS x) AS k
    LEFT JOIN gsc_transactions t ON t.transaction_id = v_id;
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
    IF v_repeat THEN
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
      -- The wager, locked if it exists; a new one is inserted below, once, with its round.
      SELECT w.* INTO v_wager FROM gsc_wagers w WHERE w.product_code = p_product AND w.wager_code = v_wager_code FOR UPDATE;
      v_wager_found := FOUND;
      IF v_wager_found AND (v_wager.user_id <> v_user OR v_wager.cancelled_before_bet) THEN
        RAISE EXCEPTION 'gsc_element: wager' USING ERRCODE = 'SWG01';
      END IF;
      v_bet_e4 := coalesce(v_wager.bet_e4, 0) + v_amount;
    ELSE
      v_delta := v_amount;
      SELECT w.* INTO v_wager FROM gsc_wagers w WHERE w.product_code = p_product AND w.wager_code = v_wager_code FOR UPDATE;
      IF NOT FOUND OR v_wager.user_id <> v_user OR NOT v_wager.has_bet THEN
        -- No bet of this member on the wager: 1006, nothing created.
        v_code := 1006;
        EXIT work;
      END IF;
      v_wager_found := true;
      IF v_wallet_new THEN
        INSERT INTO gsc_wallets (user_id) VALUES (v_user) ON CONFLICT (user_id) DO UPDATE SET updated_at = gsc_wallets.updated_at;
      END IF;
      v_payout_e4 := v_wager.payout_e4 + v_delta;
      IF v_referred_by IS NOT NULL AND v_referred_by <> v_user THEN
        RAISE EXCEPTION 'gsc_element: referred player' USING ERRCODE = 'SWG01';
      END IF;
      v_stake := greatest(v_wager.bet_e4, 0) / 10000;
    END IF;

    -- The exact movement (gsc-exact.ts applyMovement, without a debt): whole kyat to the ledger, the rest kept.
    v_next := v_before + v_delta;
    v_kyat_after := v_next / 10000;
    v_rem_after := v_next % 10000;
    v_moved := v_kyat_after - v_kyat;

    -- The wager's round (openRound): by its id once linked, else created if new, locked, and only while
    -- open, written here with what the element leaves on it (a BET its stake and balances, a result its
    -- settlement, settlement.ts).
    IF v_action = 'BET' THEN
      IF v_wager.round_ref IS NOT NULL THEN
        UPDATE provider_rounds r
           SET bet = v_bet_e4 / 10000, status = 'open', before_balance = coalesce(r.before_balance, v_kyat),
               balance_after = v_kyat_after, updated_at = now()
         WHERE r.id = v_wager.round_ref AND r.status = 'open'
        RETURNING r.id INTO v_round_id;
      ELSE
        INSERT INTO provider_rounds AS r (provider, user_id, round_id, game_code, bet, before_balance, balance_after, updated_at)
        VALUES (p_provider, v_user, v_wager_code, v_game_code, v_bet_e4 / 10000, v_kyat, v_kyat_after, now())
        ON CONFLICT (provider, user_id, round_id) DO UPDATE
           SET bet = v_bet_e4 / 10000, status = 'open', before_balance = coalesce(r.before_balance, v_kyat),
               balance_after = v_kyat_after, updated_at = now()
         WHERE r.status = 'open'
        RETURNING r.id INTO v_round_id;
      END IF;
    ELSIF v_wager.round_ref IS NOT NULL THEN
      UPDATE provider_rounds r
         SET payout = v_payout_e4 / 10000, balance_after = v_kyat_after, status = 'settled', valid_bet = v_stake,
             referrer_id = NULL, referral_share = 0, updated_at = now(), settled_at = now()
       WHERE r.id = v_wager.round_ref AND r.status = 'open'
      RETURNING r.id INTO v_round_id;
    ELSE
      INSERT INTO provider_rounds AS r (provider, user_id, round_id, game_code, payout, balance_after, status, valid_bet,
                                        referrer_id, referral_share, updated_at, settled_at)
      VALUES (p_provider, v_user, v_wager_code, v_game_code, v_payout_e4 / 10000, v_kyat_after, 'settled', v_stake,
              NULL, 0, now(), now())
      ON CONFLICT (provider, user_id, round_id) DO UPDATE
         SET payout = v_payout_e4 / 10000, balance_after = v_kyat_after, status = 'settled', valid_bet = v_stake,
             referrer_id = NULL, referral_share = 0, updated_at = now(), settled_at = now()
       WHERE r.status = 'open'
      RETURNING r.id INTO v_round_id;
    END IF;
    IF v_round_id IS NULL THEN
      RAISE EXCEPTION 'gsc_element: round not open' USING ERRCODE = 'SWG01';
    END IF;

    -- The wager: a new one inserted once; a raced insert (another member's wager code) goes to the general path.
    IF v_wager_found THEN
      UPDATE gsc_wagers w SET updated_at = now(), round_ref = v_round_id,
                              bet_e4 = CASE WHEN v_action = 'BET' THEN v_bet_e4 ELSE w.bet_e4 END,
                              has_bet = w.has_bet OR v_action = 'BET',
                              payout_e4 = CASE WHEN v_action = 'BET' THEN w.payout_e4 ELSE v_payout_e4 END,
                              wager_status = coalesce(v_status, w.wager_status)
       WHERE w.id = v_wager.id;
    ELSE
      INSERT INTO gsc_wagers (product_code, wager_code, user_id, currency, round_ref, wager_status, bet_e4, has_bet, updated_at)
      VALUES (p_product, v_wager_code, v_user, p_currency, v_round_id, v_status, v_bet_e4, true, now())
      ON CONFLICT (product_code, wager_code) DO NOTHING
      RETURNING id INTO v_wager.id;
      IF v_wager.id IS NULL THEN
        RAISE EXCEPTION 'gsc_element: wager' USING ERRCODE = 'SWG01';
      END IF;
    END IF;

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
      v_kind := CASE WHEN v_action = 'BET' THEN 'casino_bet' ELSE 'casino_win' END;
      WITH j AS (
        INSERT INTO journals (kind, user_id, unique_key, ref_type, ref_id, meta)
        VALUES (v_kind, v_user, 'gsc:' || v_id, 'provider_round', v_round_id::text,
                jsonb_build_object('provider', p_provider, 'transaction_id', v_id, 'action', v_action, 'wager_code', v_wager_code,
                                   'round_id', p_tx -> 'round_id', 'game_code', p_tx -> 'game_code', 'currency', p_currency,
                                   'amount_e4', v_delta::text))
        RETURNING id
      ), e AS (
        INSERT INTO journal_entries (journal_id, account_id, amount, balance_after)
        SELECT j.id, x.account_id, x.amount, x.balance_after
          FROM j, (VALUES (1, v_game_id, v_moved, v_after), (2, v_house_id, -v_moved, v_house_after)) AS x(n, account_id, amount, balance_after)
         ORDER BY x.n
      ), o AS (
        INSERT INTO outbox (topic, user_id, payload)
        SELECT 'balance', v_user, jsonb_build_object('journal_id', j.id, 'kind', v_kind) FROM j
      )
      SELECT j.id INTO v_journal FROM j;
    END IF;

    IF v_action <> 'BET' THEN
      -- The round ends (settlement.ts): its whole-kyat stake lowers the turnover (floor 0) and earns points.
      IF v_stake > 0 AND greatest(0, v_turnover - v_stake) <> v_turnover THEN
        UPDATE users u SET turnover = greatest(0, v_turnover - v_stake) WHERE u.id = v_user;
      END IF;
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
        WITH j AS (
          INSERT INTO journals (kind, user_id, unique_key, ref_type, ref_id, memo)
          VALUES ('points_casino', v_user, 'points:provider_round:' || v_round_id, 'provider_round', v_round_id::text,
                  p_provider || ' round ' || v_round_id || ': ' || v_stake || ' kyat settled')
          RETURNING id
        ), e AS (
          INSERT INTO journal_entries (journal_id, account_id, amount, balance_after)
          SELECT j.id, x.account_id, x.amount, x.balance_after
            FROM j, (VALUES (1, v_point_id, v_points, v_point_after), (2, v_house_id, -v_points, v_house_after)) AS x(n, account_id, amount, balance_after)
           ORDER BY x.n
        ), o AS (
          INSERT INTO outbox (topic, user_id, payload)
          SELECT 'balance', v_user, jsonb_build_object('journal_id', j.id, 'kind', 'points_casino') FROM j
        )
        SELECT j.id INTO v_journal_points FROM j;
      END IF;
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
            v_delta, v_moved, v_journal, v_round_id, v_before, v_next, p_tx ->> 'hash', p_tx -> 'raw')
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
  out_user := v_user;
  out_before := v_before::text;
  out_after := v_next::text;
  out_code := v_code;
  out_other_body := v_other_body;
  RETURN NEXT;
END;
$$;
