import { spawnSync } from "node:child_process";
import { serverVersion } from "./lib/database.mjs";
import { runRush, rushRows } from "./lib/rush.mjs";
import { log } from "./lib/setup.mjs";
import { writeResult } from "./lib/statistics.mjs";

/**
 * Benchmark: the draw-time rush behind nginx (bench/lib/rush.mjs). RUSH_PLAYERS players (default
 * 5,000, or what the file limit allows) each hold a WebSocket through nginx to 3 compiled instances
 * and place slips in the last RUSH_WINDOW_S seconds (default 60) before a 2D cut-off; the instances
 * reveal and settle the draw. RUSH_FAULT (or `npm run bench -- rush --fault=instance|database`)
 * adds a fault at 5/6 of the window (RUSH_PGBOUNCER=off: the instances connect to PostgreSQL directly): one instance killed with SIGKILL, or the database primary lost
 * and its synchronous standby promoted. RUSH_QUIET_S (default 10) seconds with every socket open and
 * no slip come first, to tell the instances' own CPU from the slips'. Needs `npm run build` (apps/server/dist), nginx and PgBouncer.
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
// Seconds with every socket open and no slip before the burst, to tell the instances' own use from the slips'.
const quietS = Math.max(0, Math.min(60, Number(process.env.RUSH_QUIET_S ?? 10)));
const out = await runRush({ players, windowS, fault, pgbouncer, quietS, log: (line) => log(NAME, line) });
const file = writeResult(NAME, {
  database: fault === "database" ? { postgres: "15 (own primary + synchronous standby)" } : await serverVersion(),
  ...out,
  rows: rushRows(out),
});
log(NAME, `${out.clean ? "clean" : "NOT CLEAN"}; ${file}`);
if (!out.clean) process.exitCode = 1;
