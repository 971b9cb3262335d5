import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ZodApp } from "../../app-context.ts";
import { rowsOf } from "../../db/client.ts";
import { ManualClock } from "../../lib/clock.ts";
import { createTestApp, onRealPostgres, openSecondInstance, type SecondInstance, type TestApp } from "../../test/test-app.ts";
import { auditRowsOf } from "../content/content-test-accounts.ts";
import { call, createUser, expectErrorBody, expectLedgerClean, fund, type TestUser } from "../ledger/testing.ts";
import { publishRealtime } from "../realtime/realtime.repository.ts";
import { type Opened, open } from "../realtime/ws-testing.ts";
import { REPLAY_LIMIT } from "./live.service.ts";

type Msg = Record<string, unknown>;
const ofType = (type: string) => (m: Msg) => m.type === type;

async function visitor(app: ZodApp): Promise<Opened> {
  const s = await open(app, "/api/ws");
  s.ws.send(JSON.stringify({ type: "hello" }));
  expect(await s.next(ofType("ready"))).toEqual({ type: "ready", user_id: null });
  return s;
}

async function player(app: ZodApp, u: TestUser): Promise<Opened> {
  const s = await open(app, `/api/ws?token=${u.token}`);
  await s.next(ofType("ready"));
  await s.next(ofType("balance"));
  return s;
}

/** A live result as settlement publishes it (inside its transaction). */
async function publishResult(t: TestApp, number: string): Promise<void> {
  await t.ctx.db.transaction(async (tx) => {
    await publishRealtime(tx, null, { type: "result", lottery: "2D", draw_id: 1, number, draw_at: new Date().toISOString() });
  });
}

