import { randomInt, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { hash } from "@node-rs/argon2";
import { sql } from "drizzle-orm";
import WebSocket from "ws";
import { rowsOf } from "../../apps/server/src/db/client.ts";
import { users } from "../../apps/server/src/db/schema/index.ts";
import { auditLedger } from "../../apps/server/src/modules/ledger/audit.ts";
import { postJournal } from "../../apps/server/src/modules/ledger/ledger.service.ts";
import { createPlayerLedgerAccounts } from "../../apps/server/src/modules/ledger/player-accounts.repository.ts";
import { startCluster } from "../../scripts/lib/cluster.mjs";
import { BENCH_PASSWORD, createOpenDraw, openContext, setLimits } from "./players.mjs";
import { startReplicatedPair } from "./replica.mjs";

/**
 * The draw-time rush through a real proxy: `npm run cluster`'s nginx, instances and PgBouncer on one
 * database; `players` players each hold a WebSocket through nginx and place slips in the last
 * `windowS` seconds before a 2D cut-off, most in the final third, numbers skewed to popular ones (some
 * hot, all capped) so caps refuse some; a few players cannot afford their slip, a few slips come just
 * after the cut-off. Then the instances' own schedulers reveal the fair result and settle the draw.
 * Every slip is retried with its Idempotency-Key until it gets a definite answer (what a phone does
 * when the network or an instance drops).
 *
 * fault: undefined | "instance" (one instance killed with SIGKILL at 5/6 of the window: its sockets
 * reconnect through nginx and resume) | "database" (a primary with a synchronous streaming standby of
 * its own; at 5/6 of the window the primary stops at once, the standby is promoted and PgBouncer is
 * repointed to it).
 *
 * Checked after each run: every acknowledged slip is in the database once and no other slip is; every
 * player's main balance is its funding less its acknowledged stakes plus its wins; every socket shows
 * the result and its player's final balance; the ledger auditor finds nothing.
 */

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function waitFor(check, timeoutMs, everyMs = 50) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await sleep(everyMs);
  }
}

/**
 * The draw time is now: once the database clock has passed the draw's cut-off (waited for, bounded),
 * its draw time becomes the database's now, so the instances' schedulers reveal the fair result and
 * settle it at their next tick. The burst can end before the cut-off (its last slips are planned
 * 300 ms before it and a quiet machine answers them in a few milliseconds); a draw time set then would
 * be refused by the cut-off condition and the draw would stay an hour away. Throws when the draw
 * could not be made due, rather than waiting for a settlement that cannot come.
 */
export async function makeDrawDue(db, drawId, timeoutMs = 30_000) {
  const due = await waitFor(
    async () =>
      rowsOf(
        await db.execute(sql`update draws set draw_at = now()
          where id = ${drawId} and closes_at < now() and result is null and status in ('open', 'closed') returning id`),
      ).length === 1,
    timeoutMs,
    50,
  );
  if (!due) {
    const row = rowsOf(await db.execute(sql`select status, result, closes_at, now() as now from draws where id = ${drawId}`))[0];
    throw new Error(`draw ${drawId} could not be made due within ${timeoutMs} ms: ${JSON.stringify(row ?? "no such draw")}`);
  }
}

