-- The owner of a live bearer token in one function call (token.repository.ts findLiveToken). Every
-- request with a token runs it: inside a PL/pgSQL function its plan is made once per connection,
-- where the embedded database (PGlite) would plan the query afresh on every request.
CREATE OR REPLACE FUNCTION token_owner(p_hash text)
RETURNS TABLE (token_id bigint, user_id bigint, role text, blocked boolean, expires_at timestamptz, second_factor boolean, enrolled boolean)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT t.id, u.id, u.role::text, u.blocked, t.expires_at, t.second_factor_at IS NOT NULL,
         u.role <> 'player' AND EXISTS (SELECT 1 FROM operator_totp o WHERE o.user_id = u.id AND o.enabled_at IS NOT NULL)
    FROM auth_tokens t
    JOIN users u ON u.id = t.user_id
   WHERE t.token_hash = p_hash AND t.revoked_at IS NULL AND t.expires_at > now()
   LIMIT 1;
END;
$$;
