import { timingSafeEqual } from "node:crypto";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { notFound, unauthenticated } from "../lib/errors.ts";
import type { PlayerQueueLoad, PlayerQueueOutcome } from "../lib/player-queue.ts";
import type { ZodApp } from "../zod-app.ts";

/**
 * Prometheus metrics of one server process (prom-client), served at `/metrics`.
 *
 * Each app has its own registry (tests build many apps in one process). What is measured:
 *   - HTTP requests by method, route pattern and status, with their latency;
 *   - the database pool (open, idle, waiting clients) where there is one (real PostgreSQL);
 *   - bets accepted and refused by lottery type, draws settled, and the delay between a committed
 *     balance change and its delivery to a live socket (outbox lag);
 *   - open WebSockets, and those closed for a client's broken or oversized messages; and the Node process itself (event loop lag, heap, CPU);
 *   - slips sent to the general path instead of one database call, by reason.
 * docs/operations.md says how to read them.
 */
export interface Metrics {
  registry: Registry;
  /** One draw settled by this process. */
  drawSettled(): void;
  /** Seconds between a balance change's commit and its delivery to a live socket. */
  outboxLag(seconds: number): void;
  /** A WebSocket closed because its client broke the protocol (`reason`: the ws error code, e.g. too large). */
  wsRefused(reason: WsRefusal): void;
  /**
   * A slip judged by the general path instead of one call (bet_place), and why: bet_place's reason
   * (KEY_TAKEN, STALE_CONFIG…), a SQLSTATE it raised in its batch (55P03: a lock held elsewhere), or
   * a check the server made first (one_call_off, game, number, slip).
   */
  betGeneralPath(reason: string): void;
  /** A player's money call that could not start at once (lib/player-queue.ts): it waited, or was refused. */
  playerQueue(outcome: PlayerQueueOutcome): void;
  /** Sources read at scrape time. */
  sources: MetricSources;
}

/** Why a socket was closed for its client's fault: a message over the size limit, or any other broken frame. */
export type WsRefusal = "too_large" | "bad_frame";

export interface MetricSources {
  pool?: () => { total: number; idle: number; waiting: number } | undefined;
  websockets?: () => number;
  playerQueue?: () => PlayerQueueLoad & { players: number };
}

export interface MetricsOptions {
  /** "open" (demo), "token" (production with METRICS_TOKEN) or "off" (production without it: 404). */
  access: { kind: "open" } | { kind: "token"; token: string } | { kind: "off" };
}

const BET_ROUTE = /^\/api\/user\/betting(?:_(1d|3d|c2d|c1d))?$/;

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "shwe_process_" });
  const sources: MetricSources = {};

  const drawsSettled = new Counter({ name: "shwe_draws_settled_total", help: "Draws settled by this process.", registers: [registry] });
  const lag = new Histogram({
    name: "shwe_outbox_lag_seconds",
    help: "Delay between a committed balance change and its delivery to a live socket.",
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const betGeneralPath = new Counter({
    name: "shwe_bet_general_path_total",
    help: "Slips judged by the general path instead of one database call, by reason (bet_place's reason, a SQLSTATE, or the server's own check).",
    labelNames: ["reason"],
    registers: [registry],
  });
  const wsRefused = new Counter({
    name: "shwe_websocket_refused_total",
    help: "WebSockets closed because the client broke the protocol (too_large: a message over the size limit; bad_frame: any other).",
    labelNames: ["reason"],
    registers: [registry],
  });
  new Gauge({
    name: "shwe_db_pool_clients",
    help: "Database pool clients by state (real PostgreSQL only).",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const s = sources.pool?.();
      if (!s) return;
      this.set({ state: "total" }, s.total);
      this.set({ state: "idle" }, s.idle);
      this.set({ state: "waiting" }, s.waiting);
    },
  });
  const playerQueue = new Counter({
    name: "shwe_player_queue_total",
    help: "A player's money calls that could not start at once: queued (waited for their turn), full (refused: 429), timeout (waited too long: 503).",
    labelNames: ["outcome"],
    registers: [registry],
  });
  new Gauge({
    name: "shwe_player_queue_calls",
    help: "Players' money calls in the player queue now: running (holding their turn) or waiting.",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const s = sources.playerQueue?.();
      if (!s) return;
      this.set({ state: "running" }, s.running);
      this.set({ state: "waiting" }, s.waiting);
    },
  });
  new Gauge({
    name: "shwe_websockets_open",
    help: "Live WebSockets open on this process.",
    registers: [registry],
    collect() {
      this.set(sources.websockets?.() ?? 0);
    },
  });

  return {
    registry,
    sources,
    drawSettled: () => drawsSettled.inc(),
    outboxLag: (seconds) => lag.observe(Math.max(0, seconds)),
    wsRefused: (reason) => wsRefused.inc({ reason }),
    betGeneralPath: (reason) => betGeneralPath.inc({ reason }),
    playerQueue: (outcome) => playerQueue.inc({ outcome }),
  };
}

/** Request counting and the `/metrics` route. Registered before the feature routes. */
export function registerMetrics(app: ZodApp, metrics: Metrics, options: MetricsOptions): void {
  const requests = new Counter({
    name: "shwe_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status.",
    labelNames: ["method", "route", "status"],
    registers: [metrics.registry],
  });
  const latency = new Histogram({
    name: "shwe_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route pattern and status class.",
    labelNames: ["method", "route", "status_class"],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [metrics.registry],
  });
  const bets = new Counter({
    name: "shwe_bets_total",
    help: "Bet slips by lottery type and outcome (accepted, refused, failed).",
    labelNames: ["type", "outcome"],
    registers: [metrics.registry],
  });

  app.addHook("onResponse", async (request, reply) => {
    // The route pattern, never the raw URL: ids and queries would make the label set unbounded.
    const route = request.routeOptions.url ?? "unmatched";
    if (route === "/metrics") return;
    const status = reply.statusCode;
    requests.inc({ method: request.method, route, status: String(status) });
    latency.observe({ method: request.method, route, status_class: `${Math.floor(status / 100)}xx` }, reply.elapsedTime / 1000);
    const bet = request.method === "POST" ? BET_ROUTE.exec(route) : null;
    if (bet) {
      const type = (bet[1] ?? "2d").toUpperCase();
      bets.inc({ type, outcome: status < 300 ? "accepted" : status < 500 ? "refused" : "failed" });
    }
  });

  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    const access = options.access;
    if (access.kind === "off") throw notFound();
    if (access.kind === "token" && !tokenMatches(request.headers.authorization, access.token)) {
      void reply.header("www-authenticate", 'Bearer realm="metrics"');
      throw unauthenticated("A metrics token is required.");
    }
    const text = await metrics.registry.metrics();
    return reply.header("content-type", metrics.registry.contentType).header("cache-control", "no-store").send(text);
  });
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(header ?? "")?.[1];
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
