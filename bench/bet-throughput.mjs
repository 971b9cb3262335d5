import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { placeBet } from "../apps/server/src/modules/lottery/betting.service.ts";
import { cpuBudgetRows } from "./lib/cpu.mjs";
import { createScratchDatabase, pgbenchTpcb, serverVersion } from "./lib/database.mjs";
import { loadRun } from "./lib/http.mjs";
import { betsInDatabase } from "./lib/in-database.mjs";
import { pgliteTransferLoop } from "./lib/pglite-loop.mjs";
import { count, createOpenDraw, createPlayers, openContext, setLimits } from "./lib/players.mjs";
import { startServer } from "./lib/servers.mjs";
import { loadSeconds, log, machineInfo } from "./lib/setup.mjs";
import { round, writeResult } from "./lib/statistics.mjs";

/**
 * Benchmark 1, bet throughput: slips of one 2D line through the real HTTP API (unique Idempotency-Keys,
 * players and numbers in rotation), against pgbench tpcb-like on the same PostgreSQL server just before;
 * then the same on the embedded database, against a bare PGlite transfer loop.
 */
const NAME = "bet-throughput";
const PLAYERS = 200;
const seconds = loadSeconds(20);
const embeddedSeconds = Math.max(5, Math.round(seconds / 2));
const SUCCESS = (status) => status === 200 || status === 201;

async function prepare(ctx) {
  const players = await createPlayers(ctx, PLAYERS, { main: 1_000_000_000 });
  await setLimits(ctx, "2D", { number_cap: 1_000_000_000_000, hot_cap: 1_000_000_000_000 });
  const drawId = await createOpenDraw(ctx, { closesIn: 3600 });
  return { players, drawId };
}

function betRequests(players, drawId) {
  let n = 0;
  return [
    {
      method: "POST",
      path: "/api/user/betting",
      setupRequest(req) {
        const i = n++;
        const player = players[i % players.length];
        return {
          ...req,
          headers: {
            "content-type": "application/json",
            authorization: `Bearer ${player.token}`,
            "idempotency-key": randomUUID(),
          },
          body: JSON.stringify({ draw_id: drawId, lines: [{ number: String(i % 100).padStart(2, "0"), amount: 100 }] }),
        };
      },
    },
  ];
}

async function betRun(base, players, drawId, connections, duration, serverPid) {
  return loadRun({ url: base, connections, duration, requests: betRequests(players, drawId), check: SUCCESS, serverPid });
}

const out = {
  settings: {
    players: PLAYERS,
    seconds,
    embedded_seconds: embeddedSeconds,
    line: "one 2D line, amount 100, numbers 00–99 in rotation",
    tool: "autocannon 8",
  },
};

// PostgreSQL
{
  log(NAME, "pgbench tpcb-like (scale 10, 8 clients, prepared)");
  out.pgbench = await pgbenchTpcb({ seconds });
  log(NAME, `pgbench ${out.pgbench.tps} tps`);
  const db = await createScratchDatabase();
  let server;
  let context;
  try {
    server = await startServer({ databaseUrl: db.url });
    context = await openContext(db.url, { poolSize: 4 });
    const { players, drawId } = await prepare(context.ctx);
    await betRun(server.base, players, drawId, 16, 2);
    out.postgres = {};
    for (const connections of [16, 64]) {
      log(NAME, `bets on PostgreSQL, ${connections} connections, ${seconds} s`);
      out.postgres[`c${connections}`] = await betRun(server.base, players, drawId, connections, seconds, server.pid);
    }
    log(NAME, "bets inside the database alone (money_batch of 64 bet_place calls, one connection), 5 s");
    out.postgres.in_database = await betsInDatabase(db.url, drawId, 5);
    out.postgres.bet_lines_in_db = await count(context.ctx, "select count(*)::int as n from bet_lines");
    out.database = await serverVersion();
  } finally {
    await context?.close();
    await server?.stop();
    await db.drop();
  }
}

