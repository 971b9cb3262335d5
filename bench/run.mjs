#!/usr/bin/env node
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { benchDir, resultsDir, rootDir } from "./lib/setup.mjs";

/**
 * `npm run bench` runs every benchmark, `npm run bench -- <name>` one, `npm run bench -- --list` lists them,
 * `npm run bench -- --readme` only rebuilds the README table from the result files.
 * Each benchmark runs in its own process (with the TypeScript loader, for the product's services), bounded
 * by a hard time limit; afterwards bench/README.md's summary table is rebuilt from every result file.
 */
const BENCHMARKS = [
  {
    name: "public-reads",
    limitS: 240,
    about: "Public reads (lucky numbers, 2D winners, home, categories) under load vs a bare Fastify hello-world",
  },
  {
    name: "bet-throughput",
    limitS: 420,
    about: "One-line 2D slips through the HTTP API vs pgbench tpcb-like; embedded database vs a bare PGlite loop",
  },
  {
    name: "slip-cpu",
    limitS: 300,
    about: "Server and PostgreSQL CPU per slip by answer: accepted, refused BETTING_CLOSED, LINES_REJECTED, INSUFFICIENT_FUNDS",
  },
  { name: "settlement", limitS: 600, about: "A draw with 100,000 bet lines settled; ledger auditor after" },
  { name: "wallet-callbacks", limitS: 300, about: "Signed provider debit/credit calls vs pgbench tpcb-like" },
  {
    name: "gsc-webhooks",
    limitS: 420,
    about: "Signed GSC+ withdraw BET + deposit SETTLED (MMK and fractional MMK2) vs pgbench tpcb-like; exact balances, auditor",
  },
  {
    name: "live-fanout",
    limitS: 300,
    about: "N authenticated WebSockets: result broadcast and balance update delivery, memory per socket",
  },
  {
    name: "rush",
    limitS: 900,
    about:
      "Draw-time rush through nginx, 3 compiled instances, PgBouncer: slips before a 2D cut-off, result and winners on sockets; --fault=instance|database",
  },
  { name: "frontend-size", limitS: 300, about: "Production build: initial JS and CSS (gzip) of the home and 2D pages" },
  {
    name: "lighthouse",
    limitS: 1800,
    about:
      "Lighthouse 12 (Debian Chromium): home, 2D, 3D, winner list, sign-in, signed-in cash-in and bet-slip history beside a bare React shell; default mobile and cheap Android; cheap Android repeat visit",
  },
];

const available = BENCHMARKS.filter((b) => existsSync(join(benchDir, `${b.name}.mjs`)));
const args = process.argv.slice(2);

if (args.includes("--list")) {
  for (const b of available) console.log(`${b.name.padEnd(18)} ${b.about}`);
  process.exit(0);
}

// Only the README table, rebuilt from the result files as they are.
if (args.includes("--readme")) {
  writeReadme();
  process.exit(0);
}

// --fault=instance|database: the rush benchmark's fault (RUSH_FAULT).
const faultFlag = args.find((a) => a.startsWith("--fault="));
if (faultFlag) process.env.RUSH_FAULT = faultFlag.slice("--fault=".length);
const badFlags = args.filter((a) => a.startsWith("--") && a !== "--list" && a !== "--readme" && a !== faultFlag);
if (badFlags.length > 0) {
  // An unknown option must not start every benchmark.
  console.error(`Unknown option: ${badFlags.join(", ")}. Options: --list, --readme, --fault=instance|database (rush), or benchmark names.`);
  process.exit(2);
}
const wanted = args.filter((a) => !a.startsWith("--"));
const unknown = wanted.filter((w) => !available.some((b) => b.name === w));
if (unknown.length > 0) {
  console.error(`Unknown benchmark: ${unknown.join(", ")}. Available: ${available.map((b) => b.name).join(", ")}`);
  process.exit(2);
}
const selected = wanted.length > 0 ? available.filter((b) => wanted.includes(b.name)) : available;

function runOne(bench) {
  return new Promise((resolveRun) => {
    const started = Date.now();
    const child = spawn(process.execPath, ["--import", "tsx", join(benchDir, `${bench.name}.mjs`)], {
      cwd: rootDir,
      stdio: "inherit",
      env: process.env,
    });
    const timer = setTimeout(() => {
      console.error(`[run] ${bench.name} exceeded ${bench.limitS} s; stopping it`);
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
    }, bench.limitS * 1000);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      resolveRun({ name: bench.name, ok: code === 0, code, signal, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

const outcomes = [];
for (const bench of selected) {
  console.error(`[run] ${bench.name} …`);
  const outcome = await runOne(bench);
  console.error(`[run] ${bench.name}: ${outcome.ok ? "done" : `failed (${outcome.signal ?? outcome.code})`} in ${outcome.seconds} s`);
  outcomes.push(outcome);
}

writeReadme();
const failed = outcomes.filter((o) => !o.ok);
process.exit(failed.length > 0 ? 1 : 0);

function fmt(v, unit) {
  if (v === null || v === undefined || Number.isNaN(v)) return "–";
  const n = typeof v === "number" ? v.toLocaleString("en-US", { maximumFractionDigits: 2 }) : String(v);
  return unit ? `${n} ${unit}` : n;
}

/** Rebuilds the table between the markers of bench/README.md from all result files. */
function writeReadme() {
  const files = existsSync(resultsDir) ? readdirSync(resultsDir).filter((f) => f.endsWith(".json")) : [];
  const order = (n) => {
    const i = BENCHMARKS.findIndex((b) => b.name === n.replace(/^rush-.*/, "rush"));
    return i < 0 ? 99 : i;
  };
  const results = files.map((f) => JSON.parse(readFileSync(join(resultsDir, f), "utf8"))).sort((a, b) => order(a.name) - order(b.name));
  const lines = ["| Benchmark | Measures | Figure | Reference (same run) | Ratio | Target | Pass |", "|---|---|---|---|---|---|---|"];
  for (const r of results) {
    for (const row of r.rows ?? []) {
      const pass = row.pass === true ? "yes" : row.pass === false ? "**no**" : "–";
      lines.push(
        `| ${r.name} | ${row.metric} | ${fmt(row.figure, row.unit)} | ${row.reference_label ? `${row.reference_label}: ` : ""}${fmt(row.reference, row.reference_unit)} | ${fmt(row.ratio)} | ${row.target ?? "–"} | ${pass} |`,
      );
    }
  }
  const machines = results.map(
    (r) =>
      `- ${r.name}: ${r.machine.date}, ${r.machine.cpu_model}, ${r.machine.cores} cores, ${r.machine.memory_gb} GB, Node ${r.machine.node}`,
  );
  const table = [
    "<!-- results:start (generated by `npm run bench` from bench/results/*.json; do not edit by hand) -->",
    ...lines,
    "",
    "Runs:",
    "",
    ...machines,
    "<!-- results:end -->",
  ].join("\n");
  const readmePath = join(benchDir, "README.md");
  const current = existsSync(readmePath) ? readFileSync(readmePath, "utf8") : "";
  const re = /<!-- results:start[\s\S]*?<!-- results:end -->/;
  const next = re.test(current) ? current.replace(re, table) : `${current.trimEnd()}\n\n## Results\n\n${table}\n`;
  writeFileSync(readmePath, next);
  console.error(`[run] bench/README.md updated from ${results.length} result file(s)`);
}