/** Popular numbers first (doubles, then a few favourites), then the rest; weight 1/(rank+1). */
function numberPopularity() {
  const favourites = ["00", "11", "22", "33", "44", "55", "66", "77", "88", "99", "12", "21", "13", "31", "69", "96"];
  const rest = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, "0")).filter((n) => !favourites.includes(n));
  for (let i = rest.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [rest[i], rest[j]] = [rest[j], rest[i]];
  }
  const order = [...favourites, ...rest];
  const weights = order.map((_, r) => 1 / (r + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative = [];
  let acc = 0;
  for (const w of weights) {
    acc += w / total;
    cumulative.push(acc);
  }
  return {
    order,
    pick() {
      const u = Math.random();
      const i = cumulative.findIndex((c) => u <= c);
      return order[i < 0 ? order.length - 1 : i];
    },
  };
}

const AMOUNTS = [200, 500, 500, 1000, 1000, 1000, 2000, 2000, 5000];

function planSlips(players, windowMs, popularity) {
  const slips = [];
  for (const player of players) {
    const count = Math.random() < 0.35 ? 2 : 1;
    for (let k = 0; k < count; k++) {
      const u = Math.random();
      let at;
      if (u < 0.01)
        at = windowMs + 200 + randomInt(1300); // just after the cut-off
      else if (u < 0.26) at = randomInt(Math.max(1, Math.round(windowMs * (2 / 3))));
      else at = Math.min(windowMs - 300, Math.round(windowMs * (2 / 3) + (windowMs / 3) * Math.sqrt(Math.random())));
      const lineCount = Math.random() < 0.6 ? 1 : Math.random() < 0.75 ? 2 : 3;
      const numbers = new Set();
      while (numbers.size < lineCount) numbers.add(popularity.pick());
      const lines = [...numbers].map((number) => ({ number, amount: AMOUNTS[randomInt(AMOUNTS.length)] }));
      slips.push({ player, at, lines, key: randomUUID(), attempts: 0 });
    }
  }
  return slips.sort((a, b) => a.at - b.at);
}

async function createRushPlayers(ctx, n, log) {
  const passwordHash = await hash(BENCH_PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const tag = randomInt(100, 999);
  const ids = [];
  for (let start = 0; start < n; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(n, start + 500); i++) {
      rows.push({
        phone: `09${tag}${String(i).padStart(6, "0")}`,
        name: `Rush player ${i + 1}`,
        passwordHash,
        role: "player",
        userCode: `RU${tag}X${i}`,
        referralCode: `Q${tag}${i}`,
        lvl2: 2,
        lvl2Status: "approved",
      });
    }
    ids.push(...(await ctx.db.insert(users).values(rows).returning({ id: users.id })).map((r) => r.id));
  }
  const players = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      while (next < ids.length) {
        const id = ids[next++];
        // About 3 % cannot afford a slip: their refusals are INSUFFICIENT_BALANCE.
        const funded = Math.random() < 0.03 ? 150 : 200_000;
        await createPlayerLedgerAccounts(ctx.db, id);
        await ctx.db.transaction(async (tx) => {
          await postJournal(tx, {
            kind: "test_funding",
            userId: id,
            entries: [
              { account: { userId: id, kind: "main" }, amount: funded },
              { account: { code: "external:test_funding" }, amount: -funded },
            ],
          });
        });
        const { token } = await ctx.auth.issue(id);
        players.push({ id, token, funded });
        if (players.length % 1000 === 0) log(`${players.length} players`);
      }
    }),
  );
  return players;
}

/** A player's socket through nginx: reconnects when dropped, resumes from the last live event it saw. */
function openSocket(wsUrl, player, drawId, state) {
  const client = {
    player,
    ready: false,
    readyCount: 0,
    drops: 0,
    lastEventId: 0,
    resultAt: undefined,
    balance: undefined,
    balances: [],
    socket: undefined,
  };
  const connectOnce = () => {
    const socket = new WebSocket(wsUrl);
    client.socket = socket;
    socket.on("open", () => socket.send(JSON.stringify({ type: "auth", token: player.token })));
    socket.on("message", (data) => {
      const now = Date.now();
      let msg;
      try {
        msg = JSON.parse(String(data));
      } catch {
        return;
      }
      if (typeof msg.event_id === "number") client.lastEventId = Math.max(client.lastEventId, msg.event_id);
      if (msg.type === "ready") {
        client.ready = true;
        client.readyCount++;
        // A reconnected socket asks for what it missed (the result among it); the server sends the balance itself.
        if (client.readyCount > 1) socket.send(JSON.stringify({ type: "resume", after: client.lastEventId }));
      } else if (msg.type === "result" && msg.draw_id === drawId && client.resultAt === undefined) client.resultAt = now;
      else if (msg.type === "balance") {
        client.balance = msg.balance;
        if (state.watchBalances) client.balances.push([now, msg.balance]);
      }
    });
    socket.on("error", () => undefined);
    socket.on("close", () => {
      client.ready = false;
      if (state.closing) return;
      client.drops++;
      if (client.drops > 50) return;
      setTimeout(connectOnce, 200 + randomInt(800));
    });
  };
  connectOnce();
  return client;
}

