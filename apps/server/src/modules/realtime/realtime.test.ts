import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { createTestApp, onRealPostgres, openSecondInstance, type SecondInstance, type TestApp } from "../../test/test-app.ts";
import { createSystemAccount } from "../ledger/ledger.repository.ts";
import { call, createUser, expectLedgerClean, fund } from "../ledger/testing.ts";
import { betPathCounts, lotteryHouse } from "../lottery/betting.service.ts";
import { open } from "./ws-testing.ts";

const isBalance = (m: Record<string, unknown>) => m.type === "balance";

describe("live balance socket (GET /api/ws)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("authenticates by ?token=, sends the balances, then every committed change; answers ping", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 50_000);
    const s = await open(t.app, `/api/ws?token=${u.token}`);
    expect(await s.next((m) => m.type === "ready")).toEqual({ type: "ready", user_id: u.id });
    expect(await s.next(isBalance)).toEqual({ type: "balance", balance: 50_000, game_balance: 0, point: 0, p_balance: 0 });

    const res = await call(t, "POST", "/api/user/transfer_in", { token: u.token, body: { amount: 7_000 } });
    expect(res.statusCode).toBe(200);
    // The funding's own notification may still arrive after the socket opened and repeat 50,000 / 0
    // (a correct snapshot); the transfer must then be pushed.
    expect(await s.next((m) => isBalance(m) && m.game_balance !== 0)).toEqual({
      type: "balance",
      balance: 43_000,
      game_balance: 7_000,
      point: 0,
      p_balance: 0,
    });

    // A slip (one database call, announced after its commit) is pushed too. Its house shard exists
    // already, as after the shard's first bet, so the slip does take the one call.
    await createSystemAccount(t.ctx.db, lotteryHouse(u.id).code);
    const oneCallBefore = betPathCounts(t.ctx).oneCall;
    const drawId = Number(
      rowsOf<{ id: number }>(
        await t.ctx.db.execute(sql`
          insert into draws (type, draw_at, closes_at, status, odds, result_source)
          values ('2D', now() + interval '2 hours', now() + interval '1 hour', 'open', 85, 'manual') returning id`),
      )[0]?.id,
    );
    const slip = await call(t, "POST", "/api/user/betting", {
      token: u.token,
      body: { draw_id: drawId, lines: [{ number: "42", amount: 500 }] },
    });
    expect(slip.statusCode).toBe(201);
    expect(betPathCounts(t.ctx).oneCall).toBe(oneCallBefore + 1);
    expect(await s.next((m) => isBalance(m) && m.balance === 42_500)).toEqual({
      type: "balance",
      balance: 42_500,
      game_balance: 7_000,
      point: 0,
      p_balance: 0,
    });

    // A refused call commits nothing and pushes nothing.
    await call(t, "POST", "/api/user/transfer_in", { token: u.token, body: { amount: 1_000_000 } });
    s.ws.send(JSON.stringify({ type: "ping" }));
    expect(await s.next(() => true)).toEqual({ type: "pong" });
    s.ws.send("not json");
    expect(await s.next(() => true)).toMatchObject({ type: "error", code: "BAD_MESSAGE" });

    // Delivered changes are measured from their commit (the outbox lag), and the socket is counted.
    // A push's delivery mark follows its send, and one mark may take several changes' rows (the slip
    // can commit before the transfer's mark runs), so how many measurements there are depends on
    // timing: wait, bounded, for the first.
    let metrics = "";
    let delivered = 0;
    for (let tries = 0; tries < 200 && delivered < 1; tries++) {
      if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 25));
      metrics = (await t.app.inject({ method: "GET", url: "/metrics" })).body;
      delivered = Number(/^shwe_outbox_lag_seconds_count (\d+)$/m.exec(metrics)?.[1] ?? 0);
    }
    expect(delivered).toBeGreaterThanOrEqual(1);
    expect(metrics).toMatch(/^shwe_websockets_open [1-9]/m);
    s.ws.close();
    await expectLedgerClean(t);
  });

  it("authenticates by a first {type: 'auth'} message; other players' changes are not sent", async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const s = await open(t.app, "/api/ws");
    s.ws.send(JSON.stringify({ type: "auth", token: u.token }));
    expect(await s.next((m) => m.type === "ready")).toEqual({ type: "ready", user_id: u.id });
    await s.next(isBalance);
    await fund(t, other.id, 9_000);
    await fund(t, u.id, 1_234);
    expect(await s.next(isBalance)).toMatchObject({ balance: 1_234 });
    expect(s.messages.filter(isBalance).map((m) => m.balance)).toEqual([0, 1_234]);
    s.ws.close();
  });

  it("closes with 4401 for a bad token or anything but auth first", async () => {
    const bad = await open(t.app, "/api/ws?token=not-a-valid-token-at-all-000000");
    expect(await bad.closed).toBe(4401);
    const noAuth = await open(t.app, "/api/ws");
    noAuth.ws.send(JSON.stringify({ type: "ping" }));
    expect(await noAuth.closed).toBe(4401);
    const badAuth = await open(t.app, "/api/ws");
    badAuth.ws.send(JSON.stringify({ type: "auth", token: "x".repeat(40) }));
    expect(await badAuth.closed).toBe(4401);
    expect(bad.messages).toEqual([]);
  });

  it("a plain HTTP request answers 426 with the error body", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/ws" });
    expect(res.statusCode).toBe(426);
    expect(res.json()).toEqual({ message: "Open this address as a WebSocket.", code: "UPGRADE_REQUIRED" });
  });

  it("a blocked account is refused with 4403", async () => {
    const u = await createUser(t);
    await t.ctx.db.execute(sql`update users set blocked = true where id = ${u.id}`);
    const s = await open(t.app, `/api/ws?token=${u.token}`);
    expect(await s.closed).toBe(4403);
  });
});

describe.skipIf(!onRealPostgres)("live balance across two server processes (real PostgreSQL only: set TEST_DATABASE_URL to run)", () => {
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

  it("a change committed through one instance reaches a socket held by the other within a second", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 20_000);
    if (!second) throw new Error("second instance missing");
    const s = await open(second.app, `/api/ws?token=${u.token}`);
    await s.next((m) => m.type === "ready");
    expect(await s.next(isBalance)).toMatchObject({ balance: 20_000 });
    const started = Date.now();
    const res = await call(t, "POST", "/api/user/transfer_in", { token: u.token, body: { amount: 5_000 } });
    expect(res.statusCode).toBe(200);
    // The fund's own notice can still reach B after the socket joined (another 20,000): wait for the transfer's.
    expect(await s.next((m) => isBalance(m) && m.game_balance === 5_000, 1_000)).toMatchObject({ balance: 15_000, game_balance: 5_000 });
    expect(Date.now() - started).toBeLessThan(1_000);
    s.ws.close();
  });
});
