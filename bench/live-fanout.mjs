import { spawnSync } from "node:child_process";
import { randomInt } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { sql } from "drizzle-orm";
import WebSocket from "ws";
import { users } from "../apps/server/src/db/schema/index.ts";
import { postJournal } from "../apps/server/src/modules/ledger/ledger.service.ts";
import { createPlayerLedgerAccounts } from "../apps/server/src/modules/ledger/player-accounts.repository.ts";
import { findDraw } from "../apps/server/src/modules/lottery/draws.repository.ts";
import { seedDemoFeedUrl } from "../apps/server/src/modules/lottery/market-feed.service.ts";
import { revealFairDraw } from "../apps/server/src/modules/lottery/results.service.ts";
import { settleDraw } from "../apps/server/src/modules/lottery/settlement.service.ts";
import { readMarketTick } from "../apps/server/src/modules/market/market.service.ts";
import { createScratchDatabase, serverVersion } from "./lib/database.mjs";
import { BENCH_PASSWORD, createOpenDraw, openContext } from "./lib/players.mjs";
import { startServer } from "./lib/servers.mjs";
import { log, sleep } from "./lib/setup.mjs";
import { percentile, round, writeResult } from "./lib/statistics.mjs";

/**
 * Benchmark 4, live fan-out: N players each hold one authenticated WebSocket (/api/ws, first message
 * {type:"auth", token}). Then a draw is settled (its result goes to every socket) and every player's main
 * balance is credited by journals in transactions of 200 players (each a balance update on their socket).
 * Then one market reading (the SET feed read by this process, the claim stored, the reading announced
 * on the `market_tick` channel and sent by the server to every socket, each watching `market:set`).
 * Measured: time from the start of each step until each socket has the message (p50/p95/max), and the server's
 * resident memory per socket. N is 10,000 or what the file limit allows (BENCH_SOCKETS lowers it).
 */
const NAME = "live-fanout";
const fileLimit = Number(spawnSync("sh", ["-c", "ulimit -n"], { encoding: "utf8" }).stdout.trim()) || 1024;
const N = Math.max(100, Math.min(Number(process.env.BENCH_SOCKETS) || 10_000, 10_000, fileLimit - 500));
const CONNECT_BATCH = 250;
const WAIT_MS = 60_000;

async function createSocketPlayers(ctx, n) {
  const passwordHash = await hash(BENCH_PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const tag = randomInt(100, 999);
  const ids = [];
  for (let start = 0; start < n; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(n, start + 500); i++) {
      rows.push({
        phone: `09${tag}${String(i).padStart(6, "0")}`,
        name: `Socket player ${i + 1}`,
        passwordHash,
        role: "player",
        userCode: `WS${tag}X${i}`,
        referralCode: `R${tag}${i}`,
        lvl2: 2,
        lvl2Status: "approved",
      });
    }
    const inserted = await ctx.db.insert(users).values(rows).returning({ id: users.id });
    ids.push(...inserted.map((r) => r.id));
  }
  const players = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < ids.length) {
        const id = ids[next++];
        await createPlayerLedgerAccounts(ctx.db, id);
        const { token } = await ctx.auth.issue(id);
        players.push({ id, token });
      }
    }),
  );
  return players;
}

