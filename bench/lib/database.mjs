import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { cpuMeter, cpuPerCall } from "./cpu.mjs";
import { round } from "./statistics.mjs";

/** The benchmark's PostgreSQL server: scratch databases, its version, and pgbench as the reference figure. */

export const adminUrl = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

async function adminQuery(sqlText) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await client.query(sqlText);
  } finally {
    await client.end();
  }
}

/** A fresh database on the benchmark server (shwe_bench_<random>); drop() removes it. */
export async function createScratchDatabase(prefix = "shwe_bench") {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export async function serverVersion() {
  const res = await adminQuery("select current_setting('server_version') as v, current_setting('max_connections') as m");
  return { postgres: res.rows[0].v, max_connections: Number(res.rows[0].m) };
}

export function pgbenchPath() {
  for (const p of ["/usr/lib/postgresql/15/bin/pgbench", "/usr/bin/pgbench"]) {
    if (spawnSync("test", ["-x", p]).status === 0) return p;
  }
  const which = spawnSync("which", ["pgbench"], { encoding: "utf8" });
  if (which.status === 0) return which.stdout.trim();
  throw new Error("pgbench not found");
}

/** A child process run to its end (stdout, stderr, status), killed after `timeoutMs`. */
function runChild(bin, args, timeoutMs) {
  return new Promise((resolveRun) => {
    const child = spawn(bin, args);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolveRun({ status, stdout, stderr });
    });
  });
}

/** pgbench tpcb-like (scale 10, 8 clients, prepared) on a scratch database of the same server, dropped after. */
export async function pgbenchTpcb({ seconds, scale = 10, clients = 8 }) {
  const bin = pgbenchPath();
  const db = await createScratchDatabase("shwe_pgbench");
  try {
    const init = spawnSync(bin, ["-i", "-q", "-s", String(scale), db.url], { encoding: "utf8", timeout: 180_000 });
    if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
    const args = ["-b", "tpcb-like", "-M", "prepared", "-c", String(clients), "-j", "2", "-T", String(seconds), "-n", db.url];
    const meter = cpuMeter();
    const run = await runChild(bin, args, (seconds + 60) * 1000);
    const cpu = meter.stop();
    if (run.status !== 0) throw new Error(`pgbench failed: ${run.stderr}`);
    const transactions = Number(/number of transactions actually processed: (\d+)/.exec(run.stdout)?.[1]);
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout)?.[1]);
    const latency = Number(/latency average = ([\d.]+) ms/.exec(run.stdout)?.[1]);
    return {
      tps: round(tps),
      latency_avg_ms: latency,
      scale,
      clients,
      mode: "prepared",
      seconds,
      // pgbench's own CPU is the machine's busy time less PostgreSQL's (this process sleeps meanwhile).
      cpu_per_tx: cpuPerCall(cpu && { ...cpu, load_generator_ms: cpu.machine_busy_ms - cpu.postgres_ms }, transactions),
      command: `pgbench ${args.slice(0, -1).join(" ")}`,
    };
  } finally {
    await db.drop();
  }
}
