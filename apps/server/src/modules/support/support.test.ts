import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { createTestApp, onRealPostgres, openSecondInstance, type SecondInstance, type TestApp } from "../../test/test-app.ts";
import { multipart, pngImage } from "../accounts/accounts.test-helpers.ts";
import { auditRowsOf } from "../content/content-test-accounts.ts";
import { call, createUser, expectErrorBody, type TestUser } from "../ledger/testing.ts";
import { open } from "../realtime/ws-testing.ts";

type Msg = Record<string, unknown>;
const ofType = (type: string) => (m: Msg) => m.type === type;
/**
 * A support message from staff. A socket opened just after the player wrote may still hear the player's own
 * message: on PostgreSQL it travels by NOTIFY, which can land after the socket has joined.
 */
const staffMessage = (m: Msg) => m.type === "support_message" && (m.message as Msg | undefined)?.sender === "staff";

async function playerSocket(t: TestApp | SecondInstance, u: TestUser) {
  const s = await open(t.app, `/api/ws?token=${u.token}`);
  await s.next(ofType("ready"));
  return s;
}

/** An operator's console socket watching the inbox (the server grants the topic). */
async function consoleSocket(t: TestApp | SecondInstance, op: TestUser) {
  const s = await playerSocket(t, op);
  s.ws.send(JSON.stringify({ type: "watch", topics: ["support:inbox"] }));
  expect(await s.next(ofType("watching"))).toEqual({ type: "watching", topics: ["support:inbox"] });
  return s;
}

/** A visitor's socket joined to the visitor's conversation. */
async function visitorSocket(t: TestApp | SecondInstance, token: string, conversationId: number) {
  const s = await open(t.app, "/api/ws");
  s.ws.send(JSON.stringify({ type: "hello" }));
  await s.next(ofType("ready"));
  s.ws.send(JSON.stringify({ type: "support_visitor", token }));
  expect(await s.next(ofType("support_joined"))).toEqual({ type: "support_joined", conversation_id: conversationId });
  return s;
}

const say = (t: TestApp, u: TestUser, text: string) => call(t, "POST", "/api/support/messages", { token: u.token, body: { text } });
const answer = (t: TestApp, op: TestUser, id: number, text: string) =>
  call(t, "POST", `/api/admin/support/conversations/${id}/messages`, { token: op.token, body: { text } });