function connect(base, player) {
  return new Promise((resolveConn) => {
    const socket = new WebSocket(`${base.replace("http", "ws")}/api/ws`);
    const client = {
      player,
      socket,
      ready: false,
      result: undefined,
      balance: undefined,
      tick: undefined,
      tickFrom: Number.POSITIVE_INFINITY,
      balanceFrom: Number.POSITIVE_INFINITY,
      closed: false,
    };
    const timer = setTimeout(() => resolveConn(client), 30_000);
    socket.on("open", () => socket.send(JSON.stringify({ type: "auth", token: player.token })));
    socket.on("message", (data) => {
      const now = performance.now();
      const msg = JSON.parse(String(data));
      if (msg.type === "ready") {
        // As the 2D page does: watch the SET readings.
        socket.send(JSON.stringify({ type: "watch", topics: ["market:set"] }));
        client.ready = true;
        clearTimeout(timer);
        resolveConn(client);
      } else if (msg.type === "result" && client.result === undefined) client.result = now;
      // The demo server reads the crypto market by itself all day: only the SET reading made below counts.
      else if (msg.type === "market_tick" && msg.market === "set" && client.tick === undefined && now >= client.tickFrom) client.tick = now;
      else if (msg.type === "balance" && client.balance === undefined && now >= client.balanceFrom) client.balance = now;
    });
    socket.on("error", () => undefined);
    socket.on("close", () => {
      client.closed = true;
      clearTimeout(timer);
      resolveConn(client);
    });
  });
}

async function waitFor(clients, key) {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline && clients.some((c) => !c.closed && c[key] === undefined)) await sleep(20);
}

function spread(clients, key, t0) {
  const times = clients
    .map((c) => c[key])
    .filter((t) => t !== undefined)
    .map((t) => t - t0)
    .sort((a, b) => a - b);
  return {
    received: times.length,
    missing: clients.length - times.length,
    p50_ms: round(percentile(times, 50)),
    p95_ms: round(percentile(times, 95)),
    max_ms: round(times[times.length - 1] ?? Number.NaN),
  };
}

