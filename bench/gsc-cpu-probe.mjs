import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * CPU and database work per GSC+ webhook, in one process, without HTTP sockets or autocannon: signed `/withdraw`
 * BET then `/deposit` SETTLED of the same wager sent with `app.inject`, CONC (16) at a time, over 200 funded
 * players, one round in four in MMK2 with a fraction of a kyat. After 600 calls to warm up, CALLS (4,000) calls:
 * the process's CPU per call (process.cpuUsage: the server's code and the in-process load generator together),
 * the CPU of the database's backends per call (/proc/<pid>/stat of every backend of the test database, so
 * PostgreSQL on this machine only), statements sent per call by kind, and how many elements took the one call.
 * Every answer must be code 0. A figure for comparing code in turns on a busy machine, not a throughput figure.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> node --import tsx bench/gsc-cpu-probe.mjs
 *
 * ROOT=<another checkout> measures that checkout's server code with this script (the same load).
 */
const root = process.env.ROOT ?? join(dirname(fileURLToPath(import.meta.url)), "..");
const src = join(root, "apps/server/src");
if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL must name a real PostgreSQL server");
const CONC = Number(process.env.CONC ?? 16);
const CALLS = Number(process.env.CALLS ?? 4000);

// Statements counted where node-postgres sends them (the pool's clients are pg.Client subclasses).
const pg = createRequire(join(src, "app.ts"))("pg");
const kinds = new Map();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (...args) {
  const q = args[0];
  const text = typeof q === "string" ? q : (q?.text ?? "");
  const kind = text.trim().slice(0, 40);
  kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  return query.apply(this, args);
};

const { createTestApp } = await import(join(src, "test/test-app.ts"));
const { simulatedGscConfig } = await import(join(src, "modules/gsc/gsc-config.ts"));
const gsc = await import(join(src, "modules/gsc/gsc.test-helpers.ts"));
const { player } = await import(join(src, "modules/providers/wallet.test-helpers.ts"));
const { gscPathCounts } = await import(join(src, "modules/gsc/gsc-one-call.ts"));
const { sql } = createRequire(join(src, "app.ts"))("drizzle-orm");

const { DEFAULT_MONEY_BATCH } = await import(join(src, "config/env.ts"));
// SPLIT_AT / WALLET_LANES: the money batcher's settings for this run (the server's defaults otherwise).
const moneyBatch = {
  ...DEFAULT_MONEY_BATCH,
  ...(process.env.SPLIT_AT ? { splitAt: Number(process.env.SPLIT_AT) } : {}),
  ...(process.env.WALLET_LANES ? { walletLanes: Number(process.env.WALLET_LANES) } : {}),
};
const t = await createTestApp({ config: { gsc: simulatedGscConfig({}), logLevel: "warn", moneyBatch } });
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

const database = (await t.ctx.db.execute(sql`select current_database() as d`)).rows[0].d;
async function backendTicks() {
  const res = await t.ctx.db.execute(sql`select pid from pg_stat_activity where datname = ${database}`);
  let ticks = 0;
  for (const { pid } of res.rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime + stime, 1/100 s
    } catch {
      // a backend that ended meanwhile
    }
  }
  return ticks;
}

await load(600);
kinds.clear();
const paths0 = gscPathCounts(t.ctx);
const batches0 = t.ctx.moneyBatcher?.stats();
const ticks0 = await backendTicks();
const rusage0 = process.resourceUsage();
const cpu0 = process.cpuUsage();
const start = performance.now();
await load(CALLS);
const cpu = process.cpuUsage(cpu0);
const seconds = (performance.now() - start) / 1000;
const rusage = process.resourceUsage();
const ticks = (await backendTicks()) - ticks0;
const paths = gscPathCounts(t.ctx);
const batches = t.ctx.moneyBatcher?.stats();
const statements = new Map(kinds);
await t.close();

const perCall = (n) => Math.round((n / CALLS) * 1000) / 1000;
console.log(
  JSON.stringify(
    {
      root,
      calls: CALLS,
      atOnce: CONC,
      processCpuUsPerCall: Math.round((cpu.user + cpu.system) / CALLS),
      userSystemUs: [Math.round(cpu.user / CALLS), Math.round(cpu.system / CALLS)],
      postgresCpuUsPerCall: Math.round((ticks * 10_000) / CALLS),
      statementsPerCall: perCall([...statements.values()].reduce((a, b) => a + b, 0)),
      statementKindsPerCall: Object.fromEntries([...statements].map(([k, v]) => [k, perCall(v)])),
      involuntarySwitchesPerCall: perCall(rusage.involuntaryContextSwitches - rusage0.involuntaryContextSwitches),
      callsPerSecond: Math.round(CALLS / seconds),
      moneyBatch,
      batchesPerCall: batches && batches0 ? perCall(batches.batches - batches0.batches) : undefined,
      callsPerBatch:
        batches && batches0 ? Math.round(((batches.calls - batches0.calls) / (batches.batches - batches0.batches)) * 100) / 100 : undefined,
      splitBatchesPerCall: batches && batches0 ? perCall(batches.split - batches0.split) : undefined,
      mostBatchesAtOnce: batches?.mostAtOnce,
      oneCall: paths.oneCall - paths0.oneCall,
      generalPath: paths.general - paths0.general,
      unexpected: unexpected.length,
      firstUnexpected: unexpected[0],
    },
    null,
    1,
  ),
);
if (unexpected.length > 0) process.exitCode = 1;
