import { createHmac, randomUUID } from "node:crypto";
import { cpuBudgetRows } from "./lib/cpu.mjs";
import { createScratchDatabase, pgbenchTpcb, serverVersion } from "./lib/database.mjs";
import { loadRun } from "./lib/http.mjs";
import { count, createPlayers, openContext } from "./lib/players.mjs";
import { startServer } from "./lib/servers.mjs";
import { loadSeconds, log, machineInfo } from "./lib/setup.mjs";
import { round, writeResult } from "./lib/statistics.mjs";

/**
 * Benchmark 2, wallet callbacks: the built-in HOUSE provider's signed seamless-wallet calls (docs/provider-wallet.md),
 * each connection alternating a debit and the credit of the same round, against pgbench tpcb-like on the same
 * PostgreSQL server just before.
 */
const NAME = "wallet-callbacks";
const PLAYERS = 200;
const SECRET = "demo-house-secret";
const seconds = loadSeconds(20);
const OK = (status, body) => status === 200 && typeof body === "string" && body.includes('"status":"OK"');

function sign(body) {
  const ts = String(Math.floor(Date.now() / 1000));
  const signature = createHmac("sha256", SECRET).update(`${ts}.${body}`).digest("hex");
  return { "content-type": "application/json", "x-timestamp": ts, "x-signature": signature };
}

function walletRequests(players) {
  let n = 0;
  return [
    {
      method: "POST",
      path: "/api/provider/HOUSE/wallet/debit",
      setupRequest(req, context) {
        const player = players[n++ % players.length];
        context.player = player.userCode;
        context.round = `bench-round-${randomUUID()}`;
        const body = JSON.stringify({
          player: player.userCode,
          transaction_id: `d-${randomUUID()}`,
          round_id: context.round,
          game_code: "house-slot",
          amount: 100,
        });
        return { ...req, headers: sign(body), body };
      },
    },
    {
      method: "POST",
      path: "/api/provider/HOUSE/wallet/credit",
      setupRequest(req, context) {
        const body = JSON.stringify({
          player: context.player,
          transaction_id: `c-${randomUUID()}`,
          round_id: context.round,
          game_code: "house-slot",
          amount: 90,
        });
        return { ...req, headers: sign(body), body };
      },
    },
  ];
}

const out = {
  settings: { players: PLAYERS, seconds, calls: "debit 100 then credit 90 of the same round, per connection", tool: "autocannon 8" },
};
log(NAME, "pgbench tpcb-like (scale 10, 8 clients, prepared)");
out.pgbench = await pgbenchTpcb({ seconds });
log(NAME, `pgbench ${out.pgbench.tps} tps`);
const db = await createScratchDatabase();
let server;
let context;
try {
  server = await startServer({ databaseUrl: db.url });
  context = await openContext(db.url, { poolSize: 4 });
  const players = await createPlayers(context.ctx, PLAYERS, { game: 1_000_000_000 });
  const probe = await loadRun({ url: server.base, connections: 4, duration: 2, requests: walletRequests(players), check: OK });
  if (probe.ok === 0) throw new Error(`no wallet call succeeded: ${probe.failure_samples.join(" | ")}`);
  for (const connections of [16, 64]) {
    log(NAME, `wallet calls, ${connections} connections, ${seconds} s`);
    out[`c${connections}`] = await loadRun({
      url: server.base,
      connections,
      duration: seconds,
      requests: walletRequests(players),
      check: OK,
      serverPid: server.pid,
    });
  }
  out.wallet_journals = await count(context.ctx, "select count(*)::int as n from journals");
  out.database = await serverVersion();
} finally {
  await context?.close();
  await server?.stop();
  await db.drop();
}

const rows = [];
for (const c of [16, 64]) {
  const r = out[`c${c}`];
  const ratio = round(r.ok_per_s / out.pgbench.tps, 3);
  rows.push(
    {
      metric: `wallet calls/s, ${c} conns`,
      figure: r.ok_per_s,
      unit: "calls/s",
      reference_label: "pgbench tpcb-like",
      reference: out.pgbench.tps,
      reference_unit: "tps",
      ratio,
      target: "≥ 0.5 × pgbench",
      pass: ratio >= 0.5 && r.failed === 0 && r.errors === 0,
    },
    {
      metric: `wallet p50 / p99, ${c} conns`,
      figure: `${r.latency_ms.p50} / ${r.latency_ms.p99}`,
      unit: "ms",
      ...(c === 16 ? { target: "p99 ≤ 50 ms", pass: r.latency_ms.p99 <= 50 } : {}),
    },
  );
}
// Where a call's CPU goes, beside a pgbench transaction's (bet-throughput has the same rows).
rows.push(...cpuBudgetRows({ noun: "call", ratio: 0.5, cpu: out.c16.cpu_per_ok, pgbench: out.pgbench, cores: machineInfo().cores }));
out.rows = rows;
const file = writeResult(NAME, out);
log(
  NAME,
  `c16 ${out.c16.ok_per_s}/s p99 ${out.c16.latency_ms.p99} (failed ${out.c16.failed}), c64 ${out.c64.ok_per_s}/s; pgbench ${out.pgbench.tps}; ${file}`,
);