// Embedded database (PGlite on disk, as DATA_DIR): prepared in this process, then served by the real server.
{
  log(NAME, `bare PGlite transfer loop, ${embeddedSeconds} s`);
  out.pglite_loop = await pgliteTransferLoop(embeddedSeconds);
  const dataDir = mkdtempSync(join(tmpdir(), "shwe-bench-embedded-"));
  let server;
  try {
    const context = await openContext(undefined, { dataDir, prepare: true });
    const { players, drawId } = await prepare(context.ctx);
    // The bet service alone on the same embedded database: no HTTP, no token, 16 slips at a time.
    log(NAME, `bets through the service alone on the embedded database, 16 at a time, ${embeddedSeconds} s`);
    out.embedded_service = await serviceLoop(context.ctx, players, drawId, 16, embeddedSeconds);
    await context.close();
    server = await startServer({ dataDir });
    await betRun(server.base, players, drawId, 16, 2);
    log(NAME, `bets on the embedded database, 16 connections, ${embeddedSeconds} s`);
    out.embedded = { c16: await betRun(server.base, players, drawId, 16, embeddedSeconds, server.pid) };
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Where a bet's CPU goes, beside a pgbench transaction's: what 0.6 × pgbench leaves per bet on this
 * machine's cores, what each process used per bet at 16 connections, and the database's own time per
 * bet measured alone (with its ledger part alone), against PostgreSQL's CPU per pgbench transaction.
 */
function cpuRows(o) {
  const ref = o.pgbench.cpu_per_tx;
  const rows = cpuBudgetRows({ noun: "bet", ratio: 0.6, cpu: o.postgres.c16.cpu_per_ok, pgbench: o.pgbench, cores: machineInfo().cores });
  const inDb = o.postgres.in_database;
  rows.push({
    metric: "PostgreSQL time per bet alone (bet_place in batches of 64, one backend) / its ledger transfer alone",
    figure: `${inDb.bets.us_per_call} / ${inDb.ledger_transfer.us_per_call}`,
    unit: "µs",
    ...(ref ? { reference_label: "pgbench: PostgreSQL CPU per transaction", reference: ref.postgres_us, reference_unit: "µs" } : {}),
  });
  return rows;
}

/** placeBet called straight from `workers` loops for `seconds` (the service the HTTP route calls, keys included). */
async function serviceLoop(ctx, players, drawId, workers, seconds) {
  const until = Date.now() + seconds * 1000;
  let n = 0;
  let ok = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < until) {
        const i = n++;
        const player = players[i % players.length];
        const body = { draw_id: drawId, lines: [{ number: String(i % 100).padStart(2, "0"), amount: 100 }] };
        const res = await placeBet(ctx, player.id, "2D", body, randomUUID());
        if (res.status === 201) ok++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { bets: ok, seconds: round(elapsed, 2), ok_per_s: round(ok / elapsed, 1) };
}

const pg16 = out.postgres.c16;
const pg64 = out.postgres.c64;
const emb = out.embedded.c16;
const ratio16 = round(pg16.ok_per_s / out.pgbench.tps, 3);
const ratio64 = round(pg64.ok_per_s / out.pgbench.tps, 3);
const ratioEmb = round(emb.ok_per_s / out.pglite_loop.per_s, 3);
const clean = (r) => r.failed === 0 && r.errors === 0;
out.rows = [
  {
    metric: "bets/s, PostgreSQL, 16 conns",
    figure: pg16.ok_per_s,
    unit: "bets/s",
    reference_label: "pgbench tpcb-like",
    reference: out.pgbench.tps,
    reference_unit: "tps",
    ratio: ratio16,
    target: "≥ 0.6 × pgbench",
    pass: ratio16 >= 0.6 && clean(pg16),
  },
  {
    metric: "bet p50 / p99, 16 conns",
    figure: `${pg16.latency_ms.p50} / ${pg16.latency_ms.p99}`,
    unit: "ms",
    target: "p99 ≤ 50 ms",
    pass: pg16.latency_ms.p99 <= 50,
  },
  {
    metric: "bets/s, PostgreSQL, 64 conns",
    figure: pg64.ok_per_s,
    unit: "bets/s",
    reference_label: "pgbench tpcb-like",
    reference: out.pgbench.tps,
    reference_unit: "tps",
    ratio: ratio64,
    target: "≥ 0.6 × pgbench",
    pass: ratio64 >= 0.6 && clean(pg64),
  },
  { metric: "bet p50 / p99, 64 conns", figure: `${pg64.latency_ms.p50} / ${pg64.latency_ms.p99}`, unit: "ms" },
  {
    metric: "bets/s, embedded DB, 16 conns",
    figure: emb.ok_per_s,
    unit: "bets/s",
    reference_label: "bare PGlite transfer loop",
    reference: out.pglite_loop.per_s,
    reference_unit: "tx/s",
    ratio: ratioEmb,
    target: "≥ 0.4 × bare PGlite loop",
    pass: ratioEmb >= 0.4 && clean(emb),
  },
  { metric: "bet p50 / p99, embedded, 16 conns", figure: `${emb.latency_ms.p50} / ${emb.latency_ms.p99}`, unit: "ms" },
  {
    metric: "bets/s, embedded DB, bet service alone (no HTTP)",
    figure: out.embedded_service.ok_per_s,
    unit: "bets/s",
    reference_label: "bare PGlite transfer loop",
    reference: out.pglite_loop.per_s,
    reference_unit: "tx/s",
    ratio: round(out.embedded_service.ok_per_s / out.pglite_loop.per_s, 3),
  },
];
out.rows.push(...cpuRows(out));
const file = writeResult(NAME, out);
log(
  NAME,
  `PG16 ${pg16.ok_per_s}/s p99 ${pg16.latency_ms.p99} (failed ${pg16.failed}), PG64 ${pg64.ok_per_s}/s, pgbench ${out.pgbench.tps}; embedded ${emb.ok_per_s}/s vs PGlite ${out.pglite_loop.per_s}; ${file}`,
);
