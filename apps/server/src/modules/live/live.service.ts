import {
  CHAT_SHOWN_FOR_MS,
  type LiveBroadcastBody,
  type LiveChatBody,
  type LiveConnections,
  type Translations,
  type WsLiveMessage,
} from "@shwe/contracts";
import { normalizePhone } from "@shwe/domain";
import type { AppContext } from "../../app-context.ts";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { findUserByPhone } from "../accounts/users.repository.ts";
import { type Actor, recordAudit } from "../content/audit.service.ts";
import { HEADER_PLAY_TEXT, readSetting } from "../content/settings.service.ts";
import { requireBurmese, translationsFromBody } from "../content/texts.service.ts";
import {
  insertLiveEvent,
  isPlayerPresent,
  type LiveEventRow,
  selectHeadId,
  selectLastMarqueeId,
  selectLiveChats,
  selectReplay,
  sumPresence,
} from "./live.repository.ts";

/** A process that has not reported its sockets for this long no longer counts. */
export const PRESENCE_FRESH_SECONDS = 30;
/** At most this many events are replayed to one socket at a time (one page; the socket asks for the next). */
export const REPLAY_LIMIT = 200;

/**
 * Publishes a live event from inside a transaction: stored (for sockets that reconnect) and
 * announced at commit to every server process, dropped on rollback. `userId` null: everyone,
 * visitors included. `message.type` is the kind (`result`, `chat`, `broadcast` …).
 */
export async function publishLiveEvent(tx: Executor, userId: number | null, message: Record<string, unknown>): Promise<number> {
  const { type, ...payload } = message;
  if (typeof type !== "string") throw new Error("live event without a type");
  return insertLiveEvent(tx, userId, type, payload);
}

/** The socket message of a stored event (a chat's sending time stays on the server). */
export function liveMessageOf(row: LiveEventRow): Record<string, unknown> {
  const { sent_at: _sentAt, ...payload } = row.payload;
  const message: Record<string, unknown> = { ...payload, type: row.kind, event_id: row.id };
  if (row.kind === "broadcast") message.personal = row.userId !== null;
  return message;
}

/**
 * A replayed chat message with the part of its showing time still to run, or null once it has had
 * its time (a page opened minutes later must not show it again). Messages stored without their
 * sending time are from before it was kept and have long had theirs.
 */
function runningChat(row: LiveEventRow, now: number): Record<string, unknown> | null {
  const sentAt = typeof row.payload.sent_at === "string" ? Date.parse(row.payload.sent_at) : Number.NaN;
  const shownFor = typeof row.payload.shown_for_ms === "number" ? row.payload.shown_for_ms : CHAT_SHOWN_FOR_MS;
  if (Number.isNaN(sentAt)) return null;
  const left = sentAt + shownFor - now;
  if (left <= 0) return null;
  return { ...liveMessageOf(row), shown_for_ms: Math.min(shownFor, left) };
}

/**
 * A ticker message to every open page, shown 20 s; audited. Burmese (required) and the other languages
 * written; each page shows its own, also when it replays a message still running.
 */
export async function postChat(ctx: AppContext, actor: Actor, body: LiveChatBody): Promise<number> {
  const text = requireBurmese(body.text, "text");
  // Only the languages written travel with it (a Burmese-only message looks as it always did).
  const written = translationsFromBody(body.translations);
  const translations = Object.keys(written).length > 0 ? { translations: written } : {};
  return ctx.db.transaction(async (tx) => {
    const id = await publishLiveEvent(tx, null, {
      type: "chat",
      text,
      ...translations,
      shown_for_ms: CHAT_SHOWN_FOR_MS,
      sent_at: ctx.clock.now().toISOString(),
    });
    await recordAudit(tx, actor, "live.chat", { type: "live_event", id }, null, { text, ...translations });
    return id;
  });
}

/**
 * An announcement to everyone, or to the player with this phone (404 when there is none); audited.
 * Title and body in Burmese (required) and in the other languages written; each page shows its own.
 */