const db = await createScratchDatabase();
let server;
let context;
let clients = [];
try {
  server = await startServer({ databaseUrl: db.url });
  context = await openContext(db.url, { poolSize: 10 });
  const { ctx } = context;
  log(NAME, `creating ${N} players (file limit ${fileLimit})`);
  const players = await createSocketPlayers(ctx, N);
  const drawId = await createOpenDraw(ctx, { closesIn: 3600 });
  await sleep(1000);
  const rssBefore = server.rssBytes();

  log(NAME, `connecting ${N} sockets`);
  const connectStarted = performance.now();
  for (let i = 0; i < players.length; i += CONNECT_BATCH) {
    clients.push(...(await Promise.all(players.slice(i, i + CONNECT_BATCH).map((p) => connect(server.base, p)))));
  }
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  const ready = clients.filter((c) => c.ready && !c.closed);
  await sleep(2000);
  const rssAfter = server.rssBytes();
  const perSocketKb = round((rssAfter - rssBefore) / ready.length / 1024, 1);
  log(NAME, `${ready.length}/${N} ready in ${round(connectSeconds, 1)} s; ${perSocketKb} KB per socket`);

  // Result broadcast: the draw is settled (no bets), which sends its result to every socket.
  await ctx.db.execute(sql`
    update draws set closes_at = clock_timestamp() - interval '2 seconds', draw_at = clock_timestamp() - interval '1 second'
     where id = ${drawId}`);
  const draw = await findDraw(ctx.db, drawId);
  if (!draw || !(await revealFairDraw(ctx, draw))) throw new Error("the fair result could not be revealed");
  const tResult = performance.now();
  const outcome = await settleDraw(ctx, drawId);
  await waitFor(ready, "result");
  const result = spread(ready, "result", tResult);
  log(NAME, `result: p50 ${result.p50_ms} ms, p95 ${result.p95_ms} ms, missing ${result.missing}`);

  // Balance updates: every player credited 100 kyat, 200 players per transaction.
  const tBalance = performance.now();
  for (const c of ready) c.balanceFrom = tBalance;
  for (let i = 0; i < ready.length; i += 200) {
    const batch = ready.slice(i, i + 200);
    await ctx.db.transaction(async (tx) => {
      for (const c of batch) {
        await postJournal(tx, {
          kind: "test_funding",
          userId: c.player.id,
          entries: [
            { account: { userId: c.player.id, kind: "main" }, amount: 100 },
            { account: { code: "external:test_funding" }, amount: -100 },
          ],
        });
      }
    });
    const committed = performance.now();
    for (const c of batch) c.committed = committed;
  }
  const creditMs = performance.now() - tBalance;
  await waitFor(ready, "balance");
  const balance = spread(ready, "balance", tBalance);
  // Delivery lag: from the commit of a player's credit to the update on the socket (the fan-out itself).
  for (const c of ready) if (c.balance !== undefined) c.lag = Math.max(0, c.balance - c.committed);
  const lag = spread(ready, "lag", 0);
  log(
    NAME,
    `balance: p50 ${balance.p50_ms} ms, p95 ${balance.p95_ms} ms, missing ${balance.missing} (credits took ${round(creditMs)} ms); lag after commit p50 ${lag.p50_ms} ms, p95 ${lag.p95_ms} ms`,
  );

  // Market reading: a (fake, instant) SET feed read now, whatever the hours; from the read's start to each socket.
  await seedDemoFeedUrl(ctx.db, "2D", "https://feed.example/set");
  const tTick = performance.now();
  for (const c of ready) c.tickFrom = tTick;
  const reading = await readMarketTick(ctx, "set", {
    instanceId: "bench",
    force: true,
    fetchFeed: async () => ({ setIndex: "1,402.35", setValue: "45,678.91" }),
  });
  if (!reading?.tick) throw new Error("the market reading failed");
  await waitFor(ready, "tick");
  const tick = spread(ready, "tick", tTick);
  log(NAME, `market tick: p50 ${tick.p50_ms} ms, p95 ${tick.p95_ms} ms, missing ${tick.missing}`);

  const resultPass = ready.length === N && result.missing === 0 && result.p95_ms <= 300;
  const file = writeResult(NAME, {
    database: await serverVersion(),
    settings: { sockets: N, file_limit: fileLimit, connect_batch: CONNECT_BATCH, clients: "ws in one Node process on the same machine" },
    connect: { ready: ready.length, seconds: round(connectSeconds, 2) },
    memory: { rss_before_mb: round(rssBefore / 1024 ** 2), rss_after_mb: round(rssAfter / 1024 ** 2), per_socket_kb: perSocketKb },
    result_broadcast: { settle_outcome: outcome, ...result },
    market_tick: tick,
    balance_updates: { credit_journals_ms: round(creditMs), since_first_credit: balance, after_own_commit: lag },
    rows: [
      {
        metric: `result broadcast to ${ready.length.toLocaleString("en-US")} sockets, p50 / p95`,
        figure: `${result.p50_ms} / ${result.p95_ms}`,
        unit: "ms",
        target: "10,000 sockets, p95 ≤ 300 ms",
        pass: resultPass,
      },
      {
        metric: `balance update to ${ready.length.toLocaleString("en-US")} sockets, p50 / p95`,
        figure: `${balance.p50_ms} / ${balance.p95_ms}`,
        unit: "ms",
        reference_label: "credit journals committed in",
        reference: round(creditMs),
        reference_unit: "ms",
        pass: balance.missing === 0 ? undefined : false,
      },
      {
        metric: "balance update lag after its commit, p50 / p95",
        figure: `${lag.p50_ms} / ${lag.p95_ms}`,
        unit: "ms",
      },
      {
        metric: `market tick to 95 % of ${ready.length.toLocaleString("en-US")} sockets (p50 / p95)`,
        figure: `${tick.p50_ms} / ${tick.p95_ms}`,
        unit: "ms",
        target: "10,000 sockets, p95 ≤ 500 ms",
        pass: ready.length === N && tick.missing === 0 && tick.p95_ms <= 500,
      },
      { metric: "server memory per socket", figure: perSocketKb, unit: "KB" },
    ],
  });
  log(NAME, file);
} finally {
  for (const c of clients) c.socket.terminate();
  clients = [];
  await context?.close();
  await server?.stop();
  await db.drop();
}
