import { sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";

export interface ConversationRow {
  id: number;
  userId: number | null;
  visitorPhone: string | null;
  status: "open" | "closed";
  assigneeId: number | null;
  assigneeName: string | null;
  phone: string;
  name: string | null;
  lastMessageAt: Date;
  waitingSince: Date | null;
  firstAnswerSeconds: number | null;
  playerReadId: number;
  staffReadId: number;
  playerTypingAt: Date | null;
  lastText: string;
  unreadByStaff: number;
  unreadByPlayer: number;
}

export interface MessageRow {
  id: number;
  conversationId: number;
  sender: "player" | "staff";
  operatorName: string | null;
  body: string;
  imagePath: string | null;
  createdAt: Date;
}

type Raw = Record<string, unknown>;
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : date(v));

const conversationOf = (r: Raw): ConversationRow => ({
  id: num(r.id),
  userId: numOrNull(r.user_id),
  visitorPhone: (r.visitor_phone as string | null) ?? null,
  status: r.status as "open" | "closed",
  assigneeId: numOrNull(r.assignee_id),
  assigneeName: (r.assignee_name as string | null) ?? null,
  phone: String(r.phone ?? ""),
  name: (r.name as string | null) ?? null,
  lastMessageAt: date(r.last_message_at),
  waitingSince: dateOrNull(r.waiting_since),
  firstAnswerSeconds: numOrNull(r.first_answer_seconds),
  playerReadId: num(r.player_read_id),
  staffReadId: num(r.staff_read_id),
  playerTypingAt: dateOrNull(r.player_typing_at),
  lastText: String(r.last_text ?? ""),
  unreadByStaff: num(r.unread_by_staff ?? 0),
  unreadByPlayer: num(r.unread_by_player ?? 0),
});

const messageOf = (r: Raw): MessageRow => ({
  id: num(r.id),
  conversationId: num(r.conversation_id),
  sender: r.sender as "player" | "staff",
  operatorName: (r.operator_name as string | null) ?? null,
  body: String(r.body),
  imagePath: (r.image_path as string | null) ?? null,
  createdAt: date(r.created_at),
});

const CONVERSATION_SELECT = sql`
  select c.id, c.user_id, c.visitor_phone, c.status, c.assignee_id, a.name as assignee_name,
         coalesce(u.phone, c.visitor_phone) as phone, u.name, c.last_message_at, c.waiting_since,
         c.first_answer_seconds, c.player_read_id, c.staff_read_id, c.player_typing_at,
         (select case when m.image_path is not null and m.body = '' then '[image]' else m.body end
            from support_messages m where m.conversation_id = c.id order by m.id desc limit 1) as last_text,
         (select count(*) from support_messages m where m.conversation_id = c.id and m.sender = 'player' and m.id > c.staff_read_id) as unread_by_staff,
         (select count(*) from support_messages m where m.conversation_id = c.id and m.sender = 'staff' and m.id > c.player_read_id) as unread_by_player
    from support_conversations c
    left join users u on u.id = c.user_id
    left join users a on a.id = c.assignee_id`;

/** The player's own conversation (there is at most one). */
export async function findConversationOfUser(db: Executor, userId: number): Promise<ConversationRow | undefined> {
  const res = await db.execute(sql`${CONVERSATION_SELECT} where c.user_id = ${userId}`);
  const row = rowsOf<Raw>(res)[0];
  return row ? conversationOf(row) : undefined;
}

/** A visitor's conversation, by the hash of the visitor's token. */
export async function findConversationOfVisitor(db: Executor, tokenHash: string): Promise<ConversationRow | undefined> {
  const res = await db.execute(sql`${CONVERSATION_SELECT} where c.visitor_token_hash = ${tokenHash}`);
  const row = rowsOf<Raw>(res)[0];
  return row ? conversationOf(row) : undefined;
}

export async function findConversation(db: Executor, id: number): Promise<ConversationRow | undefined> {
  const res = await db.execute(sql`${CONVERSATION_SELECT} where c.id = ${id}`);
  const row = rowsOf<Raw>(res)[0];
  return row ? conversationOf(row) : undefined;
}

/** Locks a conversation row for a change (assignment, status, a message). */
export async function lockConversation(tx: Executor, id: number): Promise<boolean> {
  const res = await tx.execute(sql`select id from support_conversations where id = ${id} for update`);
  return rowsOf(res).length > 0;
}

