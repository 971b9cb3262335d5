-- bet_place_readings: what the general path judges a slip's lines and balance by, read by bet_place
-- only when it hands a slip back (decision 0023): the slip's hot and blocked numbers, what the draw
-- held on each of its numbers before this slip (the slip's own raises of a partly applied OVER_LIMIT
-- left out, p_raised) and the player's main balance before this slip. The server runs the domain's
-- checkSlip on them, as the general path runs it on its own reads.
CREATE OR REPLACE FUNCTION bet_place_readings(
  p_user bigint,
  p_type text,
  p_draw bigint,
  p_numbers text[],
  p_amounts bigint[],
  p_raised text[],
  p_balance bigint
) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'hot', (SELECT coalesce(jsonb_agg(r.number ORDER BY r.number), '[]'::jsonb) FROM number_rules r
             WHERE r.type = p_type AND r.number = ANY (p_numbers) AND r.hot),
    'blocked', (SELECT coalesce(jsonb_agg(r.number ORDER BY r.number), '[]'::jsonb) FROM number_rules r
                 WHERE r.type = p_type AND r.number = ANY (p_numbers) AND r.blocked),
    'staked', (SELECT coalesce(jsonb_object_agg(e.number, e.staked - CASE WHEN e.number = ANY (p_raised) THEN t.a ELSE 0 END), '{}'::jsonb)
                 FROM unnest(p_numbers, p_amounts) AS t(n, a)
                 JOIN number_exposure e ON e.draw_id = p_draw AND e.number = t.n),
    'balance', coalesce(p_balance, (SELECT a.balance FROM ledger_accounts a WHERE a.user_id = p_user AND a.kind = 'main'), 0)
  )::text
$$;