const RETRY = new Set([502, 503, 504]);

/** A phone's retry: 250 ms doubling up to 4 s, with jitter, so a struggling site is not stormed. */
async function backOff(slip) {
  slip.retried = (slip.retried ?? 0) + 1;
  const base = Math.min(4000, 250 * 2 ** (slip.retried - 1));
  await sleep(base / 2 + randomInt(Math.max(1, Math.round(base / 2))));
}

/** One slip until a definite answer: retried with the same Idempotency-Key on a network error or 502/503/504. */
async function sendSlip(base, drawId, slip, t0) {
  slip.sentAt = Date.now();
  const deadline = slip.sentAt + 60_000;
  for (;;) {
    slip.attempts++;
    try {
      const res = await fetch(`${base}/api/user/betting`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${slip.player.token}`,
          "idempotency-key": slip.key,
        },
        body: JSON.stringify({ draw_id: drawId, lines: slip.lines }),
        signal: AbortSignal.timeout(15_000),
      });
      const body = await res.json().catch(() => ({}));
      if (res.status === 200 || res.status === 201) {
        slip.outcome = "ok";
        slip.slipId = body.slip_id;
        slip.total = body.total;
      } else if (RETRY.has(res.status) && Date.now() < deadline) {
        await backOff(slip);
        continue;
      } else {
        slip.outcome = "refused";
        const first = body.rejected?.[0]?.reason;
        slip.reason = `${body.code ?? res.status}${first ? `/${first}` : ""}`;
      }
    } catch {
      if (Date.now() < deadline) {
        await backOff(slip);
        continue;
      }
      slip.outcome = "no answer";
    }
    slip.doneAt = Date.now();
    slip.latency = slip.doneAt - slip.sentAt;
    slip.doneOffset = slip.doneAt - t0;
    return;
  }
}

/** CPU (ms) of the instances, nginx, PgBouncer, every PostgreSQL process, this process and the machine between start and stop. */
function cpuMeter(instancePids) {
  const ticksOf = (pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return { comm: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), ticks: Number(f[11]) + Number(f[12]) };
    } catch {
      return undefined;
    }
  };
  const groupOf = (pid, comm) => {
    if (instancePids.includes(Number(pid))) return "instances";
    if (comm === "nginx") return "nginx";
    if (comm === "pgbouncer") return "pgbouncer";
    if (comm === "postgres" || comm.startsWith("postgres:")) return "postgres";
    return undefined;
  };
  const machine = () => {
    const v = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = v[3] + v[4];
    return { idle, busy: v.slice(0, 8).reduce((a, b) => a + b, 0) - idle };
  };
  const first = new Map();
  const last = new Map();
  const sample = () => {
    for (const name of readdirSync("/proc")) {
      if (!/^\d+$/.test(name)) continue;
      const t = ticksOf(name);
      const group = t && groupOf(name, t.comm);
      if (!group) continue;
      if (!first.has(name)) first.set(name, { group, ticks: t.ticks });
      last.set(name, { group, ticks: t.ticks });
    }
  };
  sample();
  const self = process.cpuUsage();
  const m0 = machine();
  const timer = setInterval(sample, 500);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const out = { instances: 0, nginx: 0, pgbouncer: 0, postgres: 0 };
      for (const [pid, end] of last) out[end.group] += (end.ticks - (first.get(pid)?.ticks ?? end.ticks)) * 10;
      const s = process.cpuUsage(self);
      const m = machine();
      return {
        ...out,
        load_generator: Math.round((s.user + s.system) / 1000),
        machine_busy: (m.busy - m0.busy) * 10,
        machine_idle: (m.idle - m0.idle) * 10,
      };
    },
  };
}

/** Transactions committed or rolled back in this database so far (PostgreSQL's statistics, up to a second behind). */
async function databaseTransactions(db) {
  const rows = rowsOf(
    await db.execute(sql`select (xact_commit + xact_rollback)::bigint as n from pg_stat_database where datname = current_database()`),
  );
  return Number(rows[0]?.n ?? 0);
}

function spread(times) {
  const sorted = times.filter((t) => t !== undefined).sort((a, b) => a - b);
  return { count: sorted.length, p50_ms: percentile(sorted, 50), p95_ms: percentile(sorted, 95), max_ms: sorted[sorted.length - 1] };
}

/**
 * Runs one rush. Answers the measurements and the checks (see the module comment); throws only when
 * the cluster cannot start. `log(line)` gets progress.
 */
export async function runRush({
  pgbouncer = true,
  players: playerCount = 5000,
  windowS = 60,
  instances = 3,
  fault,
  adminUrl,
  quietS = 0,
  log = () => undefined,
} = {}) {
  const windowMs = windowS * 1000;
  const faultAt = Math.round(windowMs * (5 / 6));
  let pair;
  let cluster;
  let context;
  const state = { closing: false, watchBalances: false };
  let clients = [];
  try {
    let databaseUrl;
    if (fault === "database") {
      pair = await startReplicatedPair({ log });
      databaseUrl = pair.primaryUrl;
    }
    cluster = await startCluster({ instances, databaseUrl, adminUrl, pgbouncer: pgbouncer || fault === "database", log });
    const base = cluster.url;
    const wsUrl = `${base.replace("http", "ws")}/api/ws`;
    context = await openContext(cluster.databaseUrl, { poolSize: 6 });
    const { ctx } = context;

    log(`creating ${playerCount} players`);
    const players = await createRushPlayers(ctx, playerCount, log);
    const scale = playerCount / 5000;
    const popularity = numberPopularity();
    await setLimits(ctx, "2D", {
      min_stake: 100,
      max_stake: 100_000,
      max_lines: 10,
      number_cap: Math.max(20_000, Math.round(1_200_000 * scale)),
      hot_cap: Math.max(5_000, Math.round(300_000 * scale)),
    });
    const hot = [popularity.order[2], popularity.order[4]];
    for (const number of hot) {
      await ctx.db.execute(sql`insert into number_rules (type, number, hot) values ('2D', ${number}, true)
        on conflict (type, number) do update set hot = true`);
    }
    const drawId = await createOpenDraw(ctx, { closesIn: 3600 });

    log(`connecting ${players.length} sockets through nginx`);
    const connectStarted = Date.now();
    for (let i = 0; i < players.length; i += 250) {
      clients.push(...players.slice(i, i + 250).map((p) => openSocket(wsUrl, p, drawId, state)));
      await waitFor(() => clients.every((c) => c.ready), 30_000, 20);
    }
    const connectedReady = clients.filter((c) => c.ready).length;
    const connectS = round((Date.now() - connectStarted) / 1000, 1);
    log(`${connectedReady}/${players.length} sockets ready in ${connectS} s`);

    // What the instances spend with every socket open and no slip (heartbeats, schedulers, presence):
    // the part of the burst's CPU that is not the slips'.
    let quiet = null;
    if (quietS > 0) {
      const quietMeter = cpuMeter(cluster.instances.map((i) => i.pid));
      const started = Date.now();
      await sleep(quietS * 1000);
      quiet = { seconds: round((Date.now() - started) / 1000, 1), cpu_ms: quietMeter.stop() };
      log(`quiet ${quiet.seconds} s with every socket open: instances ${quiet.cpu_ms.instances} ms CPU`);
    }

    // The cut-off windowS from now by the database clock (the same machine's clock).
    const closes = rowsOf(
      await ctx.db.execute(sql`update draws set closes_at = now() + make_interval(secs => ${windowS})
        where id = ${drawId} returning extract(epoch from closes_at) * 1000 as ms`),
    );
    const closesAtMs = Number(closes[0].ms);
    const t0 = closesAtMs - windowMs;
    const slips = planSlips(players, windowMs, popularity);
    log(`burst: ${slips.length} slips over ${windowS} s${fault ? `, fault "${fault}" at ${faultAt / 1000} s` : ""}`);

    const meter = cpuMeter(cluster.instances.map((i) => i.pid));
    const transactionsBefore = await databaseTransactions(ctx.db);
    const inFlight = [];
    let faultInfo;
    let faultDone = !fault;
    let next = 0;
    while (next < slips.length || !faultDone) {
      const now = Date.now() - t0;
      while (next < slips.length && slips[next].at <= now) inFlight.push(sendSlip(base, drawId, slips[next++], t0));
      if (!faultDone && now >= faultAt) {
        faultDone = true;
        const started = Date.now();
        if (fault === "instance") {
          const victim = cluster.instances[1];
          victim.child.kill("SIGKILL");
          faultInfo = { what: `instance on port ${victim.port} killed with SIGKILL`, at_s: round(now / 1000, 1) };
          log(faultInfo.what);
        } else if (fault === "database") {
          inFlight.push(
            (async () => {
              await pair.failover();
              await cluster.pgbouncer.repoint("127.0.0.1", pair.standbyPort);
              faultInfo = {
                what: "primary stopped (immediate), standby promoted, PgBouncer repointed",
                at_s: round(now / 1000, 1),
                failover_ms: Date.now() - started,
              };
              log(`${faultInfo.what} in ${faultInfo.failover_ms} ms`);
            })(),
          );
        }
      }
      await sleep(5);
    }
    await Promise.all(inFlight);
    const burstCpu = meter.stop();
    // After a failover the counters are the promoted standby's own, not comparable with the old primary's.
    const burstTransactions = fault === "database" ? null : (await databaseTransactions(ctx.db)) - transactionsBefore;
    const burstEnd = Date.now() - t0;
    log(`every slip answered ${round(burstEnd / 1000, 1)} s after the burst began`);
    // Per request the instances answered (each slip once, and each of its retries).
    const requests = slips.reduce((a, s) => a + s.attempts, 0);
    const quietRate = quiet ? quiet.cpu_ms.instances / quiet.seconds : 0;
    const perRequest = {
      requests,
      instances_cpu_ms: round(burstCpu.instances / requests, 2),
      instances_cpu_ms_beyond_quiet: quiet ? round((burstCpu.instances - (quietRate * burstEnd) / 1000) / requests, 2) : null,
      database_transactions: burstTransactions === null ? null : round(burstTransactions / requests, 1),
    };
    log(
      `per request (${requests}): instances ${perRequest.instances_cpu_ms} ms CPU, ${perRequest.database_transactions ?? "–"} database transactions`,
    );

    // Slip figures.
    const answered = slips.filter((s) => s.outcome);
    const acked = slips.filter((s) => s.outcome === "ok");
    const refusals = {};
    for (const s of slips.filter((x) => x.outcome !== "ok")) refusals[s.reason ?? s.outcome] = (refusals[s.reason ?? s.outcome] ?? 0) + 1;
    const latencies = answered
      .filter((s) => s.at < windowMs)
      .map((s) => s.latency)
      .sort((a, b) => a - b);
    const finalThird = answered.filter((s) => s.at >= windowMs * (2 / 3) && s.at < windowMs);
    const finalLat = finalThird.map((s) => s.latency).sort((a, b) => a - b);
    const perSecond = new Map();
    for (const s of acked) {
      const sec = Math.floor(s.doneOffset / 1000);
      perSecond.set(sec, (perSecond.get(sec) ?? 0) + 1);
    }
    const peakPerSecond = Math.max(0, ...perSecond.values());
    const finalThirdS = windowS / 3;
    const slipFigures = {
      planned: slips.length,
      accepted: acked.length,
      refused: slips.length - acked.length,
      refusals,
      retried_slips: slips.filter((s) => s.retried).length,
      retries: slips.reduce((a, s) => a + (s.retried ?? 0), 0),
      accepted_per_s_whole_window: round(acked.filter((s) => s.at < windowMs).length / windowS),
      accepted_per_s_final_third: round(acked.filter((s) => s.at >= windowMs * (2 / 3) && s.at < windowMs).length / finalThirdS),
      answered_per_s_peak_second: peakPerSecond,
      latency_ms_whole_window: { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies[latencies.length - 1] },
      latency_ms_final_third: { p50: percentile(finalLat, 50), p99: percentile(finalLat, 99), max: finalLat[finalLat.length - 1] },
    };
    log(
      `slips: ${acked.length} accepted, ${slips.length - acked.length} refused ${JSON.stringify(refusals)}; final third p50/p99 ${slipFigures.latency_ms_final_third.p50}/${slipFigures.latency_ms_final_third.p99} ms`,
    );

    // Every socket back (after an instance loss) before the result.
    await waitFor(() => clients.every((c) => c.ready || c.drops > 50), 60_000, 50);
    const reconnected = clients.filter((c) => c.drops > 0).length;

    // The draw time is now, once the cut-off has passed: the instances' schedulers (every 5 s) reveal
    // the fair result and settle.
    state.watchBalances = true;
    const settleMeter = cpuMeter(cluster.instances.filter((i) => i.alive).map((i) => i.pid));
    await makeDrawDue(ctx.db, drawId);
    const settledInTime = await waitFor(
      async () =>
        rowsOf(await ctx.db.execute(sql`select status from draws where id = ${drawId}`).catch(() => ({ rows: [] })))[0]?.status ===
        "settled",
      120_000,
      100,
    );
    const drawRow = rowsOf(
      await ctx.db.execute(sql`select result, extract(epoch from resulted_at) * 1000 as resulted_ms,
        extract(epoch from settled_at) * 1000 as settled_ms from draws where id = ${drawId}`),
    )[0];
    const resultedMs = Number(drawRow.resulted_ms);
    const settledMs = Number(drawRow.settled_ms);
    log(`draw ${settledInTime ? "settled" : "NOT settled"}: result ${drawRow.result}, settlement ${round(settledMs - resultedMs)} ms`);

    await waitFor(() => clients.every((c) => c.resultAt !== undefined), 30_000, 20);
    const resultTimes = clients.map((c) => (c.resultAt === undefined ? undefined : Math.max(0, c.resultAt - settledMs)));
    const resultSorted = resultTimes.filter((t) => t !== undefined).sort((a, b) => a - b);
    const result = {
      sockets: clients.length,
      received: resultSorted.length,
      p95_ms: percentile(resultSorted, 95),
      all_ms: resultSorted.length === clients.length ? resultSorted[resultSorted.length - 1] : null,
      p95_from_result_ms: round(percentile(resultSorted, 95) + (settledMs - resultedMs)),
    };

    // Winners: their final main balance on their socket.
    const winnerRows = rowsOf(
      await ctx.db.execute(sql`select l.user_id, a.balance::bigint as balance from bet_lines l
        join ledger_accounts a on a.user_id = l.user_id and a.kind = 'main'
        where l.draw_id = ${drawId} and l.status = 'won' group by l.user_id, a.balance`),
    );
    const finalOf = new Map(winnerRows.map((r) => [Number(r.user_id), Number(r.balance)]));
    const byUser = new Map(clients.map((c) => [c.player.id, c]));
    const winnerClients = [...finalOf.keys()].map((id) => byUser.get(id)).filter(Boolean);
    const shown = (c) => c.balances.find(([, b]) => b === finalOf.get(c.player.id));
    await waitFor(() => winnerClients.every((c) => shown(c)), 30_000, 20);
    const winnerTimes = winnerClients.map((c) => {
      const hit = shown(c);
      return hit ? hit[0] - resultedMs : undefined;
    });
    const winners = { players: winnerClients.length, ...spread(winnerTimes) };
    winners.missing = winnerClients.length - winners.count;
    const settleCpu = settleMeter.stop();

    // Checks: the database against what the players were told.
    const dbSlips = rowsOf(await ctx.db.execute(sql`select id, user_id from bet_slips where draw_id = ${drawId}`));
    const dbIds = new Set(dbSlips.map((r) => Number(r.id)));
    const ackedIds = new Set(acked.map((s) => Number(s.slipId)));
    const lost = [...ackedIds].filter((id) => !dbIds.has(id)).length;
    const unacknowledged = [...dbIds].filter((id) => !ackedIds.has(id)).length;
    const doubledAcks = acked.length - ackedIds.size;
    const wins = new Map(
      rowsOf(
        await ctx.db.execute(sql`select user_id, sum(win_amount)::bigint as won from bet_lines
          where draw_id = ${drawId} and status = 'won' group by user_id`),
      ).map((r) => [Number(r.user_id), Number(r.won)]),
    );
    const balances = new Map(
      rowsOf(
        await ctx.db.execute(sql`select user_id, balance::bigint as balance from ledger_accounts
          where kind = 'main' and user_id is not null`),
      )
        .map((r) => [Number(r.user_id), Number(r.balance)])
        .filter(([id]) => byUser.has(id)),
    );
    const staked = new Map();
    for (const s of acked) staked.set(s.player.id, (staked.get(s.player.id) ?? 0) + s.total);
    let balanceMismatches = 0;
    for (const p of players) {
      const expected = p.funded - (staked.get(p.id) ?? 0) + (wins.get(p.id) ?? 0);
      if (balances.get(p.id) !== expected) balanceMismatches++;
    }
    await waitFor(() => clients.every((c) => c.balance === balances.get(c.player.id)), 30_000, 50);
    const socketsWrongBalance = clients.filter((c) => c.balance !== balances.get(c.player.id)).length;
    const audit = await auditLedger(ctx.db);
    const checks = {
      lost_acknowledged_slips: lost,
      slips_in_database_never_acknowledged: unacknowledged,
      doubled_acknowledgements: doubledAcks,
      slips_without_answer: slips.filter((s) => s.outcome === "no answer").length,
      player_balance_mismatches: balanceMismatches,
      sockets_without_result: clients.length - result.received,
      sockets_with_wrong_final_balance: socketsWrongBalance,
      winners_without_balance: winners.missing,
      auditor_violations: audit.violations.length,
      auditor_sample: audit.violations.slice(0, 3),
    };
    // Money: nothing lost, doubled or told wrong (a slip that never got an answer is in neither list:
    // it must not be in the database either).
    const moneyClean = lost === 0 && unacknowledged === 0 && doubledAcks === 0 && balanceMismatches === 0 && audit.violations.length === 0;
    const clean =
      lost === 0 &&
      unacknowledged === 0 &&
      doubledAcks === 0 &&
      checks.slips_without_answer === 0 &&
      balanceMismatches === 0 &&
      checks.sockets_without_result === 0 &&
      socketsWrongBalance === 0 &&
      winners.missing === 0 &&
      audit.violations.length === 0 &&
      settledInTime;
    log(`checks: ${JSON.stringify(checks)}`);
    return {
      settings: {
        players: playerCount,
        window_s: windowS,
        instances,
        fault: fault ?? null,
        burst_shape:
          "25 % of slips spread over the first two thirds, 74 % in the final third (density rising to the cut-off), 1 % up to 1.5 s after it",
        numbers: "popularity 1/(rank+1), doubles and favourites first; two of the top five hot",
        slips_per_player: "1, or 2 for 35 %",
        proxy: `nginx (1 worker), ${pgbouncer || fault === "database" ? "PgBouncer session mode" : "no PgBouncer"}, Redis rate limits`,
      },
      connect: { ready: connectedReady, seconds: connectS },
      quiet,
      per_request: perRequest,
      fault: faultInfo ?? null,
      sockets_reconnected: reconnected,
      slips: slipFigures,
      draw: { result: drawRow.result, settlement_ms: round(settledMs - resultedMs), settled_in_time: settledInTime },
      result_on_sockets: result,
      winners_balance_after_settlement_start: winners,
      cpu_ms_burst: burstCpu,
      cpu_ms_settlement: settleCpu,
      checks,
      money_clean: moneyClean,
      clean,
    };
  } finally {
    state.closing = true;
    for (const c of clients) c.socket?.terminate();
    clients = [];
    await context?.close().catch(() => undefined);
    await cluster?.stop();
    pair?.stop();
  }
}

/** The README rows of one rush result (`out` as runRush answered it). */
export function rushRows(out) {
  const { players, window_s: windowS, fault, instances } = out.settings;
  const s = out.slips;
  const r2 = (n) => Math.round(n * 100) / 100;
  const label = fault === "instance" ? ", an instance killed" : fault === "database" ? ", primary lost" : "";
  const ms = windowS * 1000;
  const cpu = out.cpu_ms_burst;
  const c = out.checks;
  const winners = out.winners_balance_after_settlement_start;
  return [
    {
      metric: `${players.toLocaleString("en-US")} players, ${instances} instances behind nginx${label}: slips accepted / refused`,
      figure: `${s.accepted} / ${s.refused}`,
      reference_label: "refusals",
      reference: Object.entries(s.refusals)
        .map(([k, v]) => `${k} ${v}`)
        .join(", "),
    },
    {
      metric: `slips/s accepted, final ${Math.round(windowS / 3)} s (peak second answered)${label}`,
      figure: `${s.accepted_per_s_final_third} (${s.answered_per_s_peak_second})`,
      unit: "slips/s",
    },
    {
      metric: `slip p50 / p99 in the final ${Math.round(windowS / 3)} s${label}`,
      figure: `${s.latency_ms_final_third.p50} / ${s.latency_ms_final_third.p99}`,
      unit: "ms",
      target: "p99 ≤ 250 ms",
      pass: s.latency_ms_final_third.p99 <= 250,
    },
    {
      metric: `result on sockets after it is published: 95 % / 100 %${label}`,
      figure: `${Math.round(out.result_on_sockets.p95_ms)} / ${out.result_on_sockets.all_ms === null ? "missing" : Math.round(out.result_on_sockets.all_ms)}`,
      unit: "ms",
      reference_label: "settlement took",
      reference: out.draw.settlement_ms,
      reference_unit: "ms",
      target: "95 % ≤ 1 s",
      pass: out.result_on_sockets.p95_ms <= 1000 && out.result_on_sockets.all_ms !== null,
    },
    {
      metric: `every winner's balance on their socket after settlement starts (${winners.players} winners)${label}`,
      figure: winners.max_ms === undefined ? "–" : Math.round(winners.max_ms),
      unit: "ms",
      target: "≤ 5 s",
      pass: winners.missing === 0 && (winners.max_ms ?? 0) <= 5000,
    },
    {
      metric: `CPU cores during the burst: instances / nginx / PgBouncer / PostgreSQL (all) / load generator${label}`,
      figure: `${r2(cpu.instances / ms)} / ${r2(cpu.nginx / ms)} / ${r2(cpu.pgbouncer / ms)} / ${r2(cpu.postgres / ms)} / ${r2(cpu.load_generator / ms)} (machine idle ${r2(cpu.machine_idle / (cpu.machine_idle + cpu.machine_busy))})`,
    },
    ...(out.per_request
      ? [
          {
            metric: `instances' CPU per request in the burst (beyond their use with every socket open and no slip); database transactions per request${label}`,
            figure: `${out.per_request.instances_cpu_ms} (${out.per_request.instances_cpu_ms_beyond_quiet ?? "–"}) ms; ${out.per_request.database_transactions ?? "– (another server after the failover)"}`,
            reference_label: "requests (slips and their retries)",
            reference: out.per_request.requests,
          },
        ]
      : []),
    {
      metric: `slips lost / doubled / in the database unacknowledged; balances unlike what players were told; auditor violations${label}`,
      figure: `${c.lost_acknowledged_slips} / ${c.doubled_acknowledgements} / ${c.slips_in_database_never_acknowledged}; ${c.player_balance_mismatches}; ${c.auditor_violations}`,
      target: "all 0",
      pass:
        out.money_clean ??
        (c.lost_acknowledged_slips === 0 &&
          c.doubled_acknowledgements === 0 &&
          c.slips_in_database_never_acknowledged === 0 &&
          c.player_balance_mismatches === 0 &&
          c.auditor_violations === 0),
    },
    {
      metric: `slips without an answer after 60 s of retries; sockets without the result or the final balance${label}`,
      figure: `${c.slips_without_answer}; ${c.sockets_without_result} / ${c.sockets_with_wrong_final_balance}`,
      target: "0; 0 / 0",
      pass: c.slips_without_answer === 0 && c.sockets_without_result === 0 && c.sockets_with_wrong_final_balance === 0,
    },
  ];
}
