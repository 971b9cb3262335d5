#!/usr/bin/env node
/**
 * `npm run cluster`: the compiled server as it runs in production, on this machine: nginx in front
 * (no TLS, a free loopback port, WebSockets on /api/ws, X-Forwarded-For), N instances (default 3)
 * started like the systemd unit starts them, PgBouncer in session mode, Redis for the rate limits, one
 * PostgreSQL database (a fresh one on the local server unless DATABASE_URL is set). It prints the URL
 * and stops everything it started on Ctrl-C (SIGINT) or SIGTERM.
 *
 *   npm run cluster -- [--instances N] [--no-pgbouncer] [--install]
 *
 * `--install` (root) installs nginx and PgBouncer with apt-get when they are missing.
 * Needs `npm run build` first (apps/server/dist).
 */
import { findProgram, installPrograms, missingMessage, startCluster } from "./lib/cluster.mjs";

const args = process.argv.slice(2);
const known = new Set(["--instances", "--no-pgbouncer", "--install", "--help"]);
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--instances") i++;
  else if (!known.has(args[i])) {
    console.error(`Unknown option ${args[i]}. Options: --instances N, --no-pgbouncer, --install`);
    process.exit(2);
  }
}
if (args.includes("--help")) {
  console.log("npm run cluster -- [--instances N] [--no-pgbouncer] [--install]");
  process.exit(0);
}
const at = args.indexOf("--instances");
const instances = at >= 0 ? Number(args[at + 1]) : 3;
if (!Number.isInteger(instances) || instances < 1 || instances > 16) {
  console.error("--instances must be a whole number from 1 to 16");
  process.exit(2);
}

if (args.includes("--install")) {
  try {
    const installed = installPrograms();
    console.error(installed.length ? `[cluster] installed ${installed.join(", ")}` : "[cluster] nginx and PgBouncer are installed already");
  } catch (err) {
    console.error(`[cluster] ${err.message}`);
    process.exit(1);
  }
}
const noPgbouncer = args.includes("--no-pgbouncer");
for (const program of noPgbouncer ? ["nginx"] : ["nginx", "pgbouncer"]) {
  if (!findProgram(program)) {
    console.error(missingMessage(program));
    if (program === "pgbouncer") console.error("Or run without it: npm run cluster -- --no-pgbouncer");
    process.exit(1);
  }
}

let cluster;
let stopping = false;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  console.error(`\n[cluster] ${signal}: stopping everything`);
  await cluster?.stop();
  console.error("[cluster] stopped");
  process.exit(0);
};
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));

try {
  cluster = await startCluster({
    instances,
    databaseUrl: process.env.DATABASE_URL,
    pgbouncer: !noPgbouncer,
  });
} catch (err) {
  console.error(`[cluster] ${err.message}`);
  process.exit(1);
}
if (stopping) await new Promise(() => undefined);
console.log(
  [
    "",
    `  Shwe Lucky cluster at ${cluster.url}  (Ctrl-C stops it)`,
    `  instances:  ${cluster.instances.map((i) => `${i.port} (pid ${i.pid})`).join(", ")}`,
    `  database:   ${cluster.databaseUrl}${cluster.pgbouncer ? ` (PgBouncer, session mode → ${cluster.directUrl})` : ""}`,
    `  redis:      ${cluster.redisUrl ?? "none (rate limits in PostgreSQL)"}`,
    `  files:      ${cluster.stateDir} (logs/, nginx/, pgbouncer/, logrotate.conf)`,
    "",
  ].join("\n"),
);
for (const instance of cluster.instances) {
  instance.exited.then(({ code, signal }) => {
    if (!stopping) console.error(`[cluster] instance ${instance.port} exited (${signal ?? code}); see ${instance.logFile}`);
  });
}
