import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fairNumber } from "@shwe/domain";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import webpush from "web-push";
import { testConfig } from "../../config/env.ts";
import { rowsOf } from "../../db/client.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { call, createUser, DEFAULT_PASSWORD, expectErrorBody, expectLedgerClean, fund, type TestUser } from "../ledger/testing.ts";
import { bet, createDraw, drawRow, passDrawTime, testScheduler } from "../lottery/lottery.test-helpers.ts";
import { settleDraw } from "../lottery/settlement.service.ts";
import { createPushWorker, isAllowedEndpoint, MAX_ATTEMPTS, type PushWorker, queueNotifications } from "./push.service.ts";
import { type FakeBrowser, type StubPushService, startStubPushService } from "./push.test-helpers.ts";
import { renderPush } from "./push-texts.ts";
import { loadVapidKeys } from "./vapid.ts";

const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;
const vapid = { ...webpush.generateVAPIDKeys(), subject: "mailto:ops@example.com" };

const count = async (t: TestApp, query: ReturnType<typeof sql>) => Number(rowsOf<{ n: number }>(await t.ctx.db.execute(query))[0]?.n);

describe("web push", () => {
  let t: TestApp;
  let stub: StubPushService;
  let worker: PushWorker;
  let op: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ config: { vapid } });
    stub = await startStubPushService();
    // The same code the server runs when it listens, driven round by round here.
    worker = createPushWorker(t.ctx.db, vapid, silent);
    op = await createUser(t, { role: "operator" });
  });
  afterEach(async () => expectLedgerClean(t));
  afterAll(async () => {
    await stub.close();
    await t.close();
  });

  const subscribe = (u: TestUser, b: FakeBrowser, language?: string) =>
    call(t, "POST", "/api/user/save_device_token", {
      token: u.token,
      body: { endpoint: b.endpoint, expirationTime: null, keys: b.keys, ...(language ? { language } : {}) },
    });
  const subscribed = async (u: TestUser, b: FakeBrowser) => {
    const res = await subscribe(u, b, "en");
    expect(res.statusCode, res.body).toBe(200);
  };
  const cashIn = async (u: TestUser, amount: number, six: string) => {
    const res = await call(t, "POST", "/api/cash-in", { token: u.token, body: { payment_method_id: 1, amount, last_six_digits: six } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const cashOut = async (u: TestUser, amount: number) => {
    const res = await call(t, "POST", "/api/cash-out", {
      token: u.token,
      body: { payment_method_id: 2, amount, account_number: "09791112223", holder_name: "Ma Ma", password: DEFAULT_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const approve = (id: number) => call(t, "POST", `/api/admin/cash-requests/${id}/approve`, { token: op.token, body: {} });
  const reject = (id: number) =>
    call(t, "POST", `/api/admin/cash-requests/${id}/reject`, { token: op.token, body: { reason: "no transfer" } });
  const pushesTo = (b: FakeBrowser) => stub.received.filter((r) => b.endpoint.endsWith(r.path));
  /** What the browser was given (the push service accepted it), in any order. */
  const textsTo = (b: FakeBrowser) =>
    pushesTo(b)
      .filter((r) => r.status < 300)
      .map((r) => JSON.parse(r.text) as Record<string, string>);

  it("a push to the stub endpoint decrypts to the expected text (cash-in approved, in the player's language)", async () => {
    const u = await createUser(t);
    const b = stub.browser("cash-in");
    const key = await call(t, "GET", "/api/push/public-key");
    expect(key.json()).toEqual({ public_key: vapid.publicKey });
    await subscribed(u, b);

    const id = await cashIn(u, 25_000, "410001");
    expect((await approve(id)).statusCode).toBe(200);
    const report = await worker.tick();
    expect(report).toMatchObject({ queued: 1, sent: 1 });

    expect(stub.rejected).toEqual([]);
    const [push] = pushesTo(b);
    expect(push?.publicKey).toBe(vapid.publicKey);
    expect(push?.claims).toMatchObject({ aud: stub.origin, sub: vapid.subject });
    expect(push?.headers.ttl).toBe("86400");
    expect(push?.headers.urgency).toBe("high");
    expect(JSON.parse(push?.text ?? "")).toEqual({
      title: "Cash-in approved",
      body: "Your cash-in of 25,000 Ks was approved and added to your main balance.",
      icon: "/icons/icon-192.png",
      url: "/wallet-history",
      tag: `cash-${id}`,
    });
    // Sent once: the next round finds nothing.
    expect(await worker.tick()).toMatchObject({ queued: 0, sent: 0 });
    expect(pushesTo(b)).toHaveLength(1);
    expect(await count(t, sql`select count(*)::int as n from push_deliveries`)).toBe(0);
    expect(await count(t, sql`select count(*)::int as n from push_subscriptions where last_success_at is not null`)).toBeGreaterThan(0);
  });

  it("cash-out and cash-in rejections arrive in Burmese (the default) and Thai", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 50_000);
    const mm = stub.browser("mm");
    const thai = stub.browser("thai");
    expect((await subscribe(u, mm)).statusCode).toBe(200); // no language: Burmese
    expect((await subscribe(u, thai, "thai")).statusCode).toBe(200);
    const out = await cashOut(u, 20_000);
    expect((await reject(out)).statusCode).toBe(200);
    const inId = await cashIn(u, 30_000, "410002");
    expect((await reject(inId)).statusCode).toBe(200);
    await worker.tick();
    expect(stub.rejected).toEqual([]);
    expect(
      textsTo(mm)
        .map((p) => p.body)
        .sort(),
    ).toEqual(
      [
        "သင်၏ ငွေထုတ် 20,000 ကျပ် ကို ငြင်းပယ်ပြီး ပမာဏကို ပင်မငွေထဲသို့ ပြန်ထည့်ပေးပါပြီ။",
        "သင်၏ ငွေသွင်း 30,000 ကျပ် ကို ငြင်းပယ်လိုက်ပါသည်။ အသေးစိတ်ကို ငွေသွင်းမှတ်တမ်းတွင် ကြည့်ပါ။",
      ].sort(),
    );
    expect(
      textsTo(thai)
        .map((p) => p.title)
        .sort(),
    ).toEqual(["การถอนเงินถูกปฏิเสธ", "การฝากเงินถูกปฏิเสธ"].sort());
  });

  it("a settled draw tells each bettor their win or the result, once, in their language", async () => {
    const winner = await createUser(t);
    const loser = await createUser(t);
    const bystander = await createUser(t);
    for (const u of [winner, loser]) await fund(t, u.id, 10_000);
    const cn = stub.browser("cn");
    const en = stub.browser("en");
    const none = stub.browser("none");
    expect((await subscribe(winner, cn, "cn")).statusCode).toBe(200);
    expect((await subscribe(loser, en, "en")).statusCode).toBe(200);
    expect((await subscribe(bystander, none, "en")).statusCode).toBe(200);

    const drawId = await createDraw(t, "C2D");
    const winning = await fairNumber(String((await drawRow(t, drawId))?.fair_seed_secret), drawId, "C2D");
    const other = String((Number(winning) + 1) % 100).padStart(2, "0");
    const placed = await bet(t, winner.token, "C2D", drawId, [
      { number: winning, amount: 1_000 },
      { number: other, amount: 500 },
    ]);
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await bet(t, loser.token, "C2D", drawId, [{ number: other, amount: 700 }])).statusCode).toBe(201);
    await passDrawTime(t, drawId);
    // The scheduler reveals the fair result and settles the draw, as on the server.
    expect((await testScheduler(t).tick()).errors).toBe(0);
    expect(await settleDraw(t.ctx, drawId)).toBe("settled");

    const first = await worker.tick();
    expect(first.sent).toBe(2);
    expect(stub.rejected).toEqual([]);
    expect(textsTo(cn)).toEqual([
      {
        title: "恭喜您中奖了！",
        body: `加密 2D 开奖号码 ${winning}：您赢得了 85,000 缅元。`,
        icon: "/icons/icon-192.png",
        url: "/betslip",
        tag: `draw-${drawId}`,
      },
    ]);
    expect(textsTo(en)).toEqual([
      {
        title: "Crypto 2D result is out",
        body: `The Crypto 2D winning number is ${winning}.`,
        icon: "/icons/icon-192.png",
        url: "/crypto/lottery",
        tag: `draw-${drawId}`,
      },
    ]);
    expect(pushesTo(en)[0]?.headers.urgency).toBe("normal");
    expect(pushesTo(none)).toEqual([]);
    // Announced once, however often the workers run.
    await Promise.all([worker.tick(), createPushWorker(t.ctx.db, vapid, silent).tick()]);
    expect(pushesTo(cn)).toHaveLength(1);
    expect(pushesTo(en)).toHaveLength(1);
  });

  it("a 410 from the push service deletes the subscription; 5xx is retried a few times, then dropped", async () => {
    const u = await createUser(t);
    const gone = stub.browser("gone");
    const flaky = stub.browser("flaky");
    await subscribed(u, gone);
    await subscribed(u, flaky);
    stub.answers.set(new URL(gone.endpoint).pathname, 410);
    stub.answers.set(new URL(flaky.endpoint).pathname, 503);
    expect((await approve(await cashIn(u, 10_000, "410003"))).statusCode).toBe(200);

    const first = await worker.tick();
    expect(first).toMatchObject({ queued: 2, sent: 0, gone: 1, retried: 1 });
    expect(await count(t, sql`select count(*)::int as n from push_subscriptions where endpoint = ${gone.endpoint}`)).toBe(0);
    const [state] = rowsOf<{ attempts: number; wait: number }>(
      await t.ctx.db.execute(sql`
        select d.attempts, extract(epoch from d.next_attempt_at - now())::float8 as wait
          from push_deliveries d join push_subscriptions s on s.id = d.subscription_id where s.endpoint = ${flaky.endpoint}`),
    );
    expect(state?.attempts).toBe(1);
    expect(Number(state?.wait)).toBeGreaterThan(5);

    // Not due yet: nothing is sent again.
    expect(await worker.tick()).toMatchObject({ sent: 0, retried: 0, dropped: 0 });
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      await t.ctx.db.execute(sql`update push_deliveries set next_attempt_at = now()`);
      const round = await worker.tick();
      expect(round).toMatchObject(attempt < MAX_ATTEMPTS ? { retried: 1 } : { dropped: 1 });
    }
    expect(await count(t, sql`select count(*)::int as n from push_deliveries`)).toBe(0);
    expect(
      await count(
        t,
        sql`select failures::int as n from push_subscriptions where endpoint = ${flaky.endpoint} and last_failure_at is not null`,
      ),
    ).toBe(1);

    // The browser works again: the next notification arrives.
    stub.answers.delete(new URL(flaky.endpoint).pathname);
    expect((await approve(await cashIn(u, 11_000, "410004"))).statusCode).toBe(200);
    expect(await worker.tick()).toMatchObject({ sent: 1 });
    expect(pushesTo(flaky).map((p) => p.status)).toEqual([503, 503, 503, 503, 503, 201]);
    expect(textsTo(flaky).map((p) => p.title)).toEqual(["Cash-in approved"]);
  });

  it("sending never blocks nor fails the money request: a push service that never answers changes nothing for it", async () => {
    const u = await createUser(t);
    const hung = stub.browser("hung");
    await subscribed(u, hung);
    stub.answers.set(new URL(hung.endpoint).pathname, "hang");
    const id = await cashIn(u, 12_000, "410005");
    const started = Date.now();
    const res = await approve(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    const balance = await call(t, "GET", "/api/user/profile", { token: u.token });
    expect(balance.json().balance).toBe(12_000);
    // The notification waits in the queue for the worker.
    expect(await count(t, sql`select count(*)::int as n from outbox where topic = 'cash_request' and delivered_at is null`)).toBe(1);
    await t.ctx.db.execute(sql`delete from push_subscriptions where endpoint = ${hung.endpoint}`);
    await worker.tick();
  });

  it("several servers running the worker at once send each notification once", async () => {
    const u = await createUser(t);
    const b = stub.browser("race");
    await subscribed(u, b);
    for (const six of ["410011", "410012", "410013"]) expect((await approve(await cashIn(u, 5_000, six))).statusCode).toBe(200);
    const workers = [worker, createPushWorker(t.ctx.db, vapid, silent), createPushWorker(t.ctx.db, vapid, silent)];
    const reports = await Promise.all(workers.map((w) => w.tick()));
    expect(reports.reduce((n, r) => n + r.queued, 0)).toBe(3);
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(3);
    expect(
      textsTo(b)
        .map((p) => p.tag)
        .sort(),
    ).toHaveLength(3);
    expect(new Set(textsTo(b).map((p) => p.tag)).size).toBe(3);
  });

  it("signing out stops the notifications of that session", async () => {
    const u = await createUser(t);
    const b = stub.browser("signed-out");
    await subscribed(u, b);
    expect((await call(t, "POST", "/api/user/logout", { token: u.token, body: {} })).statusCode).toBeLessThan(300);
    await worker.tick();
    expect(await count(t, sql`select count(*)::int as n from push_subscriptions where endpoint = ${b.endpoint}`)).toBe(0);
  });

  it("refuses bad subscriptions with the error body and saves nothing; opting out forgets the browser", async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const b = stub.browser("checks");
    const before = await count(t, sql`select count(*)::int as n from push_subscriptions`);
    expectErrorBody(
      await call(t, "POST", "/api/user/save_device_token", { body: { endpoint: b.endpoint, keys: b.keys } }),
      401,
      "UNAUTHENTICATED",
    );
    const bad = [
      { endpoint: "ftp://127.0.0.1/x", keys: b.keys },
      { endpoint: "http://10.0.0.1/push", keys: b.keys },
      { endpoint: b.endpoint, keys: { ...b.keys, p256dh: Buffer.alloc(65, 1).toString("base64url") } },
      { endpoint: b.endpoint, keys: { ...b.keys, auth: "short" } },
      { endpoint: b.endpoint, keys: b.keys, language: "fr" },
      { endpoint: b.endpoint, keys: b.keys, extra: 1 },
    ];
    for (const body of bad)
      expectErrorBody(await call(t, "POST", "/api/user/save_device_token", { token: u.token, body }), 400, "VALIDATION_FAILED");
    expect(await count(t, sql`select count(*)::int as n from push_subscriptions`)).toBe(before);

    await subscribed(u, b);
    const status = (who: TestUser) => call(t, "POST", "/api/push/status", { token: who.token, body: { endpoint: b.endpoint } });
    expect((await status(u)).json()).toEqual({ subscribed: true });
    expect((await status(other)).json()).toEqual({ subscribed: false });
    // Another player cannot remove it.
    const del = (who: TestUser) =>
      t.app.inject({
        method: "DELETE",
        url: "/api/user/save_device_token",
        headers: { authorization: `Bearer ${who.token}` },
        payload: { endpoint: b.endpoint },
      });
    expect((await del(other)).json()).toEqual({ subscribed: false });
    expect((await status(u)).json()).toEqual({ subscribed: true });
    expect((await del(u)).json()).toEqual({ subscribed: false });
    expect((await status(u)).json()).toEqual({ subscribed: false });
  });

  it("a browser that changes hands is the new player's only", async () => {
    const first = await createUser(t);
    const second = await createUser(t);
    const b = stub.browser("shared");
    await subscribed(first, b);
    expect((await approve(await cashIn(first, 13_000, "410006"))).statusCode).toBe(200);
    // Queued for the first player, then the browser is saved by the second one before it is sent.
    expect(await queueNotifications(t.ctx.db)).toBe(1);
    await subscribed(second, b);
    expect(await worker.tick()).toMatchObject({ sent: 0 });
    expect(pushesTo(b)).toEqual([]);
    expect(await count(t, sql`select count(*)::int as n from push_deliveries`)).toBe(0);
  });
});

