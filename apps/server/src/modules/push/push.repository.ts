import type { LotteryType, PushLanguage } from "@shwe/contracts";
import { and, eq, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { pushDeliveries, pushSubscriptions } from "../../db/schema/index.ts";

/** Browsers one player may have subscribed at once; the oldest beyond this are forgotten. */
export const MAX_SUBSCRIPTIONS_PER_PLAYER = 10;
/** Events older than this when first seen are stale news: marked handled without a notification. */
const FRESH_FOR = sql`interval '1 hour'`;

export interface NewSubscription {
  userId: number;
  tokenId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: PushLanguage;
}

/**
 * Saves a browser's subscription for the signed-in session. An endpoint another player had (a shared
 * phone) is taken over: its waiting notifications are dropped with it, never shown to the new player.
 */
export async function saveSubscription(tx: Executor, s: NewSubscription): Promise<void> {
  await tx.execute(sql`delete from push_subscriptions where endpoint = ${s.endpoint} and user_id <> ${s.userId}`);
  await tx
    .insert(pushSubscriptions)
    .values(s)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { tokenId: s.tokenId, p256dh: s.p256dh, auth: s.auth, language: s.language, failures: 0 },
    });
  await tx.execute(sql`
    delete from push_subscriptions where user_id = ${s.userId} and id not in (
      select id from push_subscriptions where user_id = ${s.userId} order by id desc limit ${MAX_SUBSCRIPTIONS_PER_PLAYER})`);
}

