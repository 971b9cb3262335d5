import { readdirSync, readFileSync } from "node:fs";
import { round } from "./statistics.mjs";

/** Where the CPU of a run goes: per process, per call, and beside a pgbench transaction. */

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