describe("push pieces", () => {
  it("production sends only to known push services over https; demo also to this machine", () => {
    expect(isAllowedEndpoint("https://fcm.googleapis.com/fcm/send/abc", "production")).toBe(true);
    expect(isAllowedEndpoint("https://web.push.apple.com/QG", "production")).toBe(true);
    expect(isAllowedEndpoint("https://wns2-par02p.notify.windows.com/w/?token=x", "production")).toBe(true);
    expect(isAllowedEndpoint("https://evil.example/fcm.googleapis.com", "production")).toBe(false);
    expect(isAllowedEndpoint("https://fcm.googleapis.com.evil.example/x", "production")).toBe(false);
    expect(isAllowedEndpoint("http://fcm.googleapis.com/x", "production")).toBe(false);
    expect(isAllowedEndpoint("http://127.0.0.1:9/x", "production")).toBe(false);
    expect(isAllowedEndpoint("http://127.0.0.1:9/x", "demo")).toBe(true);
    expect(isAllowedEndpoint("http://192.168.1.5/x", "demo")).toBe(false);
    expect(isAllowedEndpoint("https://user:pw@fcm.googleapis.com/x", "production")).toBe(false);
  });

  it("demo mode keeps its generated keys in DATA_DIR/vapid.json (owner-only), the same after a restart", () => {
    const dir = mkdtempSync(join(tmpdir(), "vapid-"));
    try {
      const first = loadVapidKeys(testConfig({ dataDir: dir }));
      const again = loadVapidKeys(testConfig({ dataDir: dir }));
      expect(again).toEqual(first);
      expect(statSync(join(dir, "vapid.json")).mode & 0o777).toBe(0o600);
      expect(loadVapidKeys(testConfig({ dataDir: dir, vapid }))).toEqual(vapid);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("every notification has its text in all four languages", () => {
    const events = [
      { kind: "cash", direction: "in", status: "approved", amount: 1_000, requestId: 1 },
      { kind: "cash", direction: "out", status: "rejected", amount: 1_000, requestId: 2 },
      { kind: "win", lottery: "2D", number: "42", amount: 85_000, drawId: 3 },
      { kind: "result", lottery: "3D", number: "123", drawId: 4 },
    ] as const;
    for (const e of events) {
      const texts = (["mm", "en", "cn", "thai"] as const).map((l) => renderPush(e, l));
      expect(new Set(texts.map((x) => x.title)).size).toBe(4);
      expect(new Set(texts.map((x) => x.body)).size).toBe(4);
    }
    expect(renderPush(events[2], "mm").body).toBe("ထိုင်း 2D ပေါက်ဂဏန်း 42 ဖြင့် 85,000 ကျပ် ကံထူးပါသည်။");
  });
});

describe("push when the keys cannot be loaded", () => {
  let t: TestApp;
  beforeEach(async () => {
    const dir = mkdtempSync(join(tmpdir(), "vapid-bad-"));
    // A file where the data folder should be: nothing can be read or written there.
    rmSync(dir, { recursive: true });
    writeFileSync(dir, "not a folder");
    t = await createTestApp({ config: { dataDir: dir } });
  });
  afterEach(async () => t.close());

  it("the site works without push: the key answers 503 PUSH_UNAVAILABLE, everything else as usual", async () => {
    expectErrorBody(await call(t, "GET", "/api/push/public-key"), 503, "PUSH_UNAVAILABLE");
    expect((await call(t, "GET", "/api/health")).statusCode).toBe(200);
  });
});
