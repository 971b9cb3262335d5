import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Two texts of `gsc_element` compared on the same batches, in one database and over one connection: the GSC+
 * load of gsc-cpu-probe.mjs (signed `/withdraw` BET then `/deposit` SETTLED of the same wager, 16 at a time, 200
 * funded players, one round in four in MMK2 with a fraction of a kyat) runs CALLS (1,000) calls through the
 * server while the `money_batch` statements it sends are kept. Then, ROUNDS (4) times, OLD (a file holding
 * another CREATE OR REPLACE of gsc_element) and the checkout's functions/gsc_element.sql are each applied and
 * the kept batches replayed one after another on one connection, with fresh transaction ids and wagers. Per
 * element: the backend's CPU (/proc/<pid>/stat, noisy on a shared machine) and what pg_stat_database counts
 * for the database (buffers touched, rows inserted, updated, fetched, returned), which do not depend on the
 * machine's load, and the wall time spent inside money_batch and inside gsc_element (track_functions, the
 * connection's own setting). Every replayed element must answer code 0.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> OLD=<old gsc_element.sql> node --import tsx bench/gsc-element-replay.mjs
 */
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const src = join(root, "apps/server/src");
if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL must name a real PostgreSQL server");
if (!process.env.OLD) throw new Error("OLD must name a file with another text of gsc_element");
const CONC = 16;
const CALLS = Number(process.env.CALLS ?? 1000);
const ROUNDS = Number(process.env.ROUNDS ?? 4);

// The money_batch statements the server sends, kept as their JSON argument.
const pg = createRequire(join(src, "app.ts"))("pg");
const kept = [];
let keeping = false;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  const q = args[0];
  const text = typeof q === "string" ? q : (q?.text ?? "");
  if (keeping && text.includes("money_batch(")) {
    const values = (typeof q === "object" && q?.values) || args[1];
    const calls = Array.isArray(values) ? values[0] : undefined;
    kept.push(typeof calls === "string" ? calls : JSON.stringify(calls));
  }
  return query.apply(this, args);
};

const { createTestApp, databaseUrlOf } = await import(join(src, "test/test-app.ts"));
const { simulatedGscConfig } = await import(join(src, "modules/gsc/gsc-config.ts"));
const gsc = await import(join(src, "modules/gsc/gsc.test-helpers.ts"));
const { player } = await import(join(src, "modules/providers/wallet.test-helpers.ts"));

const t = await createTestApp({ config: { gsc: simulatedGscConfig({}), logLevel: "warn" } });
await gsc.product(t, 1006);
await gsc.product(t, 1007);
const players = [];
for (let i = 0; i < 200; i++) players.push(await player(t, 100_000_000));

const unexpected = [];
let next = 0;
async function round(i) {
  const p = players[i % players.length];
  const mmk2 = i % 4 === 1;
  const [currency, productCode] = mmk2 ? ["MMK2", 1007] : ["MMK", 1006];
  const wager = `w-${process.pid}-${i}`;
  const stake = mmk2 ? "1.2345" : "500";
  const win = i % 2 ? "0" : mmk2 ? "2.5" : "900";
  const fields = { wager_code: wager, round_id: wager, game_code: "g1" };
  const bet = { id: `b-${wager}`, action: "BET", amount: stake, wager_status: "BET", ...fields };
  const settled = { id: `s-${wager}`, action: "SETTLED", amount: win, wager_status: "SETTLED", ...fields };
  for (const [name, tx] of [
    ["withdraw", bet],
    ["deposit", settled],
  ]) {
    const r = await gsc.move(t, name, p.userCode, productCode, currency, [tx]);
    if (r.answer.code !== 0 || r.answer.data?.[0]?.code !== 0) unexpected.push(r.answer);
  }
}
async function load(calls) {
  let sent = 0;
  const worker = async () => {
    while (sent < calls) {
      sent += 2;
      await round(next++);
    }
  };
  await Promise.all(Array.from({ length: CONC }, worker));
}

await load(600);
keeping = true;
await load(CALLS);
keeping = false;
const elements = kept.map((calls) => JSON.parse(calls).length).reduce((a, b) => a + b, 0);

const old = readFileSync(process.env.OLD, "utf8");
const own = readFileSync(join(root, "apps/server/drizzle/functions/gsc_element.sql"), "utf8");
const client = new pg.Client({ connectionString: await databaseUrlOf(t.database) });
await client.connect();
const pid = (await client.query("select pg_backend_pid() as pid")).rows[0].pid;
await client.query("set track_functions = 'all'");
console.error(`replaying on backend ${pid}`); // to profile it: perf record -g -p <pid>
const ticks = () => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(fields[11]) + Number(fields[12]); // utime + stime, 1/100 s
};
async function counters() {
  await client.query("select pg_stat_force_next_flush()");
  await client.query("select 1");
  await client.query("select pg_stat_clear_snapshot()");
  const { rows } = await client.query(
    `select blks_hit + blks_read as buffers, tup_inserted as inserted, tup_updated as updated,
            tup_fetched as fetched, tup_returned as returned,
            (select sum(f.total_time) from pg_stat_user_functions f where f.funcname = 'money_batch') as batch_ms,
            (select sum(f.total_time) from pg_stat_user_functions f where f.funcname = 'gsc_element') as element_ms
       from pg_stat_database where datname = current_database()`,
  );
  return rows[0];
}
let replays = 0;
let refused = 0;
async function replay(batches) {
  replays++;
  for (const calls of batches) {
    const text = calls.replaceAll(`w-${process.pid}-`, `w-${process.pid}-r${replays}-`);
    const { rows } = await client.query("select out_index, out_row, out_state, out_message from money_batch($1::jsonb)", [text]);
    for (const row of rows) if (row.out_state || row.out_row?.out_code !== 0) refused++;
  }
}

const turns = [];
for (let r = 0; r < ROUNDS; r++) {
  for (const [label, text] of [
    ["OLD", old],
    ["checkout", own],
  ]) {
    await client.query(text);
    await replay(kept.slice(0, 20));
    const before = await counters();
    const t0 = ticks();
    const start = performance.now();
    await replay(kept);
    const wall = performance.now() - start;
    const cpu = ticks() - t0;
    const after = await counters();
    const per = (k) => Math.round(((Number(after[k]) - Number(before[k])) / elements) * 100) / 100;
    turns.push({
      function: label,
      cpuUsPerElement: Math.round((cpu * 10_000) / elements),
      wallUsPerElement: Math.round((wall * 1000) / elements),
      buffers: per("buffers"),
      inserted: per("inserted"),
      updated: per("updated"),
      fetched: per("fetched"),
      returned: per("returned"),
      // Wall time (track_functions) per element inside money_batch and inside gsc_element, and of the whole statement.
      batchUs: Math.round(per("batch_ms") * 1000),
      elementUs: Math.round(per("element_ms") * 1000),
    });
  }
}
await client.end();
await t.close();
console.log(JSON.stringify({ batches: kept.length, elements, unexpected: unexpected.length, refused }));
for (const turn of turns) console.log(JSON.stringify(turn));
if (unexpected.length > 0 || refused > 0) process.exitCode = 1;