describe("live events on the socket", () => {
  let t: TestApp;
  let op: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    op = await createUser(t, { role: "admin" });
  });
  afterAll(async () => t.close());

  it("a visitor gets public events only; a chat message reaches visitors and players, audited", async () => {
    const u = await createUser(t);
    const v = await visitor(t.app);
    const p = await player(t.app, u);
    const res = await call(t, "POST", "/api/admin/live/chat", { token: op.token, body: { text: "  မင်္ဂလာပါ  " } });
    expect(res.statusCode).toBe(201);
    const eventId = res.json().event_id as number;
    const expected = { type: "chat", event_id: eventId, text: "မင်္ဂလာပါ", shown_for_ms: 20_000 };
    expect(await v.next(ofType("chat"))).toEqual(expected);
    expect(await p.next(ofType("chat"))).toEqual(expected);
    const [audit] = await auditRowsOf(t, op.id);
    expect(audit).toMatchObject({ action: "live.chat", targetId: String(eventId), after: { text: "မင်္ဂလာပါ" } });

    // A balance change reaches the player, never the visitor.
    await fund(t, u.id, 3_000);
    expect(await p.next(ofType("balance"))).toMatchObject({ balance: 3_000 });
    v.ws.send(JSON.stringify({ type: "ping" }));
    await v.next(ofType("pong"));
    expect(v.messages.filter(ofType("balance"))).toEqual([]);
    v.ws.close();
    p.ws.close();
    await expectLedgerClean(t);
  });

  it("a broadcast goes to everyone, or to one player by phone only; unknown phones and bad bodies change nothing", async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const v = await visitor(t.app);
    const pu = await player(t.app, u);
    const po = await player(t.app, other);

    const one = await call(t, "POST", "/api/admin/live/broadcast", {
      token: op.token,
      body: { title: "Hello", body: "Only for you", phone: u.phone },
    });
    expect(one.statusCode).toBe(201);
    const all = await call(t, "POST", "/api/admin/live/broadcast", { token: op.token, body: { title: "All", body: "Everyone" } });
    expect(all.statusCode).toBe(201);
    expect(await pu.next(ofType("broadcast"))).toEqual({
      type: "broadcast",
      event_id: one.json().event_id,
      title: "Hello",
      body: "Only for you",
      personal: true,
    });
    expect(await pu.next(ofType("broadcast"))).toMatchObject({ title: "All", personal: false });
    expect(await po.next(ofType("broadcast"))).toMatchObject({ title: "All" });
    expect(await v.next(ofType("broadcast"))).toMatchObject({ title: "All", body: "Everyone", personal: false });
    expect(po.messages.filter(ofType("broadcast"))).toHaveLength(1);
    expect(v.messages.filter(ofType("broadcast"))).toHaveLength(1);
    const [audit] = await auditRowsOf(t, op.id);
    expect(audit).toMatchObject({ action: "live.broadcast", after: { title: "All", user_id: null } });

    const countBefore = rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from live_events`))[0]?.n;
    expectErrorBody(
      await call(t, "POST", "/api/admin/live/broadcast", { token: op.token, body: { title: "x", body: "y", phone: "09999999999" } }),
      404,
      "PLAYER_NOT_FOUND",
    );
    expectErrorBody(
      await call(t, "POST", "/api/admin/live/broadcast", { token: op.token, body: { title: "x", body: "y", phone: op.phone } }),
      404,
      "PLAYER_NOT_FOUND",
    );
    expectErrorBody(
      await call(t, "POST", "/api/admin/live/chat", { token: op.token, body: { text: "   " } }),
      422,
      "BURMESE_TEXT_REQUIRED",
    );
    expectErrorBody(
      await call(t, "POST", "/api/admin/live/chat", { token: op.token, body: { text: "x".repeat(281) } }),
      400,
      "VALIDATION_FAILED",
    );
    expectErrorBody(
      await call(t, "POST", "/api/admin/live/chat", { token: op.token, body: { text: "a\u0000b" } }),
      400,
      "VALIDATION_FAILED",
    );
    expectErrorBody(await call(t, "POST", "/api/admin/live/chat", { token: u.token, body: { text: "hi" } }), 403, "FORBIDDEN");
    expectErrorBody(await call(t, "POST", "/api/admin/live/chat", { body: { text: "hi" } }), 401, "UNAUTHENTICATED");
    const countAfter = rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from live_events`))[0]?.n;
    expect(countAfter).toBe(countBefore);
    for (const s of [v, pu, po]) s.ws.close();
  });

  it("a marquee edit in the console reaches open pages at once; a result from settlement too (visitors included)", async () => {
    const v = await visitor(t.app);
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/admin/content/header_play_text",
      headers: { authorization: `Bearer ${op.token}` },
      payload: { text: "New marquee" },
    });
    expect(res.statusCode).toBe(200);
    expect(await v.next(ofType("marquee"))).toMatchObject({ type: "marquee", text: "New marquee" });
    await publishResult(t, "42");
    expect(await v.next(ofType("result"))).toMatchObject({ type: "result", lottery: "2D", number: "42" });
    // A rolled-back transaction publishes nothing.
    await t.ctx.db
      .transaction(async (tx) => {
        await publishRealtime(tx, null, { type: "chat", text: "never", shown_for_ms: 20_000 });
        throw new Error("rollback");
      })
      .catch(() => undefined);
    await call(t, "POST", "/api/admin/live/chat", { token: op.token, body: { text: "after" } });
    expect(await v.next(ofType("chat"))).toMatchObject({ text: "after" });
    expect(v.messages.some((m) => m.text === "never")).toBe(false);
    v.ws.close();
  });

  it("a dropped socket resumes: the missed result, the chat still running, the marquee, a fresh balance; nothing expired", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 1_000);
    const first = await player(t.app, u);
    const chat = await call(t, "POST", "/api/admin/live/chat", { token: op.token, body: { text: "before the drop" } });
    const seen = (await first.next(ofType("chat"))).event_id as number;
    expect(seen).toBe(chat.json().event_id);
    first.ws.terminate();

    // While the socket is down: a result, a running chat message, an expired one, a balance change.
    // A page kept open hears them live first, so none is still on its way when the player's socket
    // comes back (it would get it live, not through the replay).
    const barrier = await visitor(t.app);
    await publishResult(t, "07");
    await call(t, "POST", "/api/admin/live/chat", { token: op.token, body: { text: "while down" } });
    const old = await call(t, "POST", "/api/admin/live/chat", { token: op.token, body: { text: "expired" } });
    await barrier.next((m) => m.type === "chat" && m.text === "expired");
    barrier.ws.close();
    await t.ctx.db.execute(sql`update live_events set expires_at = now() - interval '1 second' where id = ${old.json().event_id}`);
    await fund(t, u.id, 500);

    const again = await open(t.app, "/api/ws");
    again.ws.send(JSON.stringify({ type: "auth", token: u.token }));
    await again.next(ofType("ready"));
    expect(await again.next(ofType("balance"))).toMatchObject({ balance: 1_500 });
    again.ws.send(JSON.stringify({ type: "resume", after: seen }));
    const caughtUp = await again.next(ofType("caught_up"));
    const replayed = again.messages.filter((m) => ["result", "chat", "marquee", "broadcast"].includes(m.type as string));
    expect(replayed.find((m) => m.type === "result" && m.number === "07")).toMatchObject({ lottery: "2D" });
    expect(replayed.some((m) => m.text === "while down")).toBe(true);
    expect(replayed.some((m) => m.text === "expired")).toBe(false);
    expect(replayed.at(-1)).toMatchObject({ type: "marquee", text: "New marquee" });
    const ids = replayed.filter((m) => m.type !== "marquee").map((m) => m.event_id as number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(caughtUp.last_event_id).toBeGreaterThanOrEqual(Math.max(...ids));
    again.ws.close();
    await expectLedgerClean(t);
  });

  it("a visitor's dropped socket resumes too: the result missed while it was down, never a player's own events", async () => {
    const u = await createUser(t);
    const first = await visitor(t.app);
    first.ws.send(JSON.stringify({ type: "resume" }));
    const head = (await first.next(ofType("caught_up"))).last_event_id as number;
    first.ws.terminate();

    await publishResult(t, "63");
    await call(t, "POST", "/api/admin/live/broadcast", { token: op.token, body: { title: "mine", body: "b", phone: u.phone } });

    const again = await visitor(t.app);
    again.ws.send(JSON.stringify({ type: "resume", after: head }));
    const caughtUp = await again.next(ofType("caught_up"));
    const result = again.messages.find((m) => m.type === "result" && m.number === "63");
    expect(result).toMatchObject({ lottery: "2D", draw_id: 1 });
    expect(caughtUp.last_event_id).toBeGreaterThanOrEqual(result?.event_id as number);
    expect(again.messages.some((m) => m.type === "broadcast" && m.title === "mine")).toBe(false);
    again.ws.close();
  });

  it("a socket that missed more than a page of events gets every one, once and in order, a page at a time", async () => {
    const first = await visitor(t.app);
    first.ws.send(JSON.stringify({ type: "resume" }));
    const after = (await first.next(ofType("caught_up"))).last_event_id as number;
    first.ws.terminate();

    // Stored while the socket was away (never announced to it): more than two pages.
    const count = REPLAY_LIMIT * 2 + 37;
    const inserted = await t.ctx.db.execute(sql`
      insert into live_events (user_id, kind, payload, expires_at)
      select null, 'result', jsonb_build_object('lottery', '2D', 'draw_id', g, 'number', lpad((g % 100)::text, 2, '0'),
                                                'draw_at', now()), now() + interval '12 hours'
      from generate_series(1, ${count}) as g
      returning id`);
    const missed = rowsOf<{ id: number | string }>(inserted)
      .map((r) => Number(r.id))
      .sort((a, b) => a - b);
    expect(missed).toHaveLength(count);

    // Asked for again after each full page, as the web client does.
    const s = await visitor(t.app);
    const caughtUps: Msg[] = [];
    let cursor = after;
    for (let page = 0; page < 10; page++) {
      s.ws.send(JSON.stringify({ type: "resume", after: cursor }));
      const caughtUp = await s.next(ofType("caught_up"));
      caughtUps.push(caughtUp);
      if (caughtUp.more !== true) break;
      cursor = caughtUp.last_event_id as number;
    }
    expect(caughtUps.map((c) => c.more === true)).toEqual([true, true, false]);
    const delivered = s.messages.filter((m) => m.type !== "marquee" && typeof m.event_id === "number").map((m) => m.event_id as number);
    // The look-back of the first page may repeat events from just before `after`, never a later page.
    expect(new Set(delivered).size).toBe(delivered.length);
    expect(delivered.filter((id) => id > after)).toEqual(missed);
    // A full page's head names the last event it sent, never one beyond; the last page's reaches the newest.
    let sentSoFar = 0;
    for (const m of s.messages) {
      if (m.type === "caught_up" && m.more === true) expect(m.last_event_id).toBe(sentSoFar);
      else if (m.type === "result") sentSoFar = Math.max(sentSoFar, m.event_id as number);
    }
    expect(caughtUps.at(-1)?.last_event_id).toBeGreaterThanOrEqual(missed.at(-1) as number);
    // Only the last page ends with the marquee.
    expect(s.messages.filter(ofType("marquee"))).toHaveLength(1);
    s.ws.close();
  });

  it("a fresh page's resume (no id) gets only running chat messages and the marquee; others' broadcasts never", async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    await call(t, "POST", "/api/admin/live/broadcast", { token: op.token, body: { title: "p", body: "b", phone: other.phone } });
    const s = await player(t.app, u);
    s.ws.send(JSON.stringify({ type: "resume" }));
    await s.next(ofType("caught_up"));
    expect(s.messages.some((m) => m.type === "result" || m.type === "broadcast")).toBe(false);
    expect(s.messages.some((m) => m.type === "chat" && m.text === "while down")).toBe(true);
    s.ws.send(JSON.stringify({ type: "resume", after: 0 }));
    await s.next(ofType("caught_up"));
    // Broadcasts to everyone are replayed; another player's own broadcast never.
    expect(s.messages.some((m) => m.type === "broadcast" && m.title === "All")).toBe(true);
    expect(s.messages.some((m) => m.type === "broadcast" && m.title === "p")).toBe(false);
    expect(s.messages.some((m) => m.type === "result")).toBe(true);
    s.ws.close();
  });

  it("counts the open sockets (players and visitors) for the console", async () => {
    const u = await createUser(t);
    const before = (await call(t, "GET", "/api/admin/live/connections", { token: op.token })).json();
    const v = await visitor(t.app);
    const p1 = await player(t.app, u);
    const p2 = await player(t.app, u);
    const res = await call(t, "GET", "/api/admin/live/connections", { token: op.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      sockets: before.sockets + 3,
      players: before.players + 1,
      visitors: before.visitors + 1,
      instances: 1,
    });
    expect(res.headers["cache-control"]).toBe("no-store");
    expectErrorBody(await call(t, "GET", "/api/admin/live/connections", { token: u.token }), 403, "FORBIDDEN");
    for (const s of [v, p1, p2]) s.ws.close();
  });
});

