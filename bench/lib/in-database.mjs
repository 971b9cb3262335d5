import pg from "pg";
import { round } from "./statistics.mjs";

/**
 * The database's own share of a bet, without HTTP, the server or the load generator: batches of 64
 * bet_place calls through money_batch (the statement the server sends under load), run back to back
 * on one connection for `seconds`, so the wall time per bet is the one backend's time per bet. Then
 * the ledger part of bet_place alone (its accounts lock, two balance updates, journal, two entries and
 * outbox row, the same statements) in a function made for the run, to show what the rest costs.
 *
 * The calls are built in SQL from the draw's game and settings, as the server builds them (the
 * function refuses a call whose fingerprints do not match, and every call must succeed here); the
 * server's instant (p_now, decision 0025) is the database clock's here.
 */
export async function betsInDatabase(url, drawId, seconds) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const buildCalls = `
      select jsonb_agg(jsonb_build_object('fn', 'bet_place', 'a', jsonb_build_array(
               p.uid, '2D', $1::bigint, jsonb_build_array(lpad((p.i % 100)::text, 2, '0')), jsonb_build_array(100),
               1000000000000::bigint, 1000000000000::bigint,
               coalesce((select g.schedule -> 'off_days' from lottery_games g where g.type = '2D'), '[]'::jsonb),
               (select md5(jsonb_build_array(g.enabled, g.schedule)::text) from lottery_games g where g.type = '2D'),
               'lottery.limits.2D', (select md5(s.value::text) from settings s where s.key = 'lottery.limits.2D'),
               gen_random_uuid()::text, 'POST /api/user/betting', md5(random()::text), 'house:lottery:' || (p.uid % 16), 6,
               clock_timestamp()))
             order by p.i) as calls
        from (select row_number() over (order by random()) as i, x.uid
                from (select a.user_id as uid from ledger_accounts a
                       where a.kind = 'main' and a.user_id is not null and a.balance > 1000000 limit 64) x) p`;
    const runBatches = async (sqlText, argsOf) => {
      let calls = 0;
      let spent = 0;
      const until = Date.now() + seconds * 1000;
      while (Date.now() < until) {
        const calls64 = JSON.stringify((await client.query(buildCalls, [drawId])).rows[0].calls);
        const started = performance.now();
        const res = await client.query(sqlText, argsOf(calls64));
        spent += performance.now() - started;
        const bad = res.rows.filter((r) => r.out_state !== null);
        if (bad.length > 0) throw new Error(`in-database bets refused: ${bad[0].out_state} ${bad[0].out_message}`);
        calls += res.rows.length;
      }
      return { calls, us_per_call: round((spent * 1000) / calls, 1) };
    };

    const bets = await runBatches("select out_state, out_message from money_batch($1::jsonb)", (c) => [c]);

    await client.query(`
      create or replace function pg_temp.ledger_transfer(p_user bigint, p_house text, p_total bigint, p_ref bigint)
      returns void language plpgsql as $$
      declare v_kinds integer; v_main_id bigint; v_main_after bigint; v_house_id bigint; v_house_after bigint; v_journal bigint;
      begin
        select count(distinct x.kind), max(x.id) filter (where x.kind = 'main') into v_kinds, v_main_id
          from (select a.id, a.kind from ledger_accounts a where a.user_id = p_user order by a.id for update) as x;
        update ledger_accounts a set balance = a.balance + p_total where a.code = p_house returning a.id, a.balance into v_house_id, v_house_after;
        update ledger_accounts a set balance = a.balance - p_total where a.id = v_main_id and a.balance - p_total >= 0 returning a.balance into v_main_after;
        insert into journals (kind, user_id, unique_key, ref_type, ref_id, memo, meta)
        values ('lottery_bet', p_user, 'bench-transfer:' || p_ref, 'bet_slip', p_ref::text, '2D draw', jsonb_build_object('draw_id', 0))
        returning id into v_journal;
        insert into journal_entries (journal_id, account_id, amount, balance_after)
        values (v_journal, v_main_id, -p_total, v_main_after), (v_journal, v_house_id, p_total, v_house_after);
        insert into outbox (topic, user_id, payload) values ('balance', p_user, jsonb_build_object('journal_id', v_journal, 'kind', 'lottery_bet'));
      end $$`);
    let ref = 0;
    const transfer = await runBatches(
      `select null::text as out_state, null::text as out_message, pg_temp.ledger_transfer((c -> 'a' ->> 0)::bigint, c -> 'a' ->> 14, 100, $2::bigint + n)
         from jsonb_array_elements($1::jsonb) with ordinality as e(c, n)`,
      (c) => {
        ref += 1000;
        return [c, ref];
      },
    );
    return { bets, ledger_transfer: transfer, batch: 64, seconds };
  } finally {
    await client.end();
  }
}
