import { createScratchDatabase, serverVersion } from "./lib/database.mjs";
import { loadRun } from "./lib/http.mjs";
import { startHello, startServer } from "./lib/servers.mjs";
import { loadSeconds, log } from "./lib/setup.mjs";
import { round, writeResult } from "./lib/statistics.mjs";

/**
 * Benchmark 3, public reads: lucky numbers, 2D winners, the home catalogue and the categories, requested in
 * rotation under load, against a bare Fastify hello-world measured in the same run on the same machine.
 */
const NAME = "public-reads";
const CONNECTIONS = 32;
const seconds = loadSeconds(15);
const PATHS = ["/api/luckynumber_daily", "/api/winner_users/2D", "/api/g/home", "/api/g/categories"];

const db = await createScratchDatabase();
let server;
let hello;
try {
  hello = await startHello();
  log(NAME, "warming up the hello-world");
  await loadRun({ url: hello.base, connections: CONNECTIONS, duration: 2, requests: [{ method: "GET", path: "/" }] });
  log(NAME, `bare Fastify hello-world, ${CONNECTIONS} connections, ${seconds} s`);
  const reference = await loadRun({
    url: hello.base,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ method: "GET", path: "/" }],
  });
  await hello.stop();
  hello = undefined;

  server = await startServer({ databaseUrl: db.url });
  for (const path of PATHS) {
    const res = await fetch(`${server.base}${path}`);
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    await res.arrayBuffer();
  }
  const requests = PATHS.map((path) => ({ method: "GET", path }));
  log(NAME, "warming up the server");
  await loadRun({ url: server.base, connections: CONNECTIONS, duration: 2, requests });
  log(NAME, `public reads, ${CONNECTIONS} connections, ${seconds} s`);
  const reads = await loadRun({ url: server.base, connections: CONNECTIONS, duration: seconds, requests });
  const perPath = {};
  for (const path of PATHS) {
    const r = await loadRun({
      url: server.base,
      connections: CONNECTIONS,
      duration: Math.max(3, Math.round(seconds / 3)),
      requests: [{ method: "GET", path }],
    });
    perPath[path] = { req_per_s: r.ok_per_s, p99_ms: r.latency_ms.p99, failed: r.failed };
  }

  const ratio = round(reads.ok_per_s / reference.ok_per_s, 3);
  const file = writeResult(NAME, {
    database: await serverVersion(),
    settings: {
      connections: CONNECTIONS,
      seconds,
      paths: PATHS,
      tool: "autocannon 8",
      data: "fresh demo database (seeded catalogue, demo draws)",
    },
    reference: { what: "bare Fastify hello-world (GET / → {hello:'world'})", ...reference },
    reads,
    per_path: perPath,
    rows: [
      {
        metric: "public reads req/s (4 calls in rotation)",
        figure: reads.ok_per_s,
        unit: "req/s",
        reference_label: "bare Fastify",
        reference: reference.ok_per_s,
        reference_unit: "req/s",
        ratio,
        target: "≥ 0.5 × bare Fastify",
        pass: ratio >= 0.5 && reads.failed === 0,
      },
      {
        metric: "public reads p99",
        figure: reads.latency_ms.p99,
        unit: "ms",
        reference_label: "bare Fastify p99",
        reference: reference.latency_ms.p99,
        reference_unit: "ms",
      },
    ],
  });
  log(
    NAME,
    `reads ${reads.ok_per_s} req/s (p99 ${reads.latency_ms.p99} ms, ${reads.failed} failed) vs hello ${reference.ok_per_s} req/s → ${ratio}; ${file}`,
  );
} finally {
  await hello?.stop();
  await server?.stop();
  await db.drop();
}
