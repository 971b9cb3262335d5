import type {
  AdminSupportConversation,
  AdminSupportThread,
  LotteryType,
  SupportCanned,
  SupportCannedBody,
  SupportConversation,
  SupportInboxChange,
  SupportMessage,
  SupportPlayerContext,
  SupportStats,
  SupportTab,
  SupportThread,
  WsSupportInboxMessage,
} from "@shwe/contracts";
import { SUPPORT_TYPING_SHOWN_MS } from "@shwe/contracts";
import { normalizePhone } from "@shwe/domain";
import type { AppContext } from "../../app-context.ts";
import type { Executor } from "../../db/client.ts";
import { randomToken, sha256Hex } from "../../lib/crypto.ts";
import { notFound, refused } from "../../lib/errors.ts";
import { invalidField } from "../../lib/validation.ts";
import { readSupportImage, removeSupportImage, storeSupportImage } from "../accounts/lvl2.service.ts";
import { listCashRequestsForOperators } from "../cash/cash-review.service.ts";
import { type Actor, recordAudit } from "../content/audit.service.ts";
import { getPlayerBalances } from "../ledger/player-accounts.repository.ts";
import { isPlayerOnline, publishLiveEvent } from "../live/live.service.ts";
import { slipHistory } from "../lottery/public.service.ts";
import { listOperators } from "../operators/operators.service.ts";
import { queueSupportReply } from "../push/push.service.ts";
import {
  type ConversationRow,
  countCanned,
  deleteCanned,
  ensureUserConversation,
  findConversation,
  findConversationOfUser,
  findConversationOfVisitor,
  findMessage,
  insertCanned,
  insertMessage,
  insertVisitorConversation,
  lastMessageId,
  lockConversation,
  type MessageRow,
  markRead,
  notifySupportEvent,
  selectCanned,
  selectInbox,
  selectMessages,
  selectStats,
  setAssignee,
  setPlayerTyping,
  setStatus,
  touchAfterPlayerMessage,
  touchAfterStaffMessage,
  updateCanned,
} from "./support.repository.ts";

/** Who is writing on the player's side: a signed-in player, or a visitor by the token their browser keeps. */
export type SupportCaller = { kind: "player"; userId: number } | { kind: "visitor"; token: string };

/** The newest messages a thread shows. */
const THREAD_LIMIT = 200;
const INBOX_LIMIT = 100;
const STATS_DAYS = 7;

const noConversation = () => notFound("No such conversation.");

/** The address of a message's image: the player's own, or the console's. */
function imageUrl(m: MessageRow, side: "player" | "staff"): string | null {
  if (!m.imagePath) return null;
  return side === "staff" ? `/api/admin/support/images/${m.id}` : `/api/support/images/${m.id}`;
}

function messageOf(m: MessageRow, side: "player" | "staff"): SupportMessage {
  return {
    id: m.id,
    sender: m.sender,
    operator_name: m.sender === "staff" ? (m.operatorName ?? "") : null,
    body: m.body,
    image_url: imageUrl(m, side),
    created_at: m.createdAt.toISOString(),
  };
}

function conversationOf(c: ConversationRow): SupportConversation {
  return { id: c.id, status: c.status, player_read_id: c.playerReadId, staff_read_id: c.staffReadId };
}

function adminConversationOf(c: ConversationRow, now: Date): AdminSupportConversation {
  return {
    ...conversationOf(c),
    user_id: c.userId,
    phone: c.phone,
    name: c.name,
    assignee_id: c.assigneeId,
    assignee_name: c.assigneeName,
    last_message_at: c.lastMessageAt.toISOString(),
    last_text: c.lastText,
    unread: c.unreadByStaff,
    player_typing: c.playerTypingAt !== null && now.getTime() - c.playerTypingAt.getTime() < SUPPORT_TYPING_SHOWN_MS,
  };
}

async function callerConversation(db: Executor, caller: SupportCaller): Promise<ConversationRow | undefined> {
  return caller.kind === "player" ? findConversationOfUser(db, caller.userId) : findConversationOfVisitor(db, sha256Hex(caller.token));
}

