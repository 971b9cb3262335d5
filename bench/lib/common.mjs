import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, tmpdir, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";

/** Shared pieces of the benchmarks: machine facts, scratch databases, the server child, load runs, result files. */

export const benchDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const rootDir = resolve(benchDir, "..");
export const resultsDir = join(benchDir, "results");
export const adminUrl = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

/** Seconds of each measured load run; BENCH_SECONDS shortens or lengthens every run (bounded 5–60). */
export function loadSeconds(fallback) {
  const raw = Number(process.env.BENCH_SECONDS);
  const s = Number.isFinite(raw) && raw > 0 ? raw : fallback;
  return Math.min(60, Math.max(5, Math.round(s)));
}

export function machineInfo() {
  const list = cpus();
  return {
    cpu_model: list[0]?.model ?? "unknown",
    cores: list.length,
    memory_gb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    date: new Date().toISOString(),
  };
}

export function log(name, message) {
  process.stderr.write(`[${name}] ${message}\n`);
}

const withTimeout = (promise, ms, what) =>
  new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolvePromise(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });

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

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => resolvePort(address.port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The real server (apps/server/src/main.ts) as a child process on a free loopback port, in demo mode,
 * on PostgreSQL (databaseUrl) or on the embedded database in a temporary folder (databaseUrl undefined).
 */
export async function startServer({ databaseUrl, dataDir: givenDir, name = "server", env = {} } = {}) {
  const port = await freePort();
  const dataDir = databaseUrl ? undefined : (givenDir ?? mkdtempSync(join(tmpdir(), "shwe-bench-")));
  const childEnv = {
    ...process.env,
    APP_MODE: "demo",
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
    ...env,
  };
  if (!databaseUrl) delete childEnv.DATABASE_URL;
  // BENCH_SERVER_NODE_ARGS adds Node options to the server only (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "apps/server/src/main.ts"], {
    cwd: rootDir,
    env: childEnv,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited) throw new Error(`${name} exited before it was healthy:\n${stderr}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${name} not healthy within 90 s:\n${stderr}`);
    }
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  return {
    base,
    port,
    pid: child.pid,
    /** Resident memory of the server process in bytes (Linux /proc). */
    rssBytes() {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
        const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
        return kb * 1024;
      } catch {
        return Number.NaN;
      }
    },
    async stop() {
      if (!exited) {
        child.kill("SIGTERM");
        const gone = new Promise((r) => child.once("exit", r));
        const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await gone;
        clearTimeout(timer);
      }
      if (dataDir && !givenDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Logs in through the real API and answers the bearer token. */
export async function login(base, phone, password) {
  const res = await fetch(`${base}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ phone, password }),
  });
  const body = await res.json();
  if (!res.ok || !body.token) throw new Error(`login ${phone} failed: ${res.status} ${JSON.stringify(body)}`);
  return body.token;
}

/**
 * One autocannon run (bounded by duration, plus a hard timeout). `check(status, body, context)` answers whether a
 * response counts as a success (`context`: the connection's, as `setupRequest` left it); bodies are read only
 * when a check is given.
 */
export async function loadRun({ url, connections, duration, requests, check, serverPid }) {
  let ok = 0;
  let failed = 0;
  const samples = [];
  const reqs = requests.map((r) => ({
    ...r,
    onResponse(status, body, context) {
      const good = check ? check(status, body, context) : status >= 200 && status < 300;
      if (good) ok++;
      else {
        failed++;
        if (samples.length < 5) samples.push(`${status} ${String(body).slice(0, 200)}`);
      }
      r.onResponse?.(status, body, context);
    },
  }));
  const meter = cpuMeter(serverPid);
  const instance = autocannon({ url, connections, duration, requests: reqs, timeout: 10 });
  const result = await withTimeout(instance, (duration + 30) * 1000, "load run");
  const cpu = meter.stop();
  const seconds = result.duration;
  return {
    connections,
    duration_s: seconds,
    requests: result.requests.total,
    ok,
    failed,
    errors: result.errors,
    timeouts: result.timeouts,
    ok_per_s: round(ok / seconds),
    req_per_s: round(result.requests.average),
    latency_ms: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    cpu_per_ok: cpuPerCall(cpu, ok),
    failure_samples: samples,
  };
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

export const round = (n, digits = 1) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/**
 * A result file. `rows`: one per figure {metric, figure, unit, reference, reference_unit, ratio, target, pass};
 * the runner turns every file's rows into the README table.
 */
export function writeResult(name, data) {
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify({ name, machine: machineInfo(), ...data }, null, 2)}\n`);
  return file;
}

export { sleep };

/** The bare Fastify hello-world (bench/lib/hello.mjs) as a child process; answers its URL and stop(). */
export async function startHello() {
  const port = await freePort();
  const child = spawn(process.execPath, [join(benchDir, "lib", "hello.mjs")], {
    cwd: rootDir,
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("hello-world server did not start");
    }
    try {
      if ((await fetch(base, { signal: AbortSignal.timeout(1000) })).ok) break;
    } catch {
      // starting
    }
    await sleep(100);
  }
  return {
    base,
    async stop() {
      const gone = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await gone;
      clearTimeout(timer);
    },
  };
}

/** A production build of apps/web (its own vite.config.ts) into outDir, with Vite's manifest; answers the seconds taken. */
export function buildWeb(outDir) {
  const started = Date.now();
  const build = spawnSync(
    process.execPath,
    [join(rootDir, "node_modules", "vite", "bin", "vite.js"), "build", "--outDir", outDir, "--emptyOutDir", "--manifest"],
    { cwd: join(rootDir, "apps", "web"), encoding: "utf8", timeout: 240_000 },
  );
  if (build.status !== 0) throw new Error(`vite build failed: ${build.stderr || build.stdout}`);
  return (Date.now() - started) / 1000;
}

/**
 * CPU time (user + system, from Linux /proc) of the processes a load run uses, so a figure can be read
 * as CPU per call: this process (the load generator), the server child, every PostgreSQL process, and
 * the whole machine (busy and idle, /proc/stat). `cpuMeter(serverPid)` starts; `.stop()` answers the
 * milliseconds each used since. Elsewhere than Linux it answers null.
 */
export function cpuMeter(serverPid) {
  const tick = 1000 / 100; // ms per clock tick (USER_HZ is 100 on Linux)
  const procTicks = (pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return { comm: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), ticks: Number(f[11]) + Number(f[12]) };
    } catch {
      return null;
    }
  };
  const postgresTicks = () => {
    let sum = 0;
    const pids = new Map();
    for (const name of readdirSync("/proc")) {
      if (!/^\d+$/.test(name)) continue;
      const p = procTicks(name);
      if (p && (p.comm === "postgres" || p.comm.startsWith("postgres:"))) {
        pids.set(name, p.ticks);
        sum += p.ticks;
      }
    }
    return { sum, pids };
  };
  const machine = () => {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = line[3] + line[4];
    const total = line.slice(0, 8).reduce((a, b) => a + b, 0);
    return { idle, busy: total - idle };
  };
  if (process.platform !== "linux") return { stop: () => null };
  const start = {
    self: process.cpuUsage(),
    server: serverPid ? procTicks(serverPid)?.ticks : undefined,
    postgres: postgresTicks(),
    machine: machine(),
  };
  // PostgreSQL processes are read every 250 ms too: a backend whose client disconnects at the end of
  // the run (pgbench's) is gone by stop(), and its last reading still counts.
  const lastSeen = new Map(start.postgres.pids);
  const sample = () => {
    for (const [pid, t] of postgresTicks().pids) lastSeen.set(pid, t);
  };
  const timer = setInterval(sample, 250);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const self = process.cpuUsage(start.self);
      let pgTicks = 0;
      for (const [pid, t] of lastSeen) pgTicks += t - (start.postgres.pids.get(pid) ?? 0);
      const m = machine();
      const server = serverPid ? procTicks(serverPid)?.ticks : undefined;
      return {
        load_generator_ms: round((self.user + self.system) / 1000, 0),
        server_ms: server === undefined || start.server === undefined ? null : (server - start.server) * tick,
        postgres_ms: pgTicks * tick,
        machine_busy_ms: (m.busy - start.machine.busy) * tick,
        machine_idle_ms: (m.idle - start.machine.idle) * tick,
      };
    },
  };
}