/** Forgets one of the player's browsers; answers whether it was there. */
export async function deleteSubscription(db: Executor, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function hasSubscription(db: Executor, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return rows.length > 0;
}

/** Subscriptions whose session was signed out or expired: deleted (up to `batch`), answers how many. */
export async function deleteSignedOutSubscriptions(db: Executor, batch: number): Promise<number> {
  const res = await db.execute(sql`
    delete from push_subscriptions where id in (
      select s.id from push_subscriptions s join auth_tokens t on t.id = s.token_id
       where t.revoked_at is not null or t.expires_at <= now()
       limit ${batch} for update of s skip locked)
    returning id`);
  return rowsOf(res).length;
}

/** A live subscription (its session still signed in) of a player who has something to hear about. */
export interface Recipient {
  subscriptionId: number;
  userId: number;
  language: PushLanguage;
}

const LIVE_SUBSCRIPTIONS = sql`
  push_subscriptions s join auth_tokens t on t.id = s.token_id and t.revoked_at is null and t.expires_at > now()`;

export interface CashDecisionEvent {
  userId: number;
  fresh: boolean;
  payload: { id?: unknown; kind?: unknown; status?: unknown; amount?: unknown };
}

/**
 * Claims up to `batch` cash decisions not yet handled (rows other servers hold are skipped) and
 * marks them handled, in the caller's transaction: they are turned into deliveries exactly once.
 */
export async function claimCashDecisions(tx: Executor, batch: number): Promise<CashDecisionEvent[]> {
  const res = await tx.execute(sql`
    update outbox o set delivered_at = now()
     where o.id in (
       select id from outbox where topic = 'cash_request' and delivered_at is null
        order by id limit ${batch} for update skip locked)
    returning o.user_id, o.payload, o.created_at > now() - ${FRESH_FOR} as fresh`);
  return rowsOf<{ user_id: number | string; payload: CashDecisionEvent["payload"]; fresh: boolean }>(res).map((r) => ({
    userId: Number(r.user_id),
    payload: r.payload,
    fresh: r.fresh,
  }));
}

export async function recipientsOf(tx: Executor, userIds: number[]): Promise<Recipient[]> {
  if (userIds.length === 0) return [];
  const res = await tx.execute(sql`
    select s.id, s.user_id, s.language from ${LIVE_SUBSCRIPTIONS}
     where s.user_id in (${sql.join(
       userIds.map((id) => sql`${id}`),
       sql`, `,
     )})`);
  return rowsOf<{ id: number | string; user_id: number | string; language: PushLanguage }>(res).map((r) => ({
    subscriptionId: Number(r.id),
    userId: Number(r.user_id),
    language: r.language,
  }));
}

export interface DrawOutcome extends Recipient {
  drawId: number;
  lottery: LotteryType;
  number: string;
  /** What the player's winning lines of the draw paid (0: none won). */
  won: number;
}

/**
 * Claims up to `batch` draws settled within the last hour and not yet announced (the announcement
 * row's primary key makes it once, whichever server gets there first; the other waits, then skips),
 * and answers, for each live subscription of each player with a settled line in them, what they won.
 */
export async function claimSettledDraws(tx: Executor, batch: number): Promise<DrawOutcome[]> {
  const claimed = await tx.execute(sql`
    insert into push_draw_announcements (draw_id)
    select d.id from draws d
     where d.type in ('1D', '2D', '3D', 'C1D', 'C2D') and d.draw_at > now() - interval '1 day'
       and d.status = 'settled' and d.settled_at > now() - ${FRESH_FOR}
       and not exists (select 1 from push_draw_announcements a where a.draw_id = d.id)
     order by d.id limit ${batch}
    on conflict do nothing
    returning draw_id`);
  const drawIds = rowsOf<{ draw_id: number | string }>(claimed).map((r) => Number(r.draw_id));
  if (drawIds.length === 0) return [];
  const res = await tx.execute(sql`
    select b.draw_id, d.type, d.result, b.won, s.id, s.user_id, s.language
      from (select draw_id, user_id, coalesce(sum(win_amount) filter (where status = 'won'), 0)::bigint as won
              from bet_lines where draw_id in (${sql.join(
                drawIds.map((id) => sql`${id}`),
                sql`, `,
              )}) and status in ('won', 'lost')
             group by draw_id, user_id) b
      join draws d on d.id = b.draw_id
      join ${LIVE_SUBSCRIPTIONS} on s.user_id = b.user_id
     order by b.draw_id, s.id`);
  return rowsOf<{
    draw_id: number | string;
    type: LotteryType;
    result: string;
    won: number | string;
    id: number | string;
    user_id: number | string;
    language: PushLanguage;
  }>(res).map((r) => ({
    drawId: Number(r.draw_id),
    lottery: r.type,
    number: r.result,
    won: Number(r.won),
    subscriptionId: Number(r.id),
    userId: Number(r.user_id),
    language: r.language,
  }));
}

export interface NewDelivery {
  subscriptionId: number;
  topic: string;
  payload: unknown;
}

export async function insertDeliveries(tx: Executor, rows: NewDelivery[]): Promise<void> {
  if (rows.length > 0) await tx.insert(pushDeliveries).values(rows);
}

export interface DueDelivery {
  id: number;
  subscriptionId: number;
  topic: string;
  payload: unknown;
  attempts: number;
  ageSeconds: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Claims up to `batch` deliveries that are due (rows other servers hold are skipped): their attempt
 * is counted and they are leased for `leaseSeconds`, so a server that stops mid-send leaves them to
 * be tried again after the lease. Committed before anything is sent.
 */
export async function claimDueDeliveries(db: Executor, batch: number, leaseSeconds: number): Promise<DueDelivery[]> {
  const res = await db.execute(sql`
    update push_deliveries d
       set attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
      from push_subscriptions s
     where s.id = d.subscription_id and d.id in (
       select id from push_deliveries where next_attempt_at <= now()
        order by next_attempt_at, id limit ${batch} for update skip locked)
    returning d.id, d.subscription_id, d.topic, d.payload, d.attempts,
              extract(epoch from now() - d.created_at)::float8 as age, s.endpoint, s.p256dh, s.auth`);
  return rowsOf<{
    id: number | string;
    subscription_id: number | string;
    topic: string;
    payload: unknown;
    attempts: number;
    age: number;
    endpoint: string;
    p256dh: string;
    auth: string;
  }>(res).map((r) => ({
    id: Number(r.id),
    subscriptionId: Number(r.subscription_id),
    topic: r.topic,
    payload: r.payload,
    attempts: Number(r.attempts),
    ageSeconds: Number(r.age),
    endpoint: r.endpoint,
    p256dh: r.p256dh,
    auth: r.auth,
  }));
}

/** Sent: the delivery is done and the browser counts as working. */
export async function markSent(db: Executor, d: DueDelivery): Promise<void> {
  await db.delete(pushDeliveries).where(eq(pushDeliveries.id, d.id));
  await db.update(pushSubscriptions).set({ lastSuccessAt: sql`now()`, failures: 0 }).where(eq(pushSubscriptions.id, d.subscriptionId));
}

/** The push service says the browser is gone: the subscription (and whatever waits for it) is deleted. */
export async function deleteSubscriptionById(db: Executor, subscriptionId: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
}

/** Browsers that failed this many notifications in a row are forgotten. */
export const MAX_CONSECUTIVE_FAILURES = 20;

/** A failed attempt: tried again after `retryInSeconds`, or given up (null) and counted against the browser. */
export async function markFailed(db: Executor, d: DueDelivery, retryInSeconds: number | null): Promise<void> {
  if (retryInSeconds !== null) {
    await db
      .update(pushDeliveries)
      .set({ nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})` })
      .where(eq(pushDeliveries.id, d.id));
    await db.update(pushSubscriptions).set({ lastFailureAt: sql`now()` }).where(eq(pushSubscriptions.id, d.subscriptionId));
    return;
  }
  await db.delete(pushDeliveries).where(eq(pushDeliveries.id, d.id));
  await db
    .update(pushSubscriptions)
    .set({ lastFailureAt: sql`now()`, failures: sql`${pushSubscriptions.failures} + 1` })
    .where(eq(pushSubscriptions.id, d.subscriptionId));
  await db.execute(sql`delete from push_subscriptions where id = ${d.subscriptionId} and failures >= ${MAX_CONSECUTIVE_FAILURES}`);
}
