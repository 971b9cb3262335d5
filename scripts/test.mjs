#!/usr/bin/env node
/**
 * `npm test`: every check the project has, in order, stopping at the first failing stage.
 *
 *   1. lint        biome check --error-on-warnings .
 *   2. typecheck   npm run typecheck (tsc --noEmit for every workspace)
 *   3. unit+int    vitest run (projects domain, server, web); integration tests use PGlite in memory,
 *                  or fresh databases on the real PostgreSQL server when TEST_DATABASE_URL is set
 *   4. build       npm run build: the web app, and the server compiled to JavaScript (apps/server/dist)
 *      budget      the first-visit JS of every entry page against its gzip budget, from the built files
 *   5. e2e         node scripts/e2e.mjs: browser journeys in Chromium against the compiled server
 *   6. cluster     e2e/cluster: the compiled server behind nginx (and PgBouncer when installed) on real
 *                  PostgreSQL, an instance killed mid-rush with 300 players (needs TEST_DATABASE_URL and
 *                  nginx; skipped with a notice saying which is missing otherwise)
 *
 * Each stage prints a timing line; the last line is the plain summary `N passed, N failed, N skipped`
 * counted from Vitest's JSON reports of stages 3 and 5. A stage that fails without producing test
 * results (lint, types, build, a file that does not load) counts as one failure.
 * Benchmarks (npm run bench) never run here.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const unhandledReporter = join(root, "scripts/unhandled-reporter.mjs");
const bin = (name) => join(root, "node_modules/.bin", name);
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const hasChromium = existsSync(chromium);
const reports = mkdtempSync(join(tmpdir(), "shwe-test-"));
const vitestJson = join(reports, "vitest.json");
const e2eJson = join(reports, "e2e.json");
const clusterJson = join(reports, "cluster.json");
const unhandledFile = join(reports, "unhandled.txt");
process.env.SHWE_UNHANDLED_FILE = unhandledFile;

const totals = { passed: 0, failed: 0, skipped: 0 };
const timings = [];
let current;

function describeDatabase() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return "PGlite (embedded, in memory)";
  try {
    const u = new URL(url);
    return `PostgreSQL at ${u.hostname}:${u.port || 5432} (fresh database per test)`;
  } catch {
    return "PostgreSQL (TEST_DATABASE_URL)";
  }
}

function run(command, args) {
  return new Promise((resolveRun) => {
    current = spawn(command, args, { cwd: root, stdio: "inherit", env: process.env });
    current.on("error", (err) => {
      console.error(`[test] could not start ${command}: ${err.message}`);
      resolveRun(127);
    });
    current.on("exit", (code) => resolveRun(code ?? 1));
  });
}

for (const [signal, number] of [
  ["SIGINT", 2],
  ["SIGTERM", 15],
]) {
  process.on(signal, () => {
    current?.kill(signal);
    rmSync(reports, { recursive: true, force: true });
    process.exit(128 + number);
  });
}

/** Adds a Vitest JSON report to the totals; returns how many failures it shows. */
function count(file) {
  if (!existsSync(file)) return undefined;
  let r;
  try {
    r = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
  totals.passed += r.numPassedTests ?? 0;
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // A file that fails to load has no failed tests but a failed suite.
  const failed = r.numFailedTests || r.numFailedTestSuites || 0;
  totals.failed += failed;
  return failed;
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)}s`;
}

function finish(exitCode, notices = []) {
  console.log("\n[test] stage timings:");
  for (const t of timings) console.log(`[test]   ${t.name.padEnd(12)} ${t.ok ? t.note.padEnd(7) : "FAILED "} ${seconds(t.ms).padStart(7)}`);
  for (const n of notices) console.log(`\n${n}`);
  rmSync(reports, { recursive: true, force: true });
  console.log("");
  console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(exitCode);
}

async function stage(name, command, args, report, note = "ok") {
  console.log(`\n[test] ── ${name}: ${[command.replace(`${root}/`, ""), ...args].join(" ")}`);
  const started = Date.now();
  const code = await run(command, args);
  const ms = Date.now() - started;
  const failedTests = report ? count(report) : undefined;
  timings.push({ name, ok: code === 0, ms, note });
  console.log(`[test] ${name} ${code !== 0 ? `FAILED (exit ${code})` : note === "skipped" ? "skipped" : "passed"} in ${seconds(ms)}`);
  if (code !== 0) {
    if (!failedTests) totals.failed += 1;
    const notices = [`[test] stopped at stage "${name}".`];
    if (existsSync(unhandledFile)) notices.push(`[test] unhandled errors in "${name}":\n${readFileSync(unhandledFile, "utf8")}`);
    finish(code, notices);
  }
}

const browserNotice = [
  `Browser tests SKIPPED: Chromium was not found at ${chromium}.`,
  "Enable them with `apt-get install -y chromium` (or set CHROMIUM_PATH to a Chromium binary) and run `npm test` again.",
].join("\n");

console.log(`[test] integration database: ${describeDatabase()}`);
console.log(`[test] browser: ${hasChromium ? chromium : "none (browser tests will be skipped)"}`);

await stage("lint", bin("biome"), ["check", "--error-on-warnings", "."]);
await stage("typecheck", npm, ["run", "--silent", "typecheck"]);
await stage(
  "unit+int",
  bin("vitest"),
  ["run", "--reporter=default", "--reporter=json", `--reporter=${unhandledReporter}`, `--outputFile.json=${vitestJson}`],
  vitestJson,
);
// The browser journeys run the production build: the web app and the server compiled to JavaScript.
await stage("build", npm, ["run", "--silent", "build"]);
// The first-visit JS of every entry page, weighed from the built files (apps/web/build/check-budget.ts).
await stage("budget", bin("tsx"), ["apps/web/build/check-budget.ts"]);
await stage(
  "e2e",
  process.execPath,
  ["scripts/e2e.mjs", "--reporter=default", "--reporter=json", `--reporter=${unhandledReporter}`, `--outputFile.json=${e2eJson}`],
  e2eJson,
  hasChromium ? "ok" : "skipped",
);

// Behind a real proxy: needs a PostgreSQL server to create a database on and nginx; PgBouncer is used
// when installed (the journey says when it runs without it).
const hasPgbouncer = ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"].some((p) => existsSync(p));
const clusterMissing = [
  !process.env.TEST_DATABASE_URL && "TEST_DATABASE_URL is not set",
  !["/usr/sbin/nginx", "/usr/bin/nginx"].some((p) => existsSync(p)) && "nginx is not installed",
].filter(Boolean);
if (clusterMissing.length === 0) {
  await stage(
    "cluster",
    bin("vitest"),
    [
      "run",
      "--config",
      "e2e/cluster/vitest.config.ts",
      "--reporter=default",
      "--reporter=json",
      `--reporter=${unhandledReporter}`,
      `--outputFile.json=${clusterJson}`,
    ],
    clusterJson,
    hasPgbouncer ? "ok" : "without PgBouncer",
  );
} else {
  timings.push({ name: "cluster", ok: true, ms: 0, note: "skipped" });
  console.log(`\n[test] cluster skipped: ${clusterMissing.join("; ")}`);
}
const clusterNotice = [
  ...(clusterMissing.length === 0
    ? []
    : [
        `Cluster journey SKIPPED: ${clusterMissing.join("; ")}. Enable it with TEST_DATABASE_URL=postgres://… and \`apt-get install -y nginx-light pgbouncer\` (or \`npm run cluster -- --install\` as root).`,
      ]),
  ...(clusterMissing.length === 0 && !hasPgbouncer
    ? [
        "Cluster journey ran WITHOUT PgBouncer (not installed): the instances connected to PostgreSQL directly. `apt-get install -y pgbouncer` adds it.",
      ]
    : []),
];

finish(0, [...(hasChromium ? [] : [browserNotice]), ...clusterNotice]);