/** The database channel support events travel on to every server process (realtime.routes.ts delivers them). */
export const SUPPORT_EVENT_CHANNEL = "support_event";

/**
 * A support event: to the operators' console sockets (topic support:inbox), or to the sockets of a
 * visitor's conversation (a player's own sockets get theirs as live events).
 */
export type SupportNotice =
  | { to: "staff"; message: WsSupportInboxMessage }
  | { to: "conversation"; conversation_id: number; message: Record<string, unknown> & { type: string } };

/** A notice as sent on SUPPORT_EVENT_CHANNEL, or undefined when it is not one. */
export function parseSupportNotice(payload: string): SupportNotice | undefined {
  let v: unknown;
  try {
    v = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof v !== "object" || v === null) return undefined;
  const n = v as { to?: unknown; conversation_id?: unknown; message?: unknown };
  const message = n.message as { type?: unknown } | undefined;
  if (typeof message !== "object" || message === null || typeof message.type !== "string") return undefined;
  if (n.to === "staff") return n as SupportNotice;
  if (n.to === "conversation" && Number.isSafeInteger(n.conversation_id)) return n as SupportNotice;
  return undefined;
}

/** Tells the operators' consoles that a conversation changed (they read it again). */
async function tellStaff(db: Executor, conversationId: number, change: SupportInboxChange): Promise<void> {
  const message: WsSupportInboxMessage = { type: "support_inbox", conversation_id: conversationId, change };
  await notifySupportEvent(db, JSON.stringify({ to: "staff", message } satisfies SupportNotice));
}

/**
 * A socket message for the other side of a conversation: a player's sockets get it as a live event
 * (kept for a socket that reconnects), a visitor's sockets (joined by token) on the support channel.
 */
async function tellPlayerSide(
  tx: Executor,
  c: { id: number; userId: number | null },
  message: Record<string, unknown> & { type: string },
): Promise<void> {
  if (c.userId !== null) await publishLiveEvent(tx, c.userId, message);
  else await notifySupportEvent(tx, JSON.stringify({ to: "conversation", conversation_id: c.id, message } satisfies SupportNotice));
}

/** The socket message of a new message, to the player's (or visitor's) sockets. */
async function announce(tx: Executor, c: { id: number; userId: number | null }, message: SupportMessage): Promise<void> {
  await tellPlayerSide(tx, c, { type: "support_message", conversation_id: c.id, message });
}

/** The conversation of a visitor's token (a visitor's socket joins it), or undefined. */
export async function visitorConversationId(ctx: AppContext, token: string): Promise<number | undefined> {
  return (await findConversationOfVisitor(ctx.db, sha256Hex(token)))?.id;
}

// ---- The player's side ------------------------------------------------------------------------

/** The caller's conversation with its newest messages (oldest first) and the staff messages not yet read. */
export async function playerThread(ctx: AppContext, caller: SupportCaller): Promise<SupportThread> {
  const c = await callerConversation(ctx.db, caller);
  if (!c) {
    if (caller.kind === "visitor") throw noConversation();
    return { conversation: null, messages: [], unread: 0 };
  }
  const messages = await selectMessages(ctx.db, c.id, THREAD_LIMIT);
  return { conversation: conversationOf(c), messages: messages.map((m) => messageOf(m, "player")), unread: c.unreadByPlayer };
}

/** A visitor gives a phone number (the domain's phone rules) and gets a conversation and its token. */
export async function startVisitorConversation(
  ctx: AppContext,
  phoneInput: string,
): Promise<{ token: string; conversation: SupportConversation }> {
  const phone = normalizePhone(phoneInput);
  if (!phone) throw invalidField([{ field: "phone", message: "is not a Myanmar mobile number" }]);
  const token = randomToken(24);
  const id = await ctx.db.transaction((tx) => insertVisitorConversation(tx, phone, sha256Hex(token)));
  return { token, conversation: { id, status: "open", player_read_id: 0, staff_read_id: 0 } };
}

/**
 * A message from the player's side: text, or an image (re-encoded and size-limited as a level-2
 * upload) with an optional caption. A closed conversation opens again.
 */
