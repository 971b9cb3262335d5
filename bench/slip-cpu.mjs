import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { rowsOf } from "../apps/server/src/db/client.ts";
import { createScratchDatabase, serverVersion } from "./lib/database.mjs";
import { loadRun } from "./lib/http.mjs";
import { createOpenDraw, createPlayers, openContext, setLimits } from "./lib/players.mjs";
import { startServer } from "./lib/servers.mjs";
import { loadSeconds, log, sleep } from "./lib/setup.mjs";
import { round, writeResult } from "./lib/statistics.mjs";

/**
 * Benchmark: the server's CPU per slip by its answer, the kinds a draw-time rush mixes (issue 26):
 * accepted, refused BETTING_CLOSED (a draw past its cut-off), refused LINES_REJECTED (a hot number's
 * cap), refused INSUFFICIENT_FUNDS. One-line slips through the real HTTP API on PostgreSQL, each with a
 * fresh Idempotency-Key, CONNECTIONS at a time; each kind runs for BENCH_SECONDS (default 10) after a
 * warm-up of every kind, and counts only the answers of its kind.
 */
const NAME = "slip-cpu";
const CONNECTIONS = 16;
const seconds = loadSeconds(10);

/** Transactions committed or rolled back in this database so far (statistics flushed about every second). */
async function transactions(ctx) {
  const rows = rowsOf(
    await ctx.db.execute(sql`select (xact_commit + xact_rollback)::bigint as n from pg_stat_database where datname = current_database()`),
  );
  return Number(rows[0]?.n ?? 0);
}

const codeOf = (body) => {
  try {
    return JSON.parse(body).code;
  } catch {
    return undefined;
  }
};

const KINDS = [
  { kind: "accepted", ok: (status) => status === 201 },
  { kind: "BETTING_CLOSED", ok: (status, body) => status === 422 && codeOf(body) === "BETTING_CLOSED" },
  { kind: "LINES_REJECTED", ok: (status, body) => status === 422 && codeOf(body) === "LINES_REJECTED" },
  { kind: "INSUFFICIENT_FUNDS", ok: (status, body) => status === 422 && codeOf(body) === "INSUFFICIENT_FUNDS" },
];

/** The slip of each kind: the draw, the numbers and the players it goes to. */
function slipsOf(kind, s) {
  switch (kind) {
    case "accepted":
      return { players: s.rich, drawId: s.openDraw, number: (i) => String(i % 50).padStart(2, "0"), amount: 100 };
    case "BETTING_CLOSED":
      return { players: s.rich, drawId: s.closedDraw, number: (i) => String(i % 50).padStart(2, "0"), amount: 100 };
    case "LINES_REJECTED":
      // A hot number whose cap (100) one slip of 200 passes.
      return { players: s.rich, drawId: s.openDraw, number: () => s.hot, amount: 200 };
    default:
      return { players: s.poor, drawId: s.openDraw, number: (i) => String(i % 50).padStart(2, "0"), amount: 1000 };
  }
}

function requestsOf(kind, s) {
  const { players, drawId, number, amount } = slipsOf(kind, s);
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
          headers: { "content-type": "application/json", authorization: `Bearer ${player.token}`, "idempotency-key": randomUUID() },
          body: JSON.stringify({ draw_id: drawId, lines: [{ number: number(i), amount }] }),
        };
      },
    },
  ];
}

const out = { settings: { connections: CONNECTIONS, seconds, line: "one 2D line per slip, a fresh Idempotency-Key each" } };
const db = await createScratchDatabase();
let server;
let context;
try {
  server = await startServer({ databaseUrl: db.url });
  context = await openContext(db.url, { poolSize: 4 });
  const { ctx } = context;
  const rich = await createPlayers(ctx, 100, { main: 1_000_000_000 });
  const poor = await createPlayers(ctx, 50, { main: 500 });
  await setLimits(ctx, "2D", { number_cap: 1_000_000_000_000, hot_cap: 100 });
  const hot = "77";
  await ctx.db.execute(sql`insert into number_rules (type, number, hot) values ('2D', ${hot}, true)
    on conflict (type, number) do update set hot = true`);
  const openDraw = await createOpenDraw(ctx, { closesIn: 3600 });
  // Still "open", its cut-off passed: what a draw is in the seconds after its cut-off, before it is drawn.
  const closedDraw = await createOpenDraw(ctx, { closesIn: 3600 });
  await ctx.db.execute(sql`update draws set closes_at = now() - interval '1 second' where id = ${closedDraw}`);
  const setting = { rich, poor, hot, openDraw, closedDraw };

  log(NAME, "warm-up: every kind for 3 s");
  for (const { kind, ok } of KINDS) {
    await loadRun({ url: server.base, connections: CONNECTIONS, duration: 3, requests: requestsOf(kind, setting), check: ok });
  }
  out.kinds = {};
  for (const { kind, ok } of KINDS) {
    log(NAME, `${kind}, ${CONNECTIONS} connections, ${seconds} s`);
    await sleep(1500);
    const before = await transactions(ctx);
    const run = await loadRun({
      url: server.base,
      connections: CONNECTIONS,
      duration: seconds,
      requests: requestsOf(kind, setting),
      check: ok,
      serverPid: server.pid,
    });
    await sleep(1500);
    // Every statement outside a transaction of its own is one: about the round trips per slip.
    run.database_transactions_per_slip = round(((await transactions(ctx)) - before - 2) / run.ok, 2);
    out.kinds[kind] = run;
    log(
      NAME,
      `${kind}: ${run.ok} answers as expected, ${run.failed} not; server ${run.cpu_per_ok?.server_us} µs CPU, ${run.database_transactions_per_slip} database transactions each`,
    );
    if (run.failed > 0) throw new Error(`${kind}: ${run.failed} unexpected answers, e.g. ${run.failure_samples.join(" | ")}`);
  }
  out.database = await serverVersion();
} finally {
  await context?.close();
  await server?.stop();
  await db.drop();
}

const rows = KINDS.map(({ kind }) => {
  const run = out.kinds[kind];
  const cpu = run.cpu_per_ok;
  return {
    metric: `Slip ${kind === "accepted" ? "accepted" : `refused ${kind}`}, ${CONNECTIONS} conns: server / PostgreSQL CPU per slip, database transactions per slip (p99 latency)`,
    figure: `${round((cpu?.server_us ?? Number.NaN) / 1000, 2)} / ${round((cpu?.postgres_us ?? Number.NaN) / 1000, 2)} ms, ${run.database_transactions_per_slip} (${run.latency_ms.p99} ms)`,
  };
});
const file = writeResult(NAME, { ...out, rows });
log(NAME, file);
