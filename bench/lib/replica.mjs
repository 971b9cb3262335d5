import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort, PG_BIN } from "../../scripts/lib/cluster.mjs";

/**
 * A PostgreSQL 15 primary and a streaming standby of its own (initdb + pg_basebackup), on spare
 * loopback ports and data folders under a temporary folder, run as the `postgres` user when this
 * process is root. The machine's own PostgreSQL service is never touched. Replication is
 * synchronous (synchronous_standby_names = the standby, synchronous_commit = on): a commit is
 * acknowledged only once the standby has flushed it, so a promoted standby holds every
 * acknowledged commit. failover() stops the primary at once (immediate: as if it died) and
 * promotes the standby.
 */
const asPostgres = process.getuid?.() === 0;

function pgRun(bin, args, timeoutMs = 120_000) {
  const command = asPostgres ? "runuser" : join(PG_BIN, bin);
  const full = asPostgres ? ["-u", "postgres", "--", join(PG_BIN, bin), ...args] : args;
  const r = spawnSync(command, full, { encoding: "utf8", timeout: timeoutMs });
  if (r.status !== 0) throw new Error(`${bin} ${args.join(" ")} failed: ${r.stderr || r.stdout}`);
  return r.stdout;
}

async function query(port, text, database = "postgres") {
  const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", database, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

export async function startReplicatedPair({ database = "shwe", log = () => undefined } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "shwe-replica-"));
  chmodSync(dir, 0o777);
  const primaryDir = join(dir, "primary");
  const standbyDir = join(dir, "standby");
  const primaryPort = await freePort();
  const standbyPort = await freePort();
  const pair = { dir, primaryPort, standbyPort, database, primaryRunning: false, standbyRunning: false };
  const stop = () => {
    for (const [running, d] of [
      [pair.primaryRunning, primaryDir],
      [pair.standbyRunning, standbyDir],
    ]) {
      if (running) {
        try {
          pgRun("pg_ctl", ["-D", d, "-m", "immediate", "-w", "stop"], 30_000);
        } catch {
          // already gone
        }
      }
    }
    pair.primaryRunning = false;
    pair.standbyRunning = false;
    rmSync(dir, { recursive: true, force: true });
  };
  // Never left running when this process ends without stop().
  const stopOnExit = () => stop();
  process.once("exit", stopOnExit);
  pair.stop = () => {
    process.off("exit", stopOnExit);
    stop();
  };
  try {
    mkdirSync(primaryDir, { mode: 0o700 });
    if (asPostgres) spawnSync("chown", ["postgres:postgres", primaryDir]);
    pgRun("initdb", ["-D", primaryDir, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"]);
    const common = [
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      "max_connections = 150",
      "shared_buffers = 256MB",
      "wal_level = replica",
      "max_wal_senders = 5",
      "wal_keep_size = 512MB",
      "hot_standby = on",
      "synchronous_commit = on",
      "log_min_messages = warning",
    ];
    writeFileSync(join(primaryDir, "postgresql.auto.conf"), `${[...common, `port = ${primaryPort}`].join("\n")}\n`);
    writeFileSync(
      join(primaryDir, "pg_hba.conf"),
      "local all all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n",
    );
    if (asPostgres) spawnSync("chown", ["postgres:postgres", join(primaryDir, "postgresql.auto.conf"), join(primaryDir, "pg_hba.conf")]);
    pgRun("pg_ctl", ["-D", primaryDir, "-l", join(dir, "primary.log"), "-w", "start"]);
    pair.primaryRunning = true;
    log(`primary on 127.0.0.1:${primaryPort}`);

    pgRun("pg_basebackup", [
      "-d",
      `host=127.0.0.1 port=${primaryPort} user=postgres application_name=standby1`,
      "-D",
      standbyDir,
      "-R",
      "-X",
      "stream",
      "--no-sync",
    ]);
    // The standby's own port; pg_basebackup -R wrote primary_conninfo (application_name standby1) and standby.signal.
    const autoConf = join(standbyDir, "postgresql.auto.conf");
    writeFileSync(autoConf, `${readFileSync(autoConf, "utf8")}port = ${standbyPort}\n`);
    if (asPostgres) spawnSync("chown", ["postgres:postgres", autoConf]);
    pgRun("pg_ctl", ["-D", standbyDir, "-l", join(dir, "standby.log"), "-w", "start"]);
    pair.standbyRunning = true;
    log(`standby on 127.0.0.1:${standbyPort}`);

    // Synchronous from now on, on the primary only (the standby's copy of the settings has none, so
    // once promoted it does not wait for a standby it no longer has).
    await query(primaryPort, "alter system set synchronous_standby_names = 'standby1'");
    await query(primaryPort, "select pg_reload_conf()");
    const deadline = Date.now() + 30_000;
    for (;;) {
      const rows = await query(primaryPort, "select sync_state from pg_stat_replication where application_name = 'standby1'");
      if (rows[0]?.sync_state === "sync") break;
      if (Date.now() > deadline) throw new Error("the standby did not become synchronous within 30 s");
      await new Promise((r) => setTimeout(r, 200));
    }
    await query(primaryPort, `create database ${database}`);
    log("standby streaming, synchronous");
    pair.primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/${database}`;
    pair.standbyUrl = `postgres://postgres@127.0.0.1:${standbyPort}/${database}`;
    /** The primary stops at once (as if it died); the standby is promoted and answers writes. */
    pair.failover = async () => {
      pgRun("pg_ctl", ["-D", primaryDir, "-m", "immediate", "-w", "stop"], 30_000);
      pair.primaryRunning = false;
      pgRun("pg_ctl", ["-D", standbyDir, "-w", "promote"], 60_000);
      const rows = await query(standbyPort, "select pg_is_in_recovery() as r");
      if (rows[0]?.r !== false) throw new Error("the standby is still in recovery after promote");
    };
  } catch (err) {
    pair.stop();
    throw err;
  }
  return pair;
}