export async function sendPlayerMessage(
  ctx: AppContext,
  caller: SupportCaller,
  input: { text: string; image?: Buffer | undefined },
): Promise<SupportMessage> {
  let visitorConversation: number | undefined;
  if (caller.kind === "visitor") {
    const c = await findConversationOfVisitor(ctx.db, sha256Hex(caller.token));
    if (!c) throw noConversation();
    visitorConversation = c.id;
  }
  const imagePath = input.image ? await storeSupportImage(ctx, input.image) : null;
  try {
    return await ctx.db.transaction(async (tx) => {
      const id = caller.kind === "player" ? await ensureUserConversation(tx, caller.userId) : (visitorConversation as number);
      if (caller.kind === "visitor") await lockConversation(tx, id);
      const row = await insertMessage(tx, { conversationId: id, sender: "player", operatorId: null, body: input.text, imagePath });
      await touchAfterPlayerMessage(tx, id);
      const message = messageOf(row, "player");
      await announce(tx, { id, userId: caller.kind === "player" ? caller.userId : null }, message);
      await tellStaff(tx, id, "message");
      return message;
    });
  } catch (err) {
    if (imagePath) await removeSupportImage(ctx, imagePath);
    throw err;
  }
}

/** The player read the staff messages up to `upTo`. */
export async function markReadByPlayer(ctx: AppContext, caller: SupportCaller, upTo: number): Promise<void> {
  const c = await callerConversation(ctx.db, caller);
  if (!c) throw noConversation();
  const last = await lastMessageId(ctx.db, c.id, "staff");
  await markRead(ctx.db, c.id, "player", Math.min(upTo, last));
}

/** The player is typing; before the first message there is nothing to tell. */
export async function playerTyping(ctx: AppContext, caller: SupportCaller): Promise<void> {
  const c = await callerConversation(ctx.db, caller);
  if (!c) return;
  await setPlayerTyping(ctx.db, c.id);
  await tellStaff(ctx.db, c.id, "typing");
}

/** An image of the caller's own conversation; any other id is simply not found. */
export async function playerImage(ctx: AppContext, caller: SupportCaller, messageId: number): Promise<Buffer> {
  const c = await callerConversation(ctx.db, caller);
  const m = c ? await findMessage(ctx.db, messageId) : undefined;
  const image = m && c && m.conversationId === c.id && m.imagePath ? await readSupportImage(ctx, m.imagePath) : undefined;
  if (!image) throw notFound("No such image.");
  return image;
}

// ---- The console ------------------------------------------------------------------------------

export async function inbox(ctx: AppContext, operatorId: number, tab: SupportTab): Promise<{ data: AdminSupportConversation[] }> {
  const now = ctx.clock.now();
  const rows = await selectInbox(ctx.db, tab, operatorId, INBOX_LIMIT);
  return { data: rows.map((c) => adminConversationOf(c, now)) };
}

async function mustFind(db: Executor, id: number): Promise<ConversationRow> {
  const c = await findConversation(db, id);
  if (!c) throw noConversation();
  return c;
}

/** A conversation for the console; opening it marks the player's messages read (the player's page is told). */
export async function adminThread(ctx: AppContext, id: number): Promise<AdminSupportThread> {
  const c = await mustFind(ctx.db, id);
  const last = await lastMessageId(ctx.db, id, "player");
  if (last > c.staffReadId) {
    await ctx.db.transaction(async (tx) => {
      if (await markRead(tx, id, "staff", last)) {
        await tellPlayerSide(tx, c, { type: "support_read", conversation_id: id, up_to: last });
        await tellStaff(tx, id, "read");
      }
    });
  }
  const fresh = await mustFind(ctx.db, id);
  const messages = await selectMessages(ctx.db, id, THREAD_LIMIT);
  return { conversation: adminConversationOf(fresh, ctx.clock.now()), messages: messages.map((m) => messageOf(m, "staff")) };
}

/**
 * An operator's answer: text, or an image (a payment screenshot: re-encoded and size-limited as the
 * player's) with an optional caption; written, audited (the whole text, and the image's message),
 * announced to the player's sockets and, when the player has no page open, sent as a Web Push
 * notification. The first answer's delay is recorded for the dashboard.
 */