/** The player's conversation, created when there is none (concurrent first messages meet on the unique index). */
export async function ensureUserConversation(tx: Executor, userId: number): Promise<number> {
  await tx.execute(sql`insert into support_conversations (user_id) values (${userId}) on conflict do nothing`);
  const res = await tx.execute(sql`select id from support_conversations where user_id = ${userId} for update`);
  return num(rowsOf<Raw>(res)[0]?.id);
}

export async function insertVisitorConversation(tx: Executor, phone: string, tokenHash: string): Promise<number> {
  const res = await tx.execute(
    sql`insert into support_conversations (visitor_phone, visitor_token_hash) values (${phone}, ${tokenHash}) returning id`,
  );
  return num(rowsOf<Raw>(res)[0]?.id);
}

export async function insertMessage(
  tx: Executor,
  m: { conversationId: number; sender: "player" | "staff"; operatorId: number | null; body: string; imagePath: string | null },
): Promise<MessageRow> {
  const res = await tx.execute(sql`
    with m as (
      insert into support_messages (conversation_id, sender, operator_id, body, image_path)
      values (${m.conversationId}, ${m.sender}, ${m.operatorId}, ${m.body}, ${m.imagePath})
      returning *)
    select m.*, u.name as operator_name from m left join users u on u.id = m.operator_id`);
  return messageOf(rowsOf<Raw>(res)[0] ?? {});
}

/**
 * After a player's message: the conversation opens again (if closed) and waits for an answer from
 * the first unanswered message on. After a staff message: the first answer time is recorded once,
 * nothing waits any more.
 */
export async function touchAfterPlayerMessage(tx: Executor, id: number): Promise<void> {
  await tx.execute(sql`
    update support_conversations set status = 'open', last_message_at = now(),
      waiting_since = coalesce(waiting_since, now()), player_typing_at = null
    where id = ${id}`);
}

export async function touchAfterStaffMessage(tx: Executor, id: number, messageId: number): Promise<void> {
  await tx.execute(sql`
    update support_conversations set last_message_at = now(),
      first_answer_seconds = coalesce(first_answer_seconds,
        case when waiting_since is null then null else greatest(0, extract(epoch from now() - waiting_since))::int end),
      waiting_since = null,
      staff_read_id = greatest(staff_read_id, ${messageId})
    where id = ${id}`);
}

export async function selectMessages(db: Executor, conversationId: number, limit: number): Promise<MessageRow[]> {
  const res = await db.execute(sql`
    select * from (
      select m.*, u.name as operator_name from support_messages m left join users u on u.id = m.operator_id
      where m.conversation_id = ${conversationId} order by m.id desc limit ${limit}) x
    order by id`);
  return rowsOf<Raw>(res).map(messageOf);
}

export async function findMessage(db: Executor, messageId: number): Promise<MessageRow | undefined> {
  const res = await db.execute(sql`
    select m.*, u.name as operator_name from support_messages m left join users u on u.id = m.operator_id where m.id = ${messageId}`);
  const row = rowsOf<Raw>(res)[0];
  return row ? messageOf(row) : undefined;
}

/** Marks messages of the other side read up to `upTo` (never backwards); answers whether it moved. */
export async function markRead(tx: Executor, id: number, reader: "player" | "staff", upTo: number): Promise<boolean> {
  const res =
    reader === "player"
      ? await tx.execute(sql`
          update support_conversations set player_read_id = ${upTo} where id = ${id} and player_read_id < ${upTo} returning id`)
      : await tx.execute(sql`
          update support_conversations set staff_read_id = ${upTo} where id = ${id} and staff_read_id < ${upTo} returning id`);
  return rowsOf(res).length > 0;
}

export async function lastMessageId(db: Executor, conversationId: number, sender: "player" | "staff"): Promise<number> {
  const res = await db.execute(
    sql`select coalesce(max(id), 0) as id from support_messages where conversation_id = ${conversationId} and sender = ${sender}`,
  );
  return num(rowsOf<Raw>(res)[0]?.id ?? 0);
}

export async function setPlayerTyping(db: Executor, id: number): Promise<void> {
  await db.execute(sql`update support_conversations set player_typing_at = now() where id = ${id}`);
}