export async function postBroadcast(ctx: AppContext, actor: Actor, body: LiveBroadcastBody): Promise<number> {
  const title = requireBurmese(body.title, "title");
  const text = requireBurmese(body.body, "body");
  // Only the languages written travel with it (a Burmese-only broadcast looks as it always did).
  const translations: Record<string, Translations> = {};
  const titles = translationsFromBody(body.title_translations);
  const bodies = translationsFromBody(body.body_translations);
  if (Object.keys(titles).length > 0) translations.title_translations = titles;
  if (Object.keys(bodies).length > 0) translations.body_translations = bodies;
  let userId: number | null = null;
  if (body.phone !== undefined) {
    const phone = normalizePhone(body.phone);
    const user = phone ? await findUserByPhone(ctx.db, phone) : undefined;
    if (user?.role !== "player") throw new AppError(404, "PLAYER_NOT_FOUND", "No player has this phone number.");
    userId = user.id;
  }
  return ctx.db.transaction(async (tx) => {
    const id = await publishLiveEvent(tx, userId, { type: "broadcast", title, body: text, ...translations });
    await recordAudit(tx, actor, "live.broadcast", { type: "live_event", id }, null, {
      title,
      body: text,
      ...translations,
      user_id: userId,
    });
    return id;
  });
}

/** Open sockets over every server process (each reports every few seconds). */
export async function connections(ctx: AppContext): Promise<LiveConnections> {
  return sumPresence(ctx.db, PRESENCE_FRESH_SECONDS);
}

/** One page of a socket's replay (see replayFor). */
export interface ReplayPage {
  messages: Record<string, unknown>[];
  /** Where the socket stands once it has these messages: the `caught_up` message's `last_event_id`. */
  head: number;
  /** The page was full: more events follow `head`, to be asked for with `resume` after it. */
  more: boolean;
}

/**
 * What a socket is sent when it asks to resume: with `after`, every event since then it may still
 * use (results of the last hours, chat messages still running, broadcasts of the last day); without,
 * only the chat messages still running. A chat message runs 20 s from its sending: it is replayed with
 * the time it has left, and not at all once that is over. At most REPLAY_LIMIT events are read at a
 * time: a full page answers `more` and, as its head, the last event it read (never an event beyond
 * it, so nothing after the page is taken as seen); the socket then asks again after that head, and
 * that request (`continued`: the socket's route remembers where its page ended) reads strictly later
 * ids, without the first page's 5 s look-back, so pages never repeat or step back. The last page
 * ends with the current marquee and the newest event id.
 */
export async function replayFor(ctx: AppContext, userId: number | null, after: number | undefined, continued = false): Promise<ReplayPage> {
  const head = await selectHeadId(ctx.db);
  const rows =
    after === undefined ? await selectLiveChats(ctx.db, 20) : await selectReplay(ctx.db, after, userId, REPLAY_LIMIT, !continued);
  const now = ctx.clock.now().getTime();
  const messages = rows
    .filter((r) => r.kind !== "marquee")
    .map((r) => (r.kind === "chat" ? runningChat(r, now) : liveMessageOf(r)))
    .filter((m): m is Record<string, unknown> => m !== null);
  const lastRead = rows.at(-1)?.id;
  if (after !== undefined && rows.length >= REPLAY_LIMIT && lastRead !== undefined) {
    return { messages, head: lastRead, more: true };
  }
  const [texts, marqueeId] = await Promise.all([readSetting(ctx.db, HEADER_PLAY_TEXT), selectLastMarqueeId(ctx.db)]);
  const { mm, ...translations } = texts;
  messages.push({ type: "marquee", event_id: marqueeId, text: mm, translations } satisfies WsLiveMessage);
  const last = Math.max(head, ...rows.map((r) => r.id));
  return { messages, head: last, more: false };
}

/** Whether the player has a page open now (a socket on any server process). */
export async function isPlayerOnline(ctx: AppContext, userId: number): Promise<boolean> {
  return isPlayerPresent(ctx.db, userId, PRESENCE_FRESH_SECONDS);
}
