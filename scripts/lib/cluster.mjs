import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

/**
 * A cluster of the compiled server on this machine, the way docs/operations.md deploys it: nginx in
 * front (deploy/nginx/shwe.conf), N instances started with the systemd unit's environment and command
 * (deploy/systemd/shwe@.service), PgBouncer in session mode between them and PostgreSQL
 * (deploy/pgbouncer/pgbouncer.ini), Redis for the rate limits. Everything listens on loopback ports
 * chosen free, keeps its files in one state folder, and stop() ends every process it started.
 * `npm run cluster` (scripts/cluster.mjs) and the rush benchmark use it.
 */

export const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const deployDir = join(rootDir, "deploy");
export const PG_BIN = "/usr/lib/postgresql/15/bin";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The path of a program (the usual Debian places first, then PATH), or undefined. */
export function findProgram(name) {
  for (const dir of ["/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin"]) {
    if (existsSync(join(dir, name))) return join(dir, name);
  }
  const which = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" });
  return which.status === 0 ? which.stdout.trim() || undefined : undefined;
}

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
  });
}

/** Whether something accepts TCP connections on host:port (within 1 s). */
export function reachable(host, port) {
  return new Promise((resolveReach) => {
    const socket = connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolveReach(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/** Fills {{NAME}} placeholders; a placeholder left without a value is an error. */
export function render(template, values) {
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (_, key) => {
    if (!(key in values)) throw new Error(`no value for {{${key}}}`);
    return values[key];
  });
}

/** The systemd unit's Environment= pairs and ExecStart= arguments for instance `port`. */
export function unitCommand(port) {
  const unit = readFileSync(join(deployDir, "systemd", "shwe@.service"), "utf8").replaceAll("%i", String(port));
  const env = {};
  let exec;
  for (const line of unit.split("\n")) {
    const m = /^(Environment|ExecStart)=(.*)$/.exec(line.trim());
    if (!m) continue;
    if (m[1] === "Environment") {
      const eq = m[2].indexOf("=");
      env[m[2].slice(0, eq)] = m[2].slice(eq + 1);
    } else exec = m[2].split(/\s+/);
  }
  if (!exec) throw new Error("deploy/systemd/shwe@.service has no ExecStart=");
  // The unit runs /usr/bin/node in /opt/shwe; here it is this Node in this checkout.
  return { env, args: exec.slice(1) };
}

async function adminQuery(url, text) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

function chownToPostgres(path) {
  if (process.getuid?.() !== 0) return;
  const uid = Number(spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim());
  const gid = Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim());
  if (Number.isInteger(uid) && Number.isInteger(gid)) chownSync(path, uid, gid);
}

/** A child process whose output goes to a log file; `exited` resolves with its exit. */
function startChild(bin, args, { env, cwd, logFile }) {
  const fd = openSync(logFile, "a");
  const child = spawn(bin, args, { env, cwd, stdio: ["ignore", fd, fd] });
  const state = { child, pid: child.pid, alive: true, logFile };
  state.exited = new Promise((r) =>
    child.once("exit", (code, signal) => {
      state.alive = false;
      r({ code, signal });
    }),
  );
  return state;
}

async function stopChild(state, signal = "SIGTERM", graceMs = 15_000) {
  if (!state?.alive) return;
  state.child.kill(signal);
  const timer = setTimeout(() => state.alive && state.child.kill("SIGKILL"), graceMs);
  await state.exited;
  clearTimeout(timer);
}

function tail(file, chars = 2000) {
  try {
    return readFileSync(file, "utf8").slice(-chars);
  } catch {
    return "";
  }
}

async function waitUntil(what, check, { timeoutMs, state }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (state && !state.alive) throw new Error(`${what}: the process exited:\n${tail(state.logFile)}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not ready within ${timeoutMs / 1000} s\n${state ? tail(state.logFile) : ""}`);
    await sleep(200);
  }
}

async function httpOk(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await res.arrayBuffer();
  return res.ok;
}

/**
 * PgBouncer in session mode in front of `target` ({host, port, database, user}); repoint() moves it
 * to another server (a promoted standby): the file rewritten, then SIGHUP.
 */
async function startPgbouncer(stateDir, target, poolSize) {
  const bin = findProgram("pgbouncer");
  if (!bin) throw new Error(missingMessage("pgbouncer"));
  const dir = join(stateDir, "pgbouncer");
  mkdirSync(dir, { recursive: true });
  chmodSync(stateDir, 0o755);
  chownToPostgres(dir);
  const port = await freePort();
  const authFile = join(dir, "userlist.txt");
  writeFileSync(authFile, `"${target.user}" ""\n`);
  const iniFile = join(dir, "pgbouncer.ini");
  const template = readFileSync(join(deployDir, "pgbouncer", "pgbouncer.ini"), "utf8");
  const write = (host, pgPort) =>
    writeFileSync(
      iniFile,
      render(template, {
        DB_NAME: target.database,
        PG_HOST: host,
        PG_PORT: String(pgPort),
        LISTEN_PORT: String(port),
        AUTH_TYPE: "trust",
        AUTH_FILE: authFile,
        ADMIN_USER: target.user,
        POOL_SIZE: String(poolSize),
        LOG_FILE: join(dir, "pgbouncer.log"),
        PID_FILE: join(dir, "pgbouncer.pid"),
      }),
    );
  write(target.host, target.port);
  for (const f of [authFile, iniFile]) chownToPostgres(f);
  // PgBouncer refuses to run as root: it switches to the postgres user then.
  const args = process.getuid?.() === 0 ? ["-u", "postgres", iniFile] : [iniFile];
  const state = startChild(bin, args, { env: process.env, cwd: dir, logFile: join(stateDir, "logs", "pgbouncer.out") });
  await waitUntil("PgBouncer", () => reachable("127.0.0.1", port), { timeoutMs: 15_000, state });
  return {
    ...state,
    port,
    iniFile,
    url: `postgres://${encodeURIComponent(target.user)}@127.0.0.1:${port}/${target.database}`,
    /**
     * Points the pool at another PostgreSQL server: the file is rewritten and PgBouncer reloads it
     * (SIGHUP, the same as RELOAD on its admin console); connections to the old server are closed and
     * new ones go to the new one.
     */
    async repoint(host, pgPort) {
      write(host, pgPort);
      process.kill(state.pid, "SIGHUP");
    },
  };
}

async function startNginx(stateDir, upstreamPorts) {
  const bin = findProgram("nginx");
  if (!bin) throw new Error(missingMessage("nginx"));
  const dir = join(stateDir, "nginx");
  for (const sub of ["", "temp", "temp/client", "temp/proxy", "temp/fastcgi", "temp/uwsgi", "temp/scgi"]) {
    mkdirSync(join(dir, sub), { recursive: true });
  }
  const port = await freePort();
  const site = render(readFileSync(join(deployDir, "nginx", "shwe.conf"), "utf8"), {
    LISTEN: `127.0.0.1:${port}`,
    SERVER_NAME: "_",
    UPSTREAM_SERVERS: upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join("\n"),
    TLS: "    # TLS-less on loopback",
  });
  writeFileSync(join(dir, "shwe.conf"), site);
  const t = (name) => join(dir, "temp", name);
  const main = [
    // Workers run as root only because the master does here (a scratch cluster, loopback only).
    process.getuid?.() === 0 ? "user root;" : "",
    "worker_processes 1;",
    "worker_rlimit_nofile 65536;",
    `pid ${join(dir, "nginx.pid")};`,
    `error_log ${join(dir, "error.log")} warn;`,
    "events { worker_connections 32768; }",
    "http {",
    "  access_log off;",
    `  client_body_temp_path ${t("client")};`,
    `  proxy_temp_path ${t("proxy")};`,
    `  fastcgi_temp_path ${t("fastcgi")};`,
    `  uwsgi_temp_path ${t("uwsgi")};`,
    `  scgi_temp_path ${t("scgi")};`,
    `  include ${join(dir, "shwe.conf")};`,
    "}",
    "",
  ].join("\n");
  const conf = join(dir, "nginx.conf");
  writeFileSync(conf, main);
  const test = spawnSync(bin, ["-p", dir, "-c", conf, "-t"], { encoding: "utf8" });
  if (test.status !== 0) throw new Error(`nginx refused its configuration:\n${test.stderr}`);
  const state = startChild(bin, ["-p", dir, "-c", conf, "-g", "daemon off;"], {
    env: process.env,
    cwd: dir,
    logFile: join(stateDir, "logs", "nginx.out"),
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntil("nginx", () => reachable("127.0.0.1", port), { timeoutMs: 15_000, state });
  return { ...state, port, url, conf };
}

export function missingMessage(program) {
  const pkg = program === "nginx" ? "nginx-light (or nginx)" : program;
  return `${program} is not installed. Install it with \`apt-get install -y ${pkg.split(" ")[0]}\`, or run \`npm run cluster -- --install\` as root.`;
}

/** Installs nginx and PgBouncer with apt-get (root only). */
export function installPrograms() {
  if (process.getuid?.() !== 0) throw new Error("--install needs root (apt-get)");
  const wanted = [];
  if (!findProgram("nginx")) wanted.push("nginx-light");
  if (!findProgram("pgbouncer")) wanted.push("pgbouncer");
  if (wanted.length === 0) return [];
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", ...wanted]]) {
    const r = spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed`);
  }
  // Debian starts the packaged services; this cluster runs its own copies on other ports.
  return wanted;
}

/**
 * Starts the cluster. Options:
 *   instances      server instances (default 3)
 *   databaseUrl    PostgreSQL to use; default a fresh database `shwe_cluster_<random>` on adminUrl, dropped at stop()
 *   adminUrl       the server for that fresh database (default postgres://postgres@127.0.0.1:5432/postgres)
 *   pgbouncer      true (default when installed) or false: instances connect to PostgreSQL directly
 *   redisUrl       default REDIS_URL, else redis://127.0.0.1:6379 when it answers, else none (rate limits in PostgreSQL)
 *   env            more environment for the instances
 *   log            (line) => void
 */
export async function startCluster(options = {}) {
  const log = options.log ?? ((line) => process.stderr.write(`[cluster] ${line}\n`));
  const count = Math.max(1, Math.min(16, options.instances ?? 3));
  const mainJs = join(rootDir, "apps", "server", "dist", "main.js");
  if (!existsSync(mainJs)) throw new Error("The server is not compiled: run `npm run build` first (apps/server/dist/main.js).");
  if (!findProgram("nginx")) throw new Error(missingMessage("nginx"));
  const usePgbouncer = options.pgbouncer ?? Boolean(findProgram("pgbouncer"));
  if (usePgbouncer && !findProgram("pgbouncer")) throw new Error(missingMessage("pgbouncer"));

  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), "shwe-cluster-"));
  mkdirSync(join(stateDir, "logs"), { recursive: true });
  mkdirSync(join(stateDir, "data"), { recursive: true });
  const started = { instances: [] };
  const cluster = {
    stateDir,
    instances: started.instances,
    stop: async () => undefined,
  };

  let dropDatabase;
  // Should this process end without stop() (a test runner's timeout, an uncaught error), nothing it
  // started is left running.
  const killAll = () => {
    for (const p of [...started.instances, started.nginx, started.pgbouncer]) if (p?.alive) p.child.kill("SIGKILL");
  };
  process.once("exit", killAll);
  const stop = async () => {
    process.off("exit", killAll);
    await Promise.all(started.instances.map((i) => stopChild(i)));
    await stopChild(started.nginx, "SIGTERM", 5000);
    await stopChild(started.pgbouncer, "SIGTERM", 5000);
    if (dropDatabase) await dropDatabase().catch((err) => log(`could not drop the database: ${err.message}`));
    if (!options.keepState) rmSync(stateDir, { recursive: true, force: true });
  };
  cluster.stop = stop;

  try {
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      const adminUrl = options.adminUrl ?? process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
      const name = `shwe_cluster_${randomBytes(4).toString("hex")}`;
      await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
      dropDatabase = () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      const u = new URL(adminUrl);
      u.pathname = `/${name}`;
      databaseUrl = u.toString();
      log(`database ${name} created`);
    }
    cluster.directUrl = databaseUrl;
    cluster.databaseUrl = databaseUrl;
    if (usePgbouncer) {
      const u = new URL(databaseUrl);
      started.pgbouncer = await startPgbouncer(
        stateDir,
        {
          host: u.hostname,
          port: Number(u.port || 5432),
          database: u.pathname.slice(1),
          user: decodeURIComponent(u.username || "postgres"),
        },
        count * 21 + 10,
      );
      cluster.pgbouncer = started.pgbouncer;
      cluster.databaseUrl = started.pgbouncer.url;
      log(`PgBouncer (session mode) on 127.0.0.1:${started.pgbouncer.port} → ${u.hostname}:${u.port || 5432}`);
    }

    let redisUrl = options.redisUrl ?? process.env.REDIS_URL;
    if (!redisUrl && (await reachable("127.0.0.1", 6379))) redisUrl = "redis://127.0.0.1:6379";
    if (!redisUrl) log("no Redis answers on 127.0.0.1:6379: rate limits are kept in PostgreSQL");
    cluster.redisUrl = redisUrl;

    const ports = [];
    for (let i = 0; i < count; i++) ports.push(await freePort());
    const webDist = join(rootDir, "apps", "web", "dist");
    const startInstance = async (port) => {
      const unit = unitCommand(port);
      const env = {
        ...process.env,
        APP_MODE: "demo",
        LOG_LEVEL: "warn",
        DATA_DIR: join(stateDir, "data"),
        ...(existsSync(join(webDist, "index.html")) ? { WEB_DIST: webDist } : {}),
        ...options.env,
        ...unit.env,
        DATABASE_URL: cluster.databaseUrl,
        TRUST_PROXY: "127.0.0.1",
      };
      if (redisUrl) env.REDIS_URL = redisUrl;
      else delete env.REDIS_URL;
      // BENCH_SERVER_NODE_ARGS adds Node options to the instances (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
      const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
      const state = startChild(process.execPath, [...nodeArgs, ...unit.args], {
        env,
        cwd: rootDir,
        logFile: join(stateDir, "logs", `shwe-${port}.log`),
      });
      const instance = { ...state, port, base: `http://127.0.0.1:${port}` };
      started.instances.push(instance);
      await waitUntil(`instance ${port}`, () => httpOk(`${instance.base}/api/ready`), { timeoutMs: 120_000, state });
      return instance;
    };
    // The first instance migrates and seeds alone; the others start side by side.
    await startInstance(ports[0]);
    await Promise.all(ports.slice(1).map(startInstance));
    log(`${count} instances ready on ports ${ports.join(", ")}`);

    started.nginx = await startNginx(stateDir, ports);
    cluster.nginx = started.nginx;
    cluster.url = started.nginx.url;
    await waitUntil("nginx → instances", () => httpOk(`${cluster.url}/api/ready`), { timeoutMs: 15_000 });
    writeFileSync(
      join(stateDir, "logrotate.conf"),
      readFileSync(join(deployDir, "logrotate", "shwe"), "utf8").replace("/var/log/shwe/*.log", join(stateDir, "logs", "shwe-*.log")),
    );
    return cluster;
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Kills one instance (kill -9 unless told otherwise) and waits until it is gone. */
export async function killInstance(instance, signal = "SIGKILL") {
  instance.child.kill(signal);
  await instance.exited;
}
