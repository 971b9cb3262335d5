import type { LotteryType, PushLanguage, PushSubscribeBody } from "@shwe/contracts";
import type { FastifyBaseLogger } from "fastify";
import webpush from "web-push";
import type { AppContext } from "../../app-context.ts";
import type { Db, Executor } from "../../db/client.ts";
import type { DatabaseOutageLog } from "../../lib/db-outage.ts";
import { invalidField } from "../../lib/validation.ts";
import {
  type CashDecisionEvent,
  claimCashDecisions,
  claimDueDeliveries,
  claimSettledDraws,
  type DueDelivery,
  deleteSignedOutSubscriptions,
  deleteSubscriptionById,
  insertDeliveries,
  markFailed,
  markSent,
  type NewDelivery,
  recipientsOf,
  saveSubscription,
} from "./push.repository.ts";
import { type PushEvent, renderPush } from "./push-texts.ts";
import type { VapidKeys } from "./vapid.ts";

/** Hosts of the browsers' push services; production sends to nothing else (no request to an address a player chose). */
export const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "updates.push.services.mozilla.com",
  "push.services.mozilla.com",
  "web.push.apple.com",
  "notify.windows.com",
  "push.apple.com",
];

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * Whether the server may send to this endpoint. Production: https on a known push service (or a
 * subdomain of one). Demo: any https address, or http on this machine (a local push service).
 */
export function isAllowedEndpoint(endpoint: string, mode: "demo" | "production"): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (mode === "production") {
    return url.protocol === "https:" && PUSH_SERVICE_HOSTS.some((h) => url.hostname === h || url.hostname.endsWith(`.${h}`));
  }
  return url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK.has(url.hostname));
}

/** The browser's keys must be a P-256 point (65 bytes, uncompressed) and a 16-byte secret. */
function checkKeys(keys: PushSubscribeBody["keys"]): void {
  const p256dh = Buffer.from(keys.p256dh, "base64url");
  if (p256dh.length !== 65 || p256dh[0] !== 4) throw invalidField([{ field: "keys.p256dh", message: "must be a P-256 public key" }]);
  if (Buffer.from(keys.auth, "base64url").length !== 16) throw invalidField([{ field: "keys.auth", message: "must be 16 bytes" }]);
}

export async function subscribe(ctx: AppContext, user: { id: number; tokenId: number }, body: PushSubscribeBody): Promise<void> {
  if (!isAllowedEndpoint(body.endpoint, ctx.config.mode)) {
    throw invalidField([{ field: "endpoint", message: "is not a push service address" }]);
  }
  checkKeys(body.keys);
  await ctx.db.transaction((tx) =>
    saveSubscription(tx, {
      userId: user.id,
      tokenId: user.tokenId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      language: body.language,
    }),
  );
}

/** How long a push service keeps a notification for an offline browser, and how urgently it delivers it. */
const DELIVERY_OPTIONS: Record<PushEvent["kind"], { ttl: number; urgency: webpush.Urgency }> = {
  cash: { ttl: 24 * 3600, urgency: "high" },
  win: { ttl: 24 * 3600, urgency: "high" },
  result: { ttl: 3 * 3600, urgency: "normal" },
  support: { ttl: 24 * 3600, urgency: "high" },
};

/** Attempts per notification (network errors, 429 and 5xx are tried again), and the wait before each retry. */
export const MAX_ATTEMPTS = 5;
const RETRY_SECONDS = [10, 30, 120, 600];
/** A notification not sent within this long is dropped (it would arrive too late to matter). */
const GIVE_UP_AFTER_SECONDS = 6 * 3600;
const SEND_TIMEOUT_MS = 10_000;
const LEASE_SECONDS = 60;
const BATCH = 50;
/** Requests in flight at once per server. */
const SEND_CONCURRENCY = 10;

export interface PushTickReport {
  /** Deliveries created from cash decisions and settled draws. */
  queued: number;
  sent: number;
  /** Subscriptions deleted because the push service answered 404/410. */
  gone: number;
  retried: number;
  dropped: number;
}

function cashEvent(e: CashDecisionEvent): PushEvent | undefined {
  const { id, kind, status, amount } = e.payload;
  if ((kind !== "in" && kind !== "out") || (status !== "approved" && status !== "rejected") || typeof amount !== "number") return undefined;
  return { kind: "cash", direction: kind, status, amount, requestId: Number(id) };
}

function delivery(subscriptionId: number, event: PushEvent, language: PushLanguage): NewDelivery {
  return { subscriptionId, topic: event.kind, payload: renderPush(event, language) };
}

/** Turns committed cash decisions and settled draws into one delivery per live subscription, in one transaction each. */
export async function queueNotifications(db: Db): Promise<number> {
  let queued = 0;
  for (let round = 0; round < 20; round++) {
    const { claimed, rows } = await db.transaction(async (tx) => {
      const events = await claimCashDecisions(tx, BATCH);
      const fresh = events.filter((e) => e.fresh);
      const recipients = await recipientsOf(tx, [...new Set(fresh.map((e) => e.userId))]);
      const rows: NewDelivery[] = [];
      for (const e of fresh) {
        const event = cashEvent(e);
        if (!event) continue;
        for (const r of recipients) if (r.userId === e.userId) rows.push(delivery(r.subscriptionId, event, r.language));
      }
      await insertDeliveries(tx, rows);
      return { claimed: events.length, rows: rows.length };
    });
    queued += rows;
    if (claimed < BATCH) break;
  }
  for (let round = 0; round < 20; round++) {
    const rows = await db.transaction(async (tx) => {
      const outcomes = await claimSettledDraws(tx, 5);
      const rows = outcomes.map((o) => {
        const lottery: LotteryType = o.lottery;
        const event: PushEvent =
          o.won > 0
            ? { kind: "win", lottery, number: o.number, amount: o.won, drawId: o.drawId }
            : { kind: "result", lottery, number: o.number, drawId: o.drawId };
        return delivery(o.subscriptionId, event, o.language);
      });
      await insertDeliveries(tx, rows);
      return outcomes.length === 0 ? -1 : rows.length;
    });
    if (rows < 0) break;
    queued += rows;
  }
  return queued;
}

