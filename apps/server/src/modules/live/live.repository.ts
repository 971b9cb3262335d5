import { sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";

/** One stored live event. `userId` null: everyone, visitors included. */
export interface LiveEventRow {
  id: number;
  userId: number | null;
  kind: string;
  payload: Record<string, unknown>;
}

/** How long each kind of event is worth replaying to a socket that reconnects. */
const KEEP: Record<string, string> = {
  result: "12 hours",
  chat: "10 minutes",
  broadcast: "24 hours",
};
const KEEP_OTHER = "1 hour";

/**
 * Stores a live event inside the caller's transaction; the SQL function announces its id on the
 * `live_event` channel at commit (nothing on rollback). Answers the event id.
 */
export async function insertLiveEvent(
  tx: Executor,
  userId: number | null,
  kind: string,
  payload: Record<string, unknown>,
): Promise<number> {
  const keep = KEEP[kind] ?? KEEP_OTHER;
  const rows = rowsOf<{ id: number | string }>(
    await tx.execute(
      sql`select live_event_publish(${userId}::bigint, ${kind}, ${JSON.stringify(payload)}::jsonb, ${keep}::interval) as id`,
    ),
  );
  return Number(rows[0]?.id);
}

type RawRow = { id: number | string; user_id: number | string | null; kind: string; payload: Record<string, unknown> | string };
const toRow = (r: RawRow): LiveEventRow => ({
  id: Number(r.id),
  userId: r.user_id === null ? null : Number(r.user_id),
  kind: r.kind,
  payload: typeof r.payload === "string" ? (JSON.parse(r.payload) as Record<string, unknown>) : r.payload,
});

/** The events with these ids, oldest first. */
export async function selectEventsByIds(db: Executor, ids: readonly number[]): Promise<LiveEventRow[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const res = await db.execute(sql`select id, user_id, kind, payload from live_events where id in (${list}) order by id`);
  return rowsOf<RawRow>(res).map(toRow);
}

/** Events after `after` (up to `limit`), made in the last minutes: what a listener that lost its connection missed. */
export async function selectRecentEventsAfter(db: Executor, after: number, limit: number): Promise<LiveEventRow[]> {
  const res = await db.execute(sql`
    select id, user_id, kind, payload from live_events
    where id > ${after} and created_at > now() - interval '5 minutes'
    order by id limit ${limit}`);
  return rowsOf<RawRow>(res).map(toRow);
}

/**
 * What a socket missed since event `after` and may still use: the player's own and everyone's
 * events not yet expired, oldest first. Ids are handed out before commit, so an event committed
 * just after a later one may carry a smaller id: with `lookBack`, events made up to 5 s before event
 * `after` are included too (the client drops the ones it has already seen). Without it, strictly the
 * events after `after`: the next page of a replay, which must never step back over what it sent.
 */
export async function selectReplay(
  db: Executor,
  after: number,
  userId: number | null,
  limit: number,
  lookBack: boolean,
): Promise<LiveEventRow[]> {
  const since = lookBack
    ? sql`(id > ${after} or created_at > (select created_at - interval '5 seconds' from live_events where id = ${after}))`
    : sql`id > ${after}`;
  const res = await db.execute(sql`
    select id, user_id, kind, payload from live_events
    where expires_at > now()
      and (user_id is null or user_id = ${userId ?? 0})
      and ${since}
    order by id limit ${limit}`);
  return rowsOf<RawRow>(res).map(toRow);
}

/** Chat messages still worth showing (a fresh page's ticker), oldest first. */
export async function selectLiveChats(db: Executor, limit: number): Promise<LiveEventRow[]> {
  const res = await db.execute(sql`
    select id, user_id, kind, payload from live_events
    where kind = 'chat' and user_id is null and expires_at > now()
    order by id desc limit ${limit}`);
  return rowsOf<RawRow>(res).map(toRow).reverse();
}

/** The newest event id (0 when none). */
export async function selectHeadId(db: Executor): Promise<number> {
  const res = await db.execute(sql`select coalesce(max(id), 0) as id from live_events`);
  return Number(rowsOf<{ id: number | string }>(res)[0]?.id ?? 0);
}

/** The id of the newest marquee change (0 when none). */
export async function selectLastMarqueeId(db: Executor): Promise<number> {
  const res = await db.execute(sql`select coalesce(max(id), 0) as id from live_events where kind = 'marquee'`);
  return Number(rowsOf<{ id: number | string }>(res)[0]?.id ?? 0);
}

/** Events long past their use (a day after they expired). */
export async function pruneLiveEvents(db: Executor): Promise<void> {
  await db.execute(sql`delete from live_events where expires_at < now() - interval '1 day'`);
  await db.execute(sql`delete from live_presence where updated_at < now() - interval '1 hour'`);
}

export interface Presence {
  sockets: number;
  visitors: number;
  playerIds: readonly number[];
}

export async function upsertPresence(db: Executor, instanceId: string, p: Presence): Promise<void> {
  const ids = `{${p.playerIds.join(",")}}`;
  await db.execute(sql`
    insert into live_presence (instance_id, sockets, players, visitors, player_ids, updated_at)
    values (${instanceId}, ${p.sockets}, ${p.playerIds.length}, ${p.visitors}, ${ids}::bigint[], now())
    on conflict (instance_id) do update set sockets = excluded.sockets, players = excluded.players,
      visitors = excluded.visitors, player_ids = excluded.player_ids, updated_at = now()`);
}

export async function deletePresence(db: Executor, instanceId: string): Promise<void> {
  await db.execute(sql`delete from live_presence where instance_id = ${instanceId}`);
}

/** Sockets, distinct players and visitors over the processes that reported within `freshSeconds`. */
export async function sumPresence(
  db: Executor,
  freshSeconds: number,
): Promise<{ sockets: number; players: number; visitors: number; instances: number }> {
  const res = await db.execute(sql`
    with fresh as (select * from live_presence where updated_at > now() - make_interval(secs => ${freshSeconds}::float8))
    select (select coalesce(sum(sockets), 0) from fresh) as sockets,
           (select count(distinct p) from fresh, unnest(player_ids) as p) as players,
           (select coalesce(sum(visitors), 0) from fresh) as visitors,
           (select count(*) from fresh) as instances`);
  const r = rowsOf<Record<string, number | string>>(res)[0] ?? {};
  return {
    sockets: Number(r.sockets ?? 0),
    players: Number(r.players ?? 0),
    visitors: Number(r.visitors ?? 0),
    instances: Number(r.instances ?? 0),
  };
}

/** Whether the player has an open socket on a process that reported within `freshSeconds`. */
export async function isPlayerPresent(db: Executor, userId: number, freshSeconds: number): Promise<boolean> {
  const res = await db.execute(sql`
    select exists (select 1 from live_presence
      where updated_at > now() - make_interval(secs => ${freshSeconds}::float8) and ${userId}::bigint = any(player_ids)) as present`);
  return rowsOf<{ present: boolean }>(res)[0]?.present === true;
}