export async function setAssignee(tx: Executor, id: number, operatorId: number | null): Promise<void> {
  await tx.execute(sql`update support_conversations set assignee_id = ${operatorId} where id = ${id}`);
}

export async function setStatus(tx: Executor, id: number, status: "open" | "closed"): Promise<void> {
  await tx.execute(sql`update support_conversations set status = ${status} where id = ${id}`);
}

/** The console inbox: open (everyone's), mine (open, assigned to this operator), closed; newest activity first. */
export async function selectInbox(
  db: Executor,
  tab: "open" | "mine" | "closed",
  operatorId: number,
  limit: number,
): Promise<ConversationRow[]> {
  const where =
    tab === "closed"
      ? sql`c.status = 'closed'`
      : tab === "mine"
        ? sql`c.status = 'open' and c.assignee_id = ${operatorId}`
        : sql`c.status = 'open'`;
  const res = await db.execute(sql`${CONVERSATION_SELECT} where ${where} order by c.last_message_at desc, c.id desc limit ${limit}`);
  return rowsOf<Raw>(res).map(conversationOf);
}

/** Open and waiting counts, and the median first answer (seconds) of conversations answered since `since`. */
export async function selectStats(db: Executor, since: Date): Promise<{ open: number; waiting: number; median: number | null }> {
  const res = await db.execute(sql`
    select (select count(*) from support_conversations where status = 'open') as open,
           (select count(*) from support_conversations where status = 'open' and waiting_since is not null) as waiting,
           (select percentile_cont(0.5) within group (order by first_answer_seconds)
              from support_conversations where first_answer_seconds is not null and created_at >= ${since.toISOString()}::timestamptz) as median`);
  const r = rowsOf<Raw>(res)[0] ?? {};
  return {
    open: num(r.open ?? 0),
    waiting: num(r.waiting ?? 0),
    median: r.median === null || r.median === undefined ? null : num(r.median),
  };
}

export interface CannedRow {
  id: number;
  language: "mm" | "en" | "cn" | "thai";
  title: string;
  body: string;
}

const cannedOf = (r: Raw): CannedRow => ({
  id: num(r.id),
  language: r.language as CannedRow["language"],
  title: String(r.title),
  body: String(r.body),
});

export async function selectCanned(db: Executor): Promise<CannedRow[]> {
  const res = await db.execute(sql`select id, language, title, body from support_canned order by language, title, id`);
  return rowsOf<Raw>(res).map(cannedOf);
}

export async function insertCanned(tx: Executor, c: Omit<CannedRow, "id">): Promise<CannedRow> {
  const res = await tx.execute(
    sql`insert into support_canned (language, title, body) values (${c.language}, ${c.title}, ${c.body}) returning id`,
  );
  return { id: num(rowsOf<Raw>(res)[0]?.id), ...c };
}

/** Changes a canned answer; answers it as it was before (for the audit), or undefined when there is none. */
export async function updateCanned(tx: Executor, id: number, c: Omit<CannedRow, "id">): Promise<CannedRow | undefined> {
  const res = await tx.execute(sql`
    update support_canned s set language = ${c.language}, title = ${c.title}, body = ${c.body}, updated_at = now()
    from (select id, language, title, body from support_canned where id = ${id} for update) old
    where s.id = old.id
    returning old.id, old.language, old.title, old.body`);
  const row = rowsOf<Raw>(res)[0];
  return row ? cannedOf(row) : undefined;
}

/** Deletes a canned answer; answers it as it was (for the audit), or undefined when there is none. */
export async function deleteCanned(tx: Executor, id: number): Promise<CannedRow | undefined> {
  const res = await tx.execute(sql`delete from support_canned where id = ${id} returning id, language, title, body`);
  const row = rowsOf<Raw>(res)[0];
  return row ? cannedOf(row) : undefined;
}

export async function countCanned(db: Executor): Promise<number> {
  const res = await db.execute(sql`select count(*) as n from support_canned`);
  return num(rowsOf<Raw>(res)[0]?.n ?? 0);
}

/**
 * Announces a support event (JSON text) on the `support_event` channel to every server process: at
 * commit inside a transaction (nothing on rollback), at once outside one.
 */
export async function notifySupportEvent(db: Executor, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify('support_event', ${payload})`);
}
