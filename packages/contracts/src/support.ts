import { z } from "zod";
import { phoneInputSchema } from "./accounts.ts";
import { text } from "./common.ts";
import { pushLanguageSchema } from "./push.ts";

// ---- Support chat: a player (or a visitor with a phone number) and the operators ----------------

/** The longest text of one message. */
export const SUPPORT_TEXT_MAX = 1000;
/** The header a visitor's calls carry their conversation token in. */
export const SUPPORT_TOKEN_HEADER = "x-support-token";
/** A typing notice is shown this long after the last one. */
export const SUPPORT_TYPING_SHOWN_MS = 5_000;

/** The socket topic of the operators' console (wallet.ts WS_TOPICS): every change of any conversation. */
export const SUPPORT_INBOX_TOPIC = "support:inbox";
/** What changed: a message, typing, a read mark, the assignment, the status; `resync`: anything may have (read everything again). */
export type SupportInboxChange = "message" | "typing" | "read" | "assign" | "status" | "resync";
/** To the console sockets watching SUPPORT_INBOX_TOPIC (conversation_id null with `resync`). */
export type WsSupportInboxMessage = {
  type: "support_inbox";
  conversation_id: number | null;
  change: SupportInboxChange;
};

const id = z.number().int().min(1);

export const supportMessageSchema = z.object({
  id,
  sender: z.enum(["player", "staff"]),
  /** The operator's name for staff messages (null for the player's). */
  operator_name: z.string().nullable(),
  /** Plain text: always shown as text, never as HTML. */
  body: z.string(),
  /** The address of the attached image (a re-encoded JPEG), or null. */
  image_url: z.string().nullable(),
  created_at: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportConversationSchema = z.object({
  id,
  status: z.enum(["open", "closed"]),
  /** The newest staff message the player has read (0: none), and the newest player message staff read. */
  player_read_id: z.number().int().min(0),
  staff_read_id: z.number().int().min(0),
});
export type SupportConversation = z.infer<typeof supportConversationSchema>;

/** GET /api/support/conversation: the caller's conversation (null before the first message) and its messages, oldest first. */
export const supportThreadSchema = z.object({
  conversation: supportConversationSchema.nullable(),
  messages: z.array(supportMessageSchema),
  /** Staff messages the player has not read. */
  unread: z.number().int().min(0),
});
export type SupportThread = z.infer<typeof supportThreadSchema>;

/** POST /api/support/visitor: a visitor gives a phone number and gets a conversation token. */
export const supportVisitorBodySchema = z.strictObject({ phone: phoneInputSchema });
export const supportVisitorResponseSchema = z.object({ token: z.string(), conversation: supportConversationSchema });

export const supportTextSchema = text()
  .trim()
  .min(1, "must not be empty")
  .max(SUPPORT_TEXT_MAX, `must be at most ${SUPPORT_TEXT_MAX} characters`);
/** POST /api/support/messages and POST /api/admin/support/conversations/:id/messages. */
export const supportSendBodySchema = z.strictObject({ text: supportTextSchema });
export type SupportSendBody = z.infer<typeof supportSendBodySchema>;
/** POST /api/support/read: the player read the staff messages up to this id. */
export const supportReadBodySchema = z.strictObject({ up_to: z.number().int().min(0) });

// ---- Console ----------------------------------------------------------------------------------

export const supportTabSchema = z.enum(["open", "mine", "closed"]);
export type SupportTab = z.infer<typeof supportTabSchema>;
export const supportInboxQuerySchema = z.strictObject({ tab: supportTabSchema.default("open") });

export const adminSupportConversationSchema = supportConversationSchema.extend({
  user_id: z.number().int().nullable(),
  /** The player's phone, or the phone a visitor gave. */
  phone: z.string(),
  name: z.string().nullable(),
  assignee_id: z.number().int().nullable(),
  assignee_name: z.string().nullable(),
  last_message_at: z.string(),
  last_text: z.string(),
  /** Player messages staff has not read. */
  unread: z.number().int().min(0),
  /** The player typed within the last seconds. */
  player_typing: z.boolean(),
});
export type AdminSupportConversation = z.infer<typeof adminSupportConversationSchema>;
export const adminSupportInboxSchema = z.object({ data: z.array(adminSupportConversationSchema) });
export const adminSupportThreadSchema = z.object({
  conversation: adminSupportConversationSchema,
  messages: z.array(supportMessageSchema),
});
export type AdminSupportThread = z.infer<typeof adminSupportThreadSchema>;

/** POST /api/admin/support/conversations/:id/assign: to an operator (null: back to everyone). */
export const supportAssignBodySchema = z.strictObject({ operator_id: id.nullable() });

/** What the console shows beside a player's conversation (null for a visitor). */
export const supportPlayerContextSchema = z.object({
  balances: z
    .object({ balance: z.number().int(), game_balance: z.number().int(), p_balance: z.number().int(), point: z.number().int() })
    .nullable(),
  cash_requests: z.array(
    z.object({ id, kind: z.enum(["in", "out"]), amount: z.number().int(), status: z.string(), created_at: z.string() }),
  ),
  slips: z.array(z.object({ id, lottery: z.string(), total: z.number().int(), win_total: z.number().int(), created_at: z.string() })),
});
export type SupportPlayerContext = z.infer<typeof supportPlayerContextSchema>;

export const supportCannedSchema = z.object({ id, language: pushLanguageSchema, title: z.string(), body: z.string() });
export type SupportCanned = z.infer<typeof supportCannedSchema>;
export const supportCannedListSchema = z.object({ data: z.array(supportCannedSchema) });
export const supportCannedBodySchema = z.strictObject({
  language: pushLanguageSchema,
  title: text().trim().min(1).max(60),
  body: supportTextSchema,
});
export type SupportCannedBody = z.infer<typeof supportCannedBodySchema>;

/** GET /api/admin/support/stats: the dashboard's figures. */
export const supportStatsSchema = z.object({
  open: z.number().int().min(0),
  /** Open conversations whose last message is the player's (waiting for an answer). */
  waiting: z.number().int().min(0),
  /** Median seconds from a player's first waiting message to the first answer, last 7 days (null: none). */
  median_first_answer_seconds: z.number().nullable(),
});
export type SupportStats = z.infer<typeof supportStatsSchema>;

export const supportOperatorsSchema = z.object({ data: z.array(z.object({ id, name: z.string() })) });