/** CPU per successful call in microseconds, from a cpuMeter reading and the count of calls. */
export function cpuPerCall(cpu, calls) {
  if (!cpu || !calls) return null;
  const us = (ms) => (ms === null ? null : round((ms * 1000) / calls, 0));
  return {
    load_generator_us: us(cpu.load_generator_ms),
    server_us: us(cpu.server_ms),
    postgres_us: us(cpu.postgres_ms),
    machine_busy_us: us(cpu.machine_busy_ms),
    machine_idle_share: round(cpu.machine_idle_ms / (cpu.machine_idle_ms + cpu.machine_busy_ms), 2),
  };
}

/**
 * Two rows on where a call's CPU goes beside a pgbench transaction's: the whole machine's budget per
 * call at `ratio` × pgbench, and what each process used per call (`noun`: "bet", "call") at 16 connections.
 * None when either reading is missing (not Linux).
 */
export function cpuBudgetRows({ noun, ratio, cpu, pgbench, cores }) {
  const ref = pgbench.cpu_per_tx;
  if (!cpu || !ref) return [];
  return [
    {
      metric: `CPU per ${noun} at ${ratio} × pgbench: the whole machine's budget`,
      figure: round((cores * 1e6) / (ratio * pgbench.tps), 0),
      unit: "µs",
      reference_label: "pgbench tpcb-like, machine CPU per transaction",
      reference: ref.machine_busy_us,
      reference_unit: "µs",
    },
    {
      metric: `CPU per ${noun}, 16 conns: load generator / server / PostgreSQL / machine (idle share)`,
      figure: `${cpu.load_generator_us} / ${cpu.server_us} / ${cpu.postgres_us} / ${cpu.machine_busy_us} (${cpu.machine_idle_share})`,
      unit: "µs",
      reference_label: "pgbench per transaction: client / PostgreSQL / machine (idle share)",
      reference: `${ref.load_generator_us} / ${ref.postgres_us} / ${ref.machine_busy_us} (${ref.machine_idle_share})`,
      reference_unit: "µs",
    },
  ];
}