/**
 * An operator answered the player's support conversation: one notification per live subscription
 * of the player, written in the caller's transaction (sent by the worker after commit).
 */
export async function queueSupportReply(tx: Executor, userId: number, conversationId: number): Promise<number> {
  const recipients = await recipientsOf(tx, [userId]);
  const event: PushEvent = { kind: "support", conversationId };
  const rows = recipients.map((r) => delivery(r.subscriptionId, event, r.language));
  await insertDeliveries(tx, rows);
  return rows.length;
}

/** Sends one request to a push service; answers its HTTP status (throws on a network error or timeout). */
export type PushTransport = (request: { endpoint: string; headers: Record<string, string>; body: Buffer | null }) => Promise<number>;

export const fetchTransport: PushTransport = async ({ endpoint, headers, body }) => {
  const res = await fetch(endpoint, {
    method: "POST",
    headers,
    ...(body ? { body: new Uint8Array(body) } : {}),
    redirect: "error",
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  await res.body?.cancel();
  return res.status;
};

/** The endpoint's origin only: its path is the browser's secret address. */
const originOf = (endpoint: string) => {
  try {
    return new URL(endpoint).origin;
  } catch {
    return "invalid";
  }
};

async function sendOne(db: Db, vapid: VapidKeys, transport: PushTransport, log: FastifyBaseLogger, d: DueDelivery, report: PushTickReport) {
  const options = DELIVERY_OPTIONS[d.topic as PushEvent["kind"]] ?? DELIVERY_OPTIONS.result;
  const tag = (d.payload as { tag?: unknown }).tag;
  let status: number | undefined;
  let error: unknown;
  try {
    const request = webpush.generateRequestDetails(
      { endpoint: d.endpoint, keys: { p256dh: d.p256dh, auth: d.auth } },
      JSON.stringify(d.payload),
      {
        vapidDetails: vapid,
        TTL: options.ttl,
        urgency: options.urgency,
        ...(typeof tag === "string" && /^[A-Za-z0-9_-]{1,32}$/.test(tag) ? { topic: tag } : {}),
      },
    );
    status = await transport({ endpoint: request.endpoint, headers: request.headers as Record<string, string>, body: request.body });
  } catch (err) {
    error = err;
  }
  const where = { subscription_id: d.subscriptionId, push_service: originOf(d.endpoint), attempt: d.attempts };
  if (status !== undefined && status >= 200 && status < 300) {
    await markSent(db, d);
    report.sent++;
    return;
  }
  if (status === 404 || status === 410) {
    await deleteSubscriptionById(db, d.subscriptionId);
    log.info({ push: { ...where, status } }, "push subscription gone: deleted");
    report.gone++;
    return;
  }
  const transient = status === undefined || status === 429 || status >= 500;
  const retry = transient && d.attempts < MAX_ATTEMPTS && d.ageSeconds < GIVE_UP_AFTER_SECONDS;
  await markFailed(db, d, retry ? (RETRY_SECONDS[d.attempts - 1] ?? 600) : null);
  const reason = error instanceof Error ? error.name : undefined;
  log.warn(
    { push: { ...where, status: status ?? null, error: reason, retry } },
    retry ? "push failed: will retry" : "push failed: dropped",
  );
  if (retry) report.retried++;
  else report.dropped++;
}

export interface PushWorker {
  /** One round: queue what was committed since the last one, then send what is due. */
  tick(): Promise<PushTickReport>;
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

/**
 * Sends notifications after the changes they tell of were committed, never inside a money
 * transaction nor in a request: every server runs this worker, and claimed rows are skipped by the
 * others (FOR UPDATE SKIP LOCKED), so each notification goes out once.
 */
export function createPushWorker(
  db: Db,
  vapid: VapidKeys,
  log: FastifyBaseLogger,
  transport: PushTransport = fetchTransport,
  outage?: DatabaseOutageLog,
): PushWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<PushTickReport> | undefined;
  const round = async (): Promise<PushTickReport> => {
    const report: PushTickReport = { queued: 0, sent: 0, gone: 0, retried: 0, dropped: 0 };
    await deleteSignedOutSubscriptions(db, 200);
    report.queued = await queueNotifications(db);
    for (let i = 0; i < 20; i++) {
      const due = await claimDueDeliveries(db, BATCH, LEASE_SECONDS);
      for (let k = 0; k < due.length; k += SEND_CONCURRENCY) {
        await Promise.all(due.slice(k, k + SEND_CONCURRENCY).map((d) => sendOne(db, vapid, transport, log, d, report)));
      }
      if (due.length < BATCH) break;
    }
    return report;
  };
  const tick = () => {
    running ??= round().finally(() => {
      running = undefined;
    });
    return running;
  };
  return {
    tick,
    start(intervalMs) {
      if (timer) return;
      // A round that fails because the database is away is told once per outage (lib/db-outage.ts).
      const round = () =>
        outage ? outage.round("push", tick, "push round failed") : tick().catch((err: unknown) => log.error({ err }, "push round failed"));
      timer = setInterval(() => void round(), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
