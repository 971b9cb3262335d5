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
-- A call never waits long for a row lock: the batch holds the locks of all its calls until its
-- commit, so two batches (two server instances) whose calls met on rows in different orders would
-- deadlock. A call whose lock is not free within 2 ms raises 55P03 instead, is undone alone, and the
-- server runs it on the general path.
--
-- The rows every slip shares with other slips are locked first, for the whole batch, in one order
-- (decision 0028, migration 0044): the lottery house shards of its bet_place calls (ascending id),
-- then the existing exposure rows of their numbers (ascending draw, number). A batch may wait up to
-- 500 ms for those: another instance's batch holding them finishes in one statement, and a batch
-- waiting here holds none of the rows the other waits for (every batch and the general path take
-- house before exposure rows, and each in ascending order), so batches of several instances queue
-- on these rows instead of sending each other's slips to the general path. Should the rows not be
-- free in time, or anything else go wrong there, the batch goes on without them, as before.
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
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(p_calls) AS c(value) WHERE c.value ->> 'fn' = 'bet_place') THEN
    BEGIN
      PERFORM set_config('lock_timeout', '500ms', true);
      PERFORM 1 FROM ledger_accounts h
        WHERE h.code IN (SELECT c.value -> 'a' ->> 14 FROM jsonb_array_elements(p_calls) AS c(value)
                          WHERE c.value ->> 'fn' = 'bet_place')
        ORDER BY h.id
          FOR UPDATE;
      PERFORM 1 FROM number_exposure e
        WHERE (e.draw_id, e.number) IN (
          SELECT (c.value -> 'a' ->> 2)::bigint, n.v
            FROM jsonb_array_elements(p_calls) AS c(value), jsonb_array_elements_text(c.value -> 'a' -> 3) AS n(v)
           WHERE c.value ->> 'fn' = 'bet_place')
        ORDER BY e.draw_id, e.number
          FOR UPDATE;
    EXCEPTION WHEN OTHERS THEN
      NULL;
    END;
  END IF;
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