describe.skipIf(!onRealPostgres)("live events across two server processes (real PostgreSQL only: set TEST_DATABASE_URL to run)", () => {
  let t: TestApp;
  let second: SecondInstance | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    second = await openSecondInstance(t);
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  it("a chat message and a broadcast posted through instance A reach sockets on instance B; A counts B's sockets", async () => {
    if (!second) throw new Error("second instance missing");
    const op = await createUser(t, { role: "admin" });
    const u = await createUser(t);
    const v = await visitor(second.app);
    const p = await player(second.app, u);
    const chat = await call(t, "POST", "/api/admin/live/chat", { token: op.token, body: { text: "from A" } });
    expect(chat.statusCode).toBe(201);
    expect(await v.next(ofType("chat"), 2_000)).toMatchObject({ text: "from A", event_id: chat.json().event_id });
    expect(await p.next(ofType("chat"), 2_000)).toMatchObject({ text: "from A" });
    await call(t, "POST", "/api/admin/live/broadcast", { token: op.token, body: { title: "t", body: "b", phone: u.phone } });
    expect(await p.next(ofType("broadcast"), 2_000)).toMatchObject({ title: "t", personal: true });

    // B reports its sockets about a second after they open; A adds every process up.
    let counted: Record<string, number> = {};
    for (let i = 0; i < 40; i++) {
      counted = (await call(t, "GET", "/api/admin/live/connections", { token: op.token })).json();
      if (counted.sockets === 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(counted).toEqual({ sockets: 2, players: 1, visitors: 1, instances: 2 });
    v.ws.close();
    p.ws.close();
  });
});

describe("chat messages replayed to a page that opens later", () => {
  let t: TestApp;
  let op: TestUser;
  const clock = new ManualClock(new Date());
  beforeAll(async () => {
    t = await createTestApp({ clock });
    op = await createUser(t, { role: "admin" });
  });
  afterAll(async () => t.close());

  async function replayedChats(after?: number): Promise<Msg[]> {
    const s = await visitor(t.app);
    s.ws.send(JSON.stringify(after === undefined ? { type: "resume" } : { type: "resume", after }));
    await s.next(ofType("caught_up"));
    s.ws.close();
    return s.messages.filter(ofType("chat"));
  }

  it("run for what is left of their 20 s, and are never shown again once it is over", async () => {
    // A page already open gets the message live; once it has, the live fan-out is over and the
    // pages opened below meet the message only through the replay.
    const watcher = await visitor(t.app);
    const sent = await call(t, "POST", "/api/admin/live/chat", { token: op.token, body: { text: "quick news" } });
    const id = sent.json().event_id as number;
    await watcher.next(ofType("chat"));
    watcher.ws.close();
    expect(await replayedChats()).toEqual([{ type: "chat", event_id: id, text: "quick news", shown_for_ms: 20_000 }]);

    clock.advance(15_000);
    expect(await replayedChats()).toEqual([{ type: "chat", event_id: id, text: "quick news", shown_for_ms: 5_000 }]);
    expect(await replayedChats(0)).toMatchObject([{ event_id: id, shown_for_ms: 5_000 }]);

    // Minutes later a new page (or a socket resuming from before it) shows nothing of it.
    clock.advance(5_000);
    expect(await replayedChats()).toEqual([]);
    clock.advance(3 * 60_000);
    expect(await replayedChats()).toEqual([]);
    expect(await replayedChats(0)).toEqual([]);
  });

  it("carry every language written, live and in the replay while they run; one without Burmese is refused (422)", async () => {
    const watcher = await visitor(t.app);
    const sent = await call(t, "POST", "/api/admin/live/chat", {
      token: op.token,
      body: { text: "ကံကောင်းပါစေ", translations: { en: " Good luck ", cn: "", thai: "โชคดี" } },
    });
    expect(sent.statusCode).toBe(201);
    const id = sent.json().event_id as number;
    const expected = { type: "chat", event_id: id, text: "ကံကောင်းပါစေ", translations: { en: "Good luck", thai: "โชคดี" } };
    expect(await watcher.next(ofType("chat"))).toEqual({ ...expected, shown_for_ms: 20_000 });
    watcher.ws.close();
    const [audit] = await auditRowsOf(t, op.id);
    expect(audit).toMatchObject({ action: "live.chat", after: { text: "ကံကောင်းပါစေ", translations: { en: "Good luck", thai: "โชคดี" } } });

    // A page opened 12 s later replays it, every language with it, for the 8 s left.
    clock.advance(12_000);
    expect(await replayedChats()).toEqual([{ ...expected, shown_for_ms: 8_000 }]);

    const count = async () => rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from live_events`))[0]?.n;
    const before = await count();
    for (const body of [
      { text: "", translations: { en: "English only" } },
      { text: "  ", translations: { thai: "ไทย" } },
    ]) {
      expectErrorBody(await call(t, "POST", "/api/admin/live/chat", { token: op.token, body }), 422, "BURMESE_TEXT_REQUIRED");
    }
    expectErrorBody(
      await call(t, "POST", "/api/admin/live/chat", { token: op.token, body: { text: "x", translations: { en: "y".repeat(281) } } }),
      400,
      "VALIDATION_FAILED",
    );
    expect(await count()).toBe(before);
    clock.advance(8_000);
    expect(await replayedChats()).toEqual([]);
  });
});