export async function sendStaffMessage(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: { text: string; image?: Buffer | undefined },
): Promise<SupportMessage> {
  const c = await mustFind(ctx.db, id);
  const online = c.userId === null ? true : await isPlayerOnline(ctx, c.userId);
  const imagePath = input.image ? await storeSupportImage(ctx, input.image) : null;
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockConversation(tx, id);
      const row = await insertMessage(tx, { conversationId: id, sender: "staff", operatorId: actor.id, body: input.text, imagePath });
      await touchAfterStaffMessage(tx, id, await lastMessageId(tx, id, "player"));
      await recordAudit(tx, actor, "support.message", { type: "support_conversation", id }, null, {
        message_id: row.id,
        user_id: c.userId,
        text: input.text,
        ...(imagePath ? { image: true } : {}),
      });
      const message = messageOf(row, "player");
      await announce(tx, c, message);
      await tellStaff(tx, id, "message");
      if (!online && c.userId !== null) await queueSupportReply(tx, c.userId, id);
      return messageOf(row, "staff");
    });
  } catch (err) {
    if (imagePath) await removeSupportImage(ctx, imagePath);
    throw err;
  }
}

/** An operator is typing: the player's (or visitor's) open pages are told. */
export async function staffTyping(ctx: AppContext, id: number): Promise<void> {
  const c = await mustFind(ctx.db, id);
  await ctx.db.transaction((tx) => tellPlayerSide(tx, c, { type: "support_typing", conversation_id: id }));
}

/** Takes a conversation, hands it to another operator, or gives it back to everyone (null); audited. */
export async function assignConversation(ctx: AppContext, actor: Actor, id: number, operatorId: number | null): Promise<void> {
  const c = await mustFind(ctx.db, id);
  if (operatorId !== null) {
    const { data } = await listOperators(ctx.db);
    if (!data.some((o) => o.id === operatorId && !o.blocked))
      throw refused("NOT_AN_OPERATOR", "Only an active operator can take a conversation.");
  }
  await ctx.db.transaction(async (tx) => {
    await lockConversation(tx, id);
    await setAssignee(tx, id, operatorId);
    await recordAudit(
      tx,
      actor,
      "support.assign",
      { type: "support_conversation", id },
      { assignee_id: c.assigneeId },
      { assignee_id: operatorId },
    );
    await tellStaff(tx, id, "assign");
  });
}

/** Closes or reopens a conversation; audited. */
export async function setConversationStatus(ctx: AppContext, actor: Actor, id: number, status: "open" | "closed"): Promise<void> {
  const c = await mustFind(ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    await lockConversation(tx, id);
    await setStatus(tx, id, status);
    await recordAudit(
      tx,
      actor,
      status === "closed" ? "support.close" : "support.reopen",
      { type: "support_conversation", id },
      { status: c.status },
      { status },
    );
    await tellStaff(tx, id, "status");
  });
}

export async function adminImage(ctx: AppContext, messageId: number): Promise<Buffer> {
  const m = await findMessage(ctx.db, messageId);
  const image = m?.imagePath ? await readSupportImage(ctx, m.imagePath) : undefined;
  if (!image) throw notFound("No such image.");
  return image;
}

const LOTTERIES: LotteryType[] = ["2D", "3D", "1D", "C2D", "C1D"];
const CONTEXT_ROWS = 5;

