import { z } from "zod";
import { phoneInputSchema } from "./accounts.ts";
import { text } from "./common.ts";
import { wsResultMessageSchema } from "./lottery.ts";
import { localizedTextBodySchema, translationsSchema } from "./texts.ts";

// ---- Live events on the socket (GET /api/ws) -----------------------------------------------------

/** How long the ticker shows one chat message (site-spec: 20 s each, queued). */
export const CHAT_SHOWN_FOR_MS = 20_000;
export const CHAT_TEXT_MAX = 280;
export const BROADCAST_TITLE_MAX = 80;
export const BROADCAST_BODY_MAX = 1000;

const eventId = z.number().int().min(1);

/**
 * A chat ticker message from an operator, shown `shown_for_ms` after the messages before it. `text` is
 * Burmese; `translations` the other languages written (the page shows its own, else Burmese).
 */
export const wsChatMessageSchema = z.object({
  type: z.literal("chat"),
  event_id: eventId,
  text: z.string(),
  translations: translationsSchema.optional(),
  shown_for_ms: z.number().int().min(1),
});
/**
 * The marquee text changed (or, after a resume, the current text; event_id 0 when it never changed live).
 * `text` is Burmese; `translations` the other languages written (the page picks its own, else Burmese).
 */
export const wsMarqueeMessageSchema = z.object({
  type: z.literal("marquee"),
  event_id: z.number().int().min(0),
  text: z.string(),
  translations: translationsSchema.optional(),
});
/** An operator announcement to everyone, or to one player. */
export const wsBroadcastMessageSchema = z.object({
  type: z.literal("broadcast"),
  event_id: eventId,
  /** Burmese; the other languages written are in `title_translations` / `body_translations` (else Burmese). */
  title: z.string(),
  body: z.string(),
  title_translations: translationsSchema.optional(),
  body_translations: translationsSchema.optional(),
  /** True when sent to this player only. */
  personal: z.boolean(),
});
/** A draw was resulted (lottery.ts), with its live event id. */
export const wsLiveResultMessageSchema = wsResultMessageSchema.extend({ event_id: eventId });
/**
 * The end of a resume's replay: `last_event_id` is the newest event this socket may see. With `more`,
 * the replay was one full page and `last_event_id` the last event it read: the socket asks for the
 * next page with `{type: "resume", after: last_event_id}` until a `caught_up` without `more`.
 */
export const wsCaughtUpMessageSchema = z.object({
  type: z.literal("caught_up"),
  last_event_id: z.number().int().min(0),
  more: z.literal(true).optional(),
});

export const wsLiveMessageSchema = z.discriminatedUnion("type", [
  wsChatMessageSchema,
  wsMarqueeMessageSchema,
  wsBroadcastMessageSchema,
  wsLiveResultMessageSchema,
  wsCaughtUpMessageSchema,
]);

// ---- Operator console --------------------------------------------------------------------------

/**
 * POST /api/admin/live/chat: a ticker message to every open page. `text` is Burmese and required
 * (422 BURMESE_TEXT_REQUIRED); English, Chinese and Thai in `translations` are optional.
 */
export const liveChatBodySchema = z.strictObject({
  text: text().trim().max(CHAT_TEXT_MAX),
  translations: localizedTextBodySchema(CHAT_TEXT_MAX).omit({ mm: true }).optional(),
});
/**
 * POST /api/admin/live/broadcast: to everyone (no phone) or to one player (their phone). `title` and
 * `body` are Burmese and required (422 BURMESE_TEXT_REQUIRED); English, Chinese and Thai are optional.
 */
export const liveBroadcastBodySchema = z.strictObject({
  title: text().trim().max(BROADCAST_TITLE_MAX),
  body: text().trim().max(BROADCAST_BODY_MAX),
  title_translations: localizedTextBodySchema(BROADCAST_TITLE_MAX).omit({ mm: true }).optional(),
  body_translations: localizedTextBodySchema(BROADCAST_BODY_MAX).omit({ mm: true }).optional(),
  phone: phoneInputSchema.optional(),
});
export const liveSentSchema = z.object({ event_id: eventId });
/** GET /api/admin/live/connections: open sockets now, over every server process. */
export const liveConnectionsSchema = z.object({
  sockets: z.number().int().min(0),
  players: z.number().int().min(0),
  visitors: z.number().int().min(0),
  instances: z.number().int().min(0),
});

export type WsChatMessage = z.infer<typeof wsChatMessageSchema>;
export type WsMarqueeMessage = z.infer<typeof wsMarqueeMessageSchema>;
export type WsBroadcastMessage = z.infer<typeof wsBroadcastMessageSchema>;
export type WsLiveMessage = z.infer<typeof wsLiveMessageSchema>;
export type LiveChatBody = z.infer<typeof liveChatBodySchema>;
export type LiveBroadcastBody = z.infer<typeof liveBroadcastBodySchema>;
export type LiveConnections = z.infer<typeof liveConnectionsSchema>;