describe("support chat", () => {
  let t: TestApp;
  let op: TestUser;
  let op2: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { enabled: false, factor: 1 } } });
    op = await createUser(t, { role: "operator" });
    op2 = await createUser(t, { role: "admin" });
  });
  afterAll(async () => t.close());

  it("a player writes, an operator answers live (socket), audited, read states travel both ways", async () => {
    const u = await createUser(t);
    const empty = await call(t, "GET", "/api/support/conversation", { token: u.token });
    expect(empty.json()).toEqual({ conversation: null, messages: [], unread: 0 });
    // Typing before the first message tells nobody anything and is no error.
    expect((await call(t, "POST", "/api/support/typing", { token: u.token })).statusCode).toBe(204);

    const sent = await say(t, u, "  ငွေသွင်းတာ မဝင်သေးပါ  ");
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ sender: "player", body: "ငွေသွင်းတာ မဝင်သေးပါ", image_url: null });

    const inbox = await call(t, "GET", "/api/admin/support/conversations?tab=open", { token: op.token });
    const row = (inbox.json().data as Msg[]).find((c) => c.user_id === u.id);
    expect(row).toMatchObject({ phone: u.phone, unread: 1, status: "open", assignee_id: null });
    const id = row?.id as number;

    const socket = await playerSocket(t, u);
    expect((await call(t, "POST", "/api/support/typing", { token: u.token })).statusCode).toBe(204);
    expect((await call(t, "GET", "/api/admin/support/conversations?tab=open", { token: op.token })).json().data).toContainEqual(
      expect.objectContaining({ id, player_typing: true }),
    );
    const thread = await call(t, "GET", `/api/admin/support/conversations/${id}`, { token: op.token });
    expect(thread.json().conversation.unread).toBe(0);
    expect(await socket.next(ofType("support_read"))).toMatchObject({ conversation_id: id, up_to: sent.json().id });

    const typing = await call(t, "POST", `/api/admin/support/conversations/${id}/typing`, { token: op.token });
    expect(typing.statusCode).toBe(204);
    expect(await socket.next(ofType("support_typing"))).toMatchObject({ conversation_id: id });

    const reply = await answer(t, op, id, "စစ်ပေးပါမယ်");
    expect(reply.statusCode, reply.body).toBe(201);
    const live = await socket.next(staffMessage);
    expect(live).toMatchObject({ conversation_id: id, message: { sender: "staff", body: "စစ်ပေးပါမယ်", operator_name: "Test operator" } });

    const mine = await call(t, "GET", "/api/support/conversation", { token: u.token });
    expect(mine.json().unread).toBe(1);
    expect((mine.json().messages as Msg[]).map((m) => m.sender)).toEqual(["player", "staff"]);
    expect((await call(t, "POST", "/api/support/read", { token: u.token, body: { up_to: reply.json().id } })).statusCode).toBe(204);
    expect((await call(t, "GET", "/api/support/conversation", { token: u.token })).json()).toMatchObject({
      unread: 0,
      conversation: { player_read_id: reply.json().id },
    });

    const [audit] = await auditRowsOf(t, op.id);
    expect(audit).toMatchObject({ action: "support.message", targetType: "support_conversation", targetId: String(id) });
    expect(audit?.after).toMatchObject({ text: "စစ်ပေးပါမယ်", user_id: u.id, message_id: reply.json().id });

    const stats = await call(t, "GET", "/api/admin/support/stats", { token: op.token });
    expect(stats.json().median_first_answer_seconds).not.toBeNull();
    expect(stats.json().open).toBeGreaterThanOrEqual(1);
    socket.ws.close();
  });

  it("the console's socket hears every change of a conversation; a visitor's socket hears the answers; players cannot watch the inbox", async () => {
    const consoleWs = await consoleSocket(t, op);
    const u = await createUser(t);
    // A player asking for the console's topic is granted nothing, and hears nothing of other conversations.
    const player = await playerSocket(t, u);
    player.ws.send(JSON.stringify({ type: "watch", topics: ["support:inbox", "market:set"] }));
    expect(await player.next(ofType("watching"))).toEqual({ type: "watching", topics: ["market:set"] });

    const sent = await say(t, u, "my cash-in");
    const id = (await call(t, "GET", "/api/support/conversation", { token: u.token })).json().conversation.id as number;
    expect(sent.statusCode).toBe(201);
    expect(await consoleWs.next(ofType("support_inbox"))).toEqual({ type: "support_inbox", conversation_id: id, change: "message" });
    await call(t, "POST", "/api/support/typing", { token: u.token });
    expect(await consoleWs.next(ofType("support_inbox"))).toMatchObject({ conversation_id: id, change: "typing" });
    await call(t, "POST", `/api/admin/support/conversations/${id}/assign`, { token: op.token, body: { operator_id: op.id } });
    expect(await consoleWs.next(ofType("support_inbox"))).toMatchObject({ conversation_id: id, change: "assign" });
    await call(t, "POST", `/api/admin/support/conversations/${id}/close`, { token: op.token });
    expect(await consoleWs.next(ofType("support_inbox"))).toMatchObject({ conversation_id: id, change: "status" });

    // A visitor: the answer, the operator typing and the read mark reach the visitor's socket.
    const start = await call(t, "POST", "/api/support/visitor", { body: { phone: "09 791 234 568" } });
    const token = start.json().token as string;
    const vid = start.json().conversation.id as number;
    const visitor = await visitorSocket(t, token, vid);
    const other = await open(t.app, "/api/ws");
    other.ws.send(JSON.stringify({ type: "hello" }));
    await other.next(ofType("ready"));
    other.ws.send(JSON.stringify({ type: "support_visitor", token: "x".repeat(32) }));
    expect(await other.next(ofType("support_joined"))).toEqual({ type: "support_joined", conversation_id: null });
    const asked = await call(t, "POST", "/api/support/messages", { headers: { "x-support-token": token }, body: { text: "visitor here" } });
    expect(await consoleWs.next(ofType("support_inbox"))).toMatchObject({ conversation_id: vid, change: "message" });
    await call(t, "GET", `/api/admin/support/conversations/${vid}`, { token: op.token });
    expect(await visitor.next(ofType("support_read"))).toMatchObject({ conversation_id: vid, up_to: asked.json().id });
    await call(t, "POST", `/api/admin/support/conversations/${vid}/typing`, { token: op.token });
    expect(await visitor.next(ofType("support_typing"))).toMatchObject({ conversation_id: vid });
    await answer(t, op, vid, "hello visitor");
    expect(await visitor.next(staffMessage)).toMatchObject({
      conversation_id: vid,
      message: { sender: "staff", body: "hello visitor", operator_name: "Test operator", image_url: null },
    });
    // The player's socket heard none of it (its next support message is its own conversation's).
    await answer(t, op, id, "for the player");
    expect(await player.next((m) => staffMessage(m) && m.conversation_id === id)).toMatchObject({
      conversation_id: id,
      message: { body: "for the player" },
    });
    expect(player.messages.filter((m) => m.type === "support_inbox" || m.conversation_id === vid)).toEqual([]);
    for (const s of [consoleWs, player, visitor, other]) s.ws.close();
  });

  it("an operator sends an image (re-encoded and size-limited as the player's, audited); the player's panel can fetch it, no one else's", async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    await say(t, u, "which account do I pay to?");
    const id = (await call(t, "GET", "/api/support/conversation", { token: u.token })).json().conversation.id as number;
    const socket = await playerSocket(t, u);
    const send = async (parts: Parameters<typeof multipart>[0], conversation = id) => {
      const form = multipart(parts);
      return t.app.inject({
        method: "POST",
        url: `/api/admin/support/conversations/${conversation}/images`,
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${op.token}` },
      });
    };
    const png = await pngImage(3000, 1000);
    const sent = await send([
      { name: "text", value: "ဒီအကောင့်ကို လွှဲပါ" },
      { name: "image", filename: "account.png", contentType: "image/png", data: png },
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ sender: "staff", body: "ဒီအကောင့်ကို လွှဲပါ", operator_name: "Test operator" });
    const mid = sent.json().id as number;
    expect(sent.json().image_url).toBe(`/api/admin/support/images/${mid}`);

    // The player's socket hears it with the player's own address of the image.
    const live = await socket.next(staffMessage);
    expect(live).toMatchObject({ message: { id: mid, image_url: `/api/support/images/${mid}` } });
    const thread = await call(t, "GET", "/api/support/conversation", { token: u.token });
    expect((thread.json().messages as Msg[]).at(-1)).toMatchObject({ id: mid, image_url: `/api/support/images/${mid}` });
    const image = await call(t, "GET", `/api/support/images/${mid}`, { token: u.token });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/jpeg");
    expect((await sharp(image.rawPayload).metadata()).width).toBe(2400);
    expectErrorBody(await call(t, "GET", `/api/support/images/${mid}`, { token: other.token }), 404, "NOT_FOUND");

    const [audit] = await auditRowsOf(t, op.id);
    expect(audit).toMatchObject({ action: "support.message", targetId: String(id) });
    expect(audit?.after).toMatchObject({ message_id: mid, text: "ဒီအကောင့်ကို လွှဲပါ", image: true, user_id: u.id });

    // Not an image, no image, an unknown conversation, a player calling: refused, nothing stored.
    const count = (thread.json().messages as Msg[]).length;
    expectErrorBody(
      await send([{ name: "image", filename: "a.png", contentType: "image/png", data: Buffer.from("not an image at all") }]),
      400,
      "VALIDATION_FAILED",
    );
    expectErrorBody(await send([{ name: "text", value: "no image" }]), 400, "VALIDATION_FAILED");
    expectErrorBody(await send([{ name: "image", filename: "a.png", contentType: "image/png", data: png }], 999_999), 404, "NOT_FOUND");
    const form = multipart([{ name: "image", filename: "a.png", contentType: "image/png", data: png }]);
    const byPlayer = await t.app.inject({
      method: "POST",
      url: `/api/admin/support/conversations/${id}/images`,
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${u.token}` },
    });
    expectErrorBody(byPlayer, 403, "FORBIDDEN");
    expect(((await call(t, "GET", "/api/support/conversation", { token: u.token })).json().messages as Msg[]).length).toBe(count);
    socket.ws.close();
  });

  it("HTML stays text; the length limit and empty text are refused and change nothing", async () => {
    const u = await createUser(t);
    const html = "<img src=x onerror=alert(1)><b>hi</b>";
    const res = await say(t, u, html);
    expect(res.statusCode).toBe(201);
    expect(res.json().body).toBe(html);
    expectErrorBody(await say(t, u, "x".repeat(1001)), 400, "VALIDATION_FAILED");
    expectErrorBody(await say(t, u, "   "), 400, "VALIDATION_FAILED");
    expect((await say(t, u, "x".repeat(1000))).statusCode).toBe(201);
    const thread = await call(t, "GET", "/api/support/conversation", { token: u.token });
    expect((thread.json().messages as Msg[]).map((m) => (m.body as string).length)).toEqual([html.length, 1000]);
  });

  it("a player sees only their own conversation and images: another id answers 404", async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const form = multipart([{ name: "image", filename: "pay.png", contentType: "image/png", data: await pngImage(3000, 1000) }]);
    const up = await t.app.inject({
      method: "POST",
      url: "/api/support/images",
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${a.token}` },
    });
    expect(up.statusCode, up.body).toBe(201);
    const url = up.json().image_url as string;
    const mine = await call(t, "GET", url, { token: a.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["content-type"]).toBe("image/jpeg");
    // Re-encoded and size-limited as a level-2 upload (2,400 px a side).
    expect((await sharp(mine.rawPayload).metadata()).width).toBe(2400);
    expectErrorBody(await call(t, "GET", url, { token: b.token }), 404, "NOT_FOUND");
    // An operator's answer goes only to the conversation it belongs to.
    await say(t, b, "b's question");
    const thread = await call(t, "GET", "/api/support/conversation", { token: b.token });
    expect((thread.json().messages as Msg[]).map((m) => m.body)).toEqual(["b's question"]);
    expectErrorBody(await call(t, "GET", "/api/support/conversation"), 401, "UNAUTHENTICATED");
    expectErrorBody(await call(t, "GET", "/api/admin/support/conversations", { token: a.token }), 403, "FORBIDDEN");
  });

  it("a visitor gives a valid phone, gets a token and chats with it; a bad phone or token is refused", async () => {
    expectErrorBody(await call(t, "POST", "/api/support/visitor", { body: { phone: "123456789" } }), 400, "VALIDATION_FAILED");
    const start = await call(t, "POST", "/api/support/visitor", { body: { phone: "09 791 234 567" } });
    expect(start.statusCode, start.body).toBe(201);
    const token = start.json().token as string;
    const headers = { "x-support-token": token };
    expect((await call(t, "POST", "/api/support/messages", { headers, body: { text: "hello from a visitor" } })).statusCode).toBe(201);
    const inbox = await call(t, "GET", "/api/admin/support/conversations", { token: op.token });
    const row = (inbox.json().data as Msg[]).find((c) => c.id === start.json().conversation.id);
    expect(row).toMatchObject({ user_id: null, phone: "09791234567", last_text: "hello from a visitor" });
    await answer(t, op, row?.id as number, "hi visitor");
    const thread = await call(t, "GET", "/api/support/conversation", { headers });
    expect((thread.json().messages as Msg[]).map((m) => m.body)).toEqual(["hello from a visitor", "hi visitor"]);
    expect(thread.json().unread).toBe(1);
    const context = await call(t, "GET", `/api/admin/support/conversations/${row?.id}/context`, { token: op.token });
    expect(context.json()).toEqual({ balances: null, cash_requests: [], slips: [] });
    expectErrorBody(
      await call(t, "GET", "/api/support/conversation", { headers: { "x-support-token": "x".repeat(32) } }),
      404,
      "NOT_FOUND",
    );
  });

  it("take, hand over, release, close and reopen: the inbox tabs follow, each change audited", async () => {
    const u = await createUser(t);
    await say(t, u, "help");
    const { data } = (await call(t, "GET", "/api/admin/support/conversations", { token: op.token })).json() as { data: Msg[] };
    const id = data.find((c) => c.user_id === u.id)?.id as number;
    const assign = (who: TestUser, operatorId: number | null) =>
      call(t, "POST", `/api/admin/support/conversations/${id}/assign`, { token: who.token, body: { operator_id: operatorId } });
    const tab = async (who: TestUser, name: string) =>
      ((await call(t, "GET", `/api/admin/support/conversations?tab=${name}`, { token: who.token })).json().data as Msg[]).some(
        (c) => c.id === id,
      );

    expect((await assign(op, op.id)).statusCode).toBe(204);
    expect(await tab(op, "mine")).toBe(true);
    expect(await tab(op2, "mine")).toBe(false);
    expect((await assign(op, op2.id)).statusCode).toBe(204);
    expect(await tab(op2, "mine")).toBe(true);
    expect(await tab(op, "mine")).toBe(false);
    expectErrorBody(await assign(op, u.id), 422, "NOT_AN_OPERATOR");
    expect((await assign(op2, null)).statusCode).toBe(204);

    expect((await call(t, "POST", `/api/admin/support/conversations/${id}/close`, { token: op.token })).statusCode).toBe(204);
    expect(await tab(op, "closed")).toBe(true);
    expect(await tab(op, "open")).toBe(false);
    // The player writing again opens it again.
    await say(t, u, "one more thing");
    expect(await tab(op, "open")).toBe(true);
    await call(t, "POST", `/api/admin/support/conversations/${id}/close`, { token: op.token });
    expect((await call(t, "POST", `/api/admin/support/conversations/${id}/reopen`, { token: op.token })).statusCode).toBe(204);
    expect(await tab(op, "open")).toBe(true);

    const actions = (await auditRowsOf(t, op.id))
      .filter((r) => r.targetType === "support_conversation" && r.targetId === String(id))
      .map((r) => r.action);
    expect(actions).toEqual(["support.reopen", "support.close", "support.close", "support.assign", "support.assign"]);
    expectErrorBody(await call(t, "POST", "/api/admin/support/conversations/999999/close", { token: op.token }), 404, "NOT_FOUND");
  });

  it("the console sees the player's balances, cash requests and slips beside the conversation", async () => {
    const u = await createUser(t);
    await say(t, u, "where is my money");
    const { data } = (await call(t, "GET", "/api/admin/support/conversations", { token: op.token })).json() as { data: Msg[] };
    const id = data.find((c) => c.user_id === u.id)?.id as number;
    const res = await call(t, "GET", `/api/admin/support/conversations/${id}/context`, { token: op.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ balances: { balance: 0, game_balance: 0, p_balance: 0, point: 0 }, cash_requests: [], slips: [] });
  });

  it("canned answers per language are read by every operator and changed by admins only, audited; an operator's change is refused and changes nothing", async () => {
    const admin = op2;
    const body = { language: "en", title: "Wait", body: "Please wait a moment." };
    expectErrorBody(await call(t, "POST", "/api/admin/support/canned", { token: op.token, body }), 403, "FORBIDDEN");
    const created = await call(t, "POST", "/api/admin/support/canned", { token: admin.token, body });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const change = (who: TestUser, method: "PUT" | "DELETE", payload?: object) =>
      t.app.inject({ method, url: `/api/admin/support/canned/${id}`, headers: { authorization: `Bearer ${who.token}` }, payload });
    expectErrorBody(await change(op, "PUT", { language: "mm", title: "x", body: "y" }), 403, "FORBIDDEN");
    expectErrorBody(await change(op, "DELETE"), 403, "FORBIDDEN");
    const put = await change(admin, "PUT", { language: "mm", title: "စောင့်ပါ", body: "ခဏစောင့်ပေးပါ။" });
    expect(put.json()).toMatchObject({ id, language: "mm" });
    // Every operator reads them (the answer box offers them).
    const list = await call(t, "GET", "/api/admin/support/canned", { token: op.token });
    expect((list.json().data as Msg[]).find((c) => c.id === id)).toMatchObject({ title: "စောင့်ပါ", language: "mm" });
    expectErrorBody(await change(admin, "PUT", { language: "mm", title: "   ", body: "y" }), 400, "VALIDATION_FAILED");
    expect(
      ((await call(t, "GET", "/api/admin/support/canned", { token: op.token })).json().data as Msg[]).find((c) => c.id === id),
    ).toMatchObject({
      title: "စောင့်ပါ",
    });
    expect((await change(admin, "DELETE")).statusCode).toBe(204);
    expectErrorBody(await change(admin, "DELETE"), 404, "NOT_FOUND");
    const audits = (await auditRowsOf(t, admin.id)).filter((r) => r.targetType === "support_canned" && r.targetId === String(id));
    // Each row holds the answer as it was before the change and as it is after.
    expect(audits.map((r) => ({ action: r.action, before: r.before, after: r.after }))).toEqual([
      { action: "support.canned.delete", before: { language: "mm", title: "စောင့်ပါ", body: "ခဏစောင့်ပေးပါ။" }, after: null },
      {
        action: "support.canned.update",
        before: { language: "en", title: "Wait", body: "Please wait a moment." },
        after: { language: "mm", title: "စောင့်ပါ", body: "ခဏစောင့်ပေးပါ။" },
      },
      { action: "support.canned.create", before: null, after: { language: "en", title: "Wait", body: "Please wait a moment." } },
    ]);
    expect((await auditRowsOf(t, op.id)).filter((r) => r.targetType === "support_canned")).toEqual([]);
  });

  it("an answer while the player has no page open queues a Web Push notification", async () => {
    const u = await createUser(t);
    await say(t, u, "are you there");
    const { data } = (await call(t, "GET", "/api/admin/support/conversations", { token: op.token })).json() as { data: Msg[] };
    const id = data.find((c) => c.user_id === u.id)?.id as number;
    await t.ctx.db.execute(sql`
      insert into push_subscriptions (user_id, token_id, endpoint, p256dh, auth, language)
      select ${u.id}, id, ${`https://push.example/${u.id}`}, 'k', 'a', 'en' from auth_tokens where user_id = ${u.id} limit 1`);
    await answer(t, op, id, "yes");
    const rows = rowsOf<{ topic: string; payload: Msg }>(
      await t.ctx.db.execute(sql`
        select d.topic, d.payload from push_deliveries d join push_subscriptions s on s.id = d.subscription_id where s.user_id = ${u.id}`),
    );
    expect(rows).toEqual([{ topic: "support", payload: expect.objectContaining({ title: "Support", tag: `support-${id}` }) }]);
  });
});

describe("the console's socket topic behind the operator second factor", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { operatorSecondFactor: "required", rateLimits: { enabled: false, factor: 1 } } });
  });
  afterAll(async () => t.close());

  it("an operator's socket whose sign-in has not passed the second factor is not granted the inbox; one that has is", async () => {
    const op = await createUser(t, { role: "operator" });
    const { token } = await t.ctx.auth.issue(op.id);
    const early = await open(t.app, `/api/ws?token=${token}`);
    await early.next(ofType("ready"));
    early.ws.send(JSON.stringify({ type: "watch", topics: ["support:inbox"] }));
    expect(await early.next(ofType("watching"))).toEqual({ type: "watching", topics: [] });
    early.ws.close();
    (await consoleSocket(t, op)).ws.close();
  });
});

describe("support chat limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { enabled: true, factor: 1 } } });
  });
  afterAll(async () => t.close());

  it("a player sending too fast gets 429 RATE_LIMITED after 20 messages a minute; nothing more is stored", async () => {
    const u = await createUser(t);
    for (let i = 0; i < 20; i++) expect((await say(t, u, `m${i}`)).statusCode).toBe(201);
    const over = await say(t, u, "one too many");
    expectErrorBody(over, 429, "RATE_LIMITED");
    const thread = await call(t, "GET", "/api/support/conversation", { token: u.token });
    expect(thread.json().messages).toHaveLength(20);
  });
});

describe.skipIf(!onRealPostgres)("support chat across two server processes (real PostgreSQL only: set TEST_DATABASE_URL to run)", () => {
  let t: TestApp;
  let second: SecondInstance | undefined;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { enabled: false, factor: 1 } } });
    second = await openSecondInstance(t);
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  it("an answer sent through instance A reaches the player's socket on instance B", async () => {
    if (!second) throw new Error("second instance missing");
    const op = await createUser(t, { role: "operator" });
    const u = await createUser(t);
    await say(t, u, "hello");
    const { data } = (await call(t, "GET", "/api/admin/support/conversations", { token: op.token })).json() as { data: Msg[] };
    const id = data.find((c) => c.user_id === u.id)?.id as number;
    const socket = await playerSocket(second, u);
    await answer(t, op, id, "from A");
    expect(await socket.next(staffMessage, 3_000)).toMatchObject({ conversation_id: id, message: { body: "from A" } });
    socket.ws.close();
  });

  it("an operator's console socket on B hears a player's message sent on A; a visitor's socket on B hears the answer sent on A", async () => {
    if (!second) throw new Error("second instance missing");
    const op = await createUser(t, { role: "operator" });
    const u = await createUser(t);
    const consoleWs = await consoleSocket(second, op);
    await say(t, u, "from a player on A");
    const id = (await call(t, "GET", "/api/support/conversation", { token: u.token })).json().conversation.id as number;
    expect(await consoleWs.next(ofType("support_inbox"), 3_000)).toEqual({ type: "support_inbox", conversation_id: id, change: "message" });

    const start = await call(t, "POST", "/api/support/visitor", { body: { phone: "09 791 234 569" } });
    const vid = start.json().conversation.id as number;
    const visitor = await visitorSocket(second, start.json().token as string, vid);
    await answer(t, op, vid, "answered on A");
    expect(await visitor.next(staffMessage, 3_000)).toMatchObject({
      conversation_id: vid,
      message: { sender: "staff", body: "answered on A" },
    });
    consoleWs.ws.close();
    visitor.ws.close();
  });
});