/** Beside the conversation: the player's balances, last cash requests and last slips (a visitor: none). */
export async function playerContext(ctx: AppContext, id: number): Promise<SupportPlayerContext> {
  const c = await mustFind(ctx.db, id);
  if (c.userId === null) return { balances: null, cash_requests: [], slips: [] };
  const userId = c.userId;
  const b = await getPlayerBalances(ctx.db, userId);
  const cash = await listCashRequestsForOperators(ctx, { userId, limit: CONTEXT_ROWS });
  const now = ctx.clock.now();
  const start = new Date(now.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
  const slips = (
    await Promise.all(
      LOTTERIES.map(async (lottery) => {
        const page = await slipHistory(ctx, userId, lottery, { start_date: start, limit: CONTEXT_ROWS });
        return page.data.map((s) => ({ id: s.id, lottery, total: s.total, win_total: s.win_total, created_at: s.created_at }));
      }),
    )
  )
    .flat()
    .sort((a, z) => z.created_at.localeCompare(a.created_at))
    .slice(0, CONTEXT_ROWS);
  return {
    balances: { balance: b.balance, game_balance: b.game_balance, p_balance: b.p_balance, point: b.point },
    cash_requests: cash.map((r) => ({ id: r.id, kind: r.kind, amount: r.amount, status: r.status, created_at: r.created_at })),
    slips,
  };
}

/** The operators an operator may hand a conversation to. */
export async function assignableOperators(ctx: AppContext): Promise<{ data: { id: number; name: string }[] }> {
  const { data } = await listOperators(ctx.db);
  return { data: data.filter((o) => !o.blocked).map((o) => ({ id: o.id, name: o.name || o.phone })) };
}

export async function supportStats(ctx: AppContext): Promise<SupportStats> {
  const since = new Date(ctx.clock.now().getTime() - STATS_DAYS * 86_400_000);
  const s = await selectStats(ctx.db, since);
  return { open: s.open, waiting: s.waiting, median_first_answer_seconds: s.median };
}

// ---- Canned answers -----------------------------------------------------------------------------

export async function cannedAnswers(ctx: AppContext): Promise<{ data: SupportCanned[] }> {
  return { data: await selectCanned(ctx.db) };
}

export async function createCanned(ctx: AppContext, actor: Actor, body: SupportCannedBody): Promise<SupportCanned> {
  return ctx.db.transaction(async (tx) => {
    const row = await insertCanned(tx, body);
    await recordAudit(tx, actor, "support.canned.create", { type: "support_canned", id: row.id }, null, body);
    return row;
  });
}

export async function editCanned(ctx: AppContext, actor: Actor, id: number, body: SupportCannedBody): Promise<SupportCanned> {
  return ctx.db.transaction(async (tx) => {
    const before = await updateCanned(tx, id, body);
    if (!before) throw notFound("No such canned answer.");
    const { id: _id, ...was } = before;
    await recordAudit(tx, actor, "support.canned.update", { type: "support_canned", id }, was, body);
    return { id, ...body };
  });
}

export async function removeCanned(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await deleteCanned(tx, id);
    if (!before) throw notFound("No such canned answer.");
    const { id: _id, ...was } = before;
    await recordAudit(tx, actor, "support.canned.delete", { type: "support_canned", id }, was, null);
  });
}

/** Demo canned answers, one set per language, when there are none yet. */
export async function seedCannedAnswers(ctx: Pick<AppContext, "db">): Promise<void> {
  if ((await countCanned(ctx.db)) > 0) return;
  const rows: SupportCannedBody[] = [
    { language: "mm", title: "နှုတ်ဆက်", body: "မင်္ဂလာပါ။ Shwe Lucky အကူအညီ ဝန်ဆောင်မှုမှ ကြိုဆိုပါသည်။ ဘာကူညီပေးရမလဲ ခင်ဗျာ။" },
    { language: "mm", title: "ငွေသွင်း စစ်ဆေးနေ", body: "သင့်ငွေသွင်းကို စစ်ဆေးနေပါသည်။ ခဏစောင့်ပေးပါ။" },
    { language: "en", title: "Greeting", body: "Hello, this is Shwe Lucky support. How can we help you?" },
    { language: "en", title: "Checking cash-in", body: "We are checking your cash-in now. Please wait a moment." },
    { language: "cn", title: "问候", body: "您好，这里是 Shwe Lucky 客服。请问有什么可以帮您？" },
    { language: "thai", title: "ทักทาย", body: "สวัสดีค่ะ ฝ่ายบริการลูกค้า Shwe Lucky ยินดีให้บริการค่ะ" },
  ];
  await ctx.db.transaction(async (tx) => {
    for (const r of rows) await insertCanned(tx, r);
  });
}
