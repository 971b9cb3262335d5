import { spawnSync } from "node:child_process";
import { log, round, serverVersion, writeResult } from "./lib/common.mjs";
import { runRush } from "./lib/rush.mjs";

/**
 * Benchmark: the draw-time rush behind nginx (bench/lib/rush.mjs). RUSH_PLAYERS players (default
 * 5,000, or what the file limit allows) each hold a WebSocket through nginx to 3 compiled instances
 * and place slips in the last RUSH_WINDOW_S seconds (default 60) before a 2D cut-off; the instances
 * reveal and settle the draw. RUSH_FAULT (or `npm run bench -- rush --fault=instance|database`)
 * adds a fault at 5/6 of the window (RUSH_PGBOUNCER=off: the instances connect to PostgreSQL directly): one instance killed with SIGKILL, or the database primary lost
 * and its synchronous standby promoted. Needs `npm run build` (apps/server/dist), nginx and PgBouncer.
 */
const fault = process.env.RUSH_FAULT || undefined;
if (fault && fault !== "instance" && fault !== "database") {
  console.error(`RUSH_FAULT must be "instance" or "database", not "${fault}"`);
  process.exit(2);
}
const NAME = fault === "instance" ? "rush-instance-kill" : fault === "database" ? "rush-db-failover" : "rush";
const fileLimit = Number(spawnSync("sh", ["-c", "ulimit -n"], { encoding: "utf8" }).stdout.trim()) || 1024;
// Each player: a socket and, at times, a request of this process; nginx has its own limit.
const players = Math.max(50, Math.min(Number(process.env.RUSH_PLAYERS) || 5000, 5000, Math.floor((fileLimit - 1000) / 2)));
const windowS = Math.max(10, Math.min(120, Number(process.env.RUSH_WINDOW_S) || 60));

const pgbouncer = process.env.RUSH_PGBOUNCER !== "off";
const out = await runRush({ players, windowS, fault, pgbouncer, log: (line) => log(NAME, line) });
const s = out.slips;
const label = fault === "instance" ? ", an instance killed" : fault === "database" ? ", primary lost" : "";
const cpuRow = (cpu, ms) =>
  `${round(cpu.instances / ms, 2)} / ${round(cpu.nginx / ms, 2)} / ${round(cpu.pgbouncer / ms, 2)} / ${round(cpu.postgres / ms, 2)} / ${round(cpu.load_generator / ms, 2)} (idle ${round(cpu.machine_idle / (cpu.machine_idle + cpu.machine_busy), 2)})`;
const burstMs = windowS * 1000;
const file = writeResult(NAME, {
  database: fault === "database" ? { postgres: "15 (own primary + synchronous standby)" } : await serverVersion(),
  ...out,
  rows: [
    {
      metric: `${players.toLocaleString("en-US")} players, 3 instances behind nginx${label}: slips accepted / refused`,
      figure: `${s.accepted} / ${s.refused}`,
      reference_label: "refusals",
      reference: Object.entries(s.refusals)
        .map(([k, v]) => `${k} ${v}`)
        .join(", "),
    },
    {
      metric: `slips/s accepted, final ${round(windowS / 3, 0)} s (peak second)${label}`,
      figure: `${s.accepted_per_s_final_third} (${s.answered_per_s_peak_second})`,
      unit: "slips/s",
    },
    {
      metric: `slip p50 / p99 in the final ${round(windowS / 3, 0)} s${label}`,
      figure: `${s.latency_ms_final_third.p50} / ${s.latency_ms_final_third.p99}`,
      unit: "ms",
      target: "p99 ≤ 250 ms",
      pass: s.latency_ms_final_third.p99 <= 250,
    },
    {
      metric: `result on sockets after it is published: 95 % / 100 %${label}`,
      figure: `${out.result_on_sockets.p95_ms} / ${out.result_on_sockets.all_ms ?? "missing"}`,
      unit: "ms",
      reference_label: "settlement took",
      reference: out.draw.settlement_ms,
      reference_unit: "ms",
      target: "95 % ≤ 1 s",
      pass: out.result_on_sockets.p95_ms <= 1000 && out.result_on_sockets.all_ms !== null,
    },
    {
      metric: `every winner's balance on their socket after settlement starts (${out.winners_balance_after_settlement_start.players} winners)${label}`,
      figure: out.winners_balance_after_settlement_start.max_ms,
      unit: "ms",
      target: "≤ 5 s",
      pass: out.winners_balance_after_settlement_start.missing === 0 && out.winners_balance_after_settlement_start.max_ms <= 5000,
    },
    {
      metric: `CPU cores during the burst: instances / nginx / PgBouncer / PostgreSQL / load generator${label}`,
      figure: cpuRow(out.cpu_ms_burst, burstMs),
    },
    {
      metric: `lost, doubled or unanswered slips; balance mismatches; auditor violations${label}`,
      figure: `${out.checks.lost_acknowledged_slips + out.checks.slips_in_database_never_acknowledged + out.checks.doubled_acknowledgements + out.checks.slips_without_answer}; ${out.checks.player_balance_mismatches + out.checks.sockets_with_wrong_final_balance}; ${out.checks.auditor_violations}`,
      target: "0; 0; 0",
      pass: out.clean,
    },
  ],
});
log(NAME, `${out.clean ? "clean" : "NOT CLEAN"}; ${file}`);
if (!out.clean) process.exitCode = 1;
