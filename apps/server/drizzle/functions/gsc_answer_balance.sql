-- gsc_answer_balance: a balance of a GSC+ answer (gsc-amount.ts formatGscBalance): ten-thousandths of a
-- kyat in the request currency (ratio kyat per unit), cut toward zero to p_decimals decimals, without
-- trailing zeros. PL/pgSQL rather than SQL so that gsc_element's statements plan it once per
-- connection (decision 0021).
CREATE OR REPLACE FUNCTION gsc_answer_balance(p_e4 bigint, p_ratio bigint, p_decimals integer) RETURNS numeric
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN sign(p_e4) * trim_scale(div(div(abs(p_e4)::numeric * 1000000000000, 10000::numeric * p_ratio), 10::numeric ^ (12 - p_decimals))
                                 * ('1e-' || p_decimals)::numeric);
END;
$$;
