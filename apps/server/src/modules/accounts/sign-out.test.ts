import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ZodApp } from "../../app-context.ts";
import { createTestApp, onRealPostgres, openSecondInstance, type SecondInstance, type TestApp } from "../../test/test-app.ts";
import { houseCall, housePlayer, launch, launchUrlOf } from "../house/house.test-helpers.ts";
import { call, expectErrorBody, expectLedgerClean } from "../ledger/testing.ts";

/** The client side of a test socket (the `ws` client that injectWS answers). */
interface TestSocket {
  send(data: string): void;
  close(): void;
  on(event: "message", fn: (data: Buffer) => void): void;
  on(event: "close", fn: (code: number, reason: Buffer) => void): void;
}

interface Opened {
  ws: TestSocket;
  messages: Record<string, unknown>[];
  /** Resolves with the close code and reason once the server closes the socket. */
  closed: Promise<{ code: number; reason: string }>;
  isClosed(): boolean;
}

/** A socket authenticated by its first message; resolves once the server said "ready". */
async function openSocket(app: ZodApp, token: string): Promise<Opened> {
  const messages: Record<string, unknown>[] = [];
  let done = false;
  let resolveClosed: (v: { code: number; reason: string }) => void = () => undefined;
  const closed = new Promise<{ code: number; reason: string }>((r) => {
    resolveClosed = r;
  });
  let resolveReady: () => void = () => undefined;
  const ready = new Promise<void>((r) => {
    resolveReady = r;
  });
  const ws = (await app.injectWS("/api/ws", {}, {
    onInit(socket: TestSocket) {
      socket.on("message", (data) => {
        const m = JSON.parse(String(data)) as Record<string, unknown>;
        messages.push(m);
        if (m.type === "ready") resolveReady();
      });
      socket.on("close", (code, reason) => {
        done = true;
        resolveClosed({ code, reason: String(reason) });
      });
    },
  } as never)) as unknown as TestSocket;
  ws.send(JSON.stringify({ type: "auth", token }));
  await within(ready, 5_000, "socket ready");
  return { ws, messages, closed, isClosed: () => done };
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A second sign-in of the same account (another device), through the real sign-in call. */
async function signIn(t: TestApp, phone: string, password: string): Promise<string> {
  const res = await t.app.inject({ method: "POST", url: "/api/user/login", payload: { phone, password } });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

const sessionInfo = (t: TestApp, session: string) => houseCall(t, "GET", "/house/api/session", session);

describe("sign-out ends everything of that sign-in, at once", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { enabled: false, factor: 1 } } });
  });
  afterAll(async () => t.close());

  it("logout closes the sockets of that token (4401) and ends its house sessions and launch codes; another sign-in keeps everything", async () => {
    const p = await housePlayer(t, 5_000);
    const phone = await signIn(t, p.phone, p.password);
    const here = await openSocket(t.app, p.token);
    const hereTab2 = await openSocket(t.app, p.token);
    const there = await openSocket(t.app, phone);
    const game = await launch(t, p);
    const pending = await launchUrlOf(t, p);
    const otherGame = await launch(t, { ...p, token: phone });
    expect((await sessionInfo(t, game.session)).statusCode).toBe(200);

    const started = Date.now();
    expect((await call(t, "POST", "/api/user/logout", { token: p.token })).statusCode).toBe(204);
    expect(await within(here.closed, 2_000, "first tab closed")).toEqual({ code: 4401, reason: "Signed out" });
    expect(await within(hereTab2.closed, 2_000, "second tab closed")).toEqual({ code: 4401, reason: "Signed out" });
    expect(Date.now() - started).toBeLessThan(2_000);

    // The house game refuses the session at its next call, with the error body.
    const refused = await sessionInfo(t, game.session);
    expectErrorBody(refused, 401, "UNAUTHENTICATED");
    expect(refused.json().message).toMatch(/game session has ended/);
    expectErrorBody(await houseCall(t, "POST", "/house/api/spin", game.session, { body: { bet: 100 } }), 401, "UNAUTHENTICATED");
    expectErrorBody(
      await t.app.inject({ method: "POST", url: "/house/api/launch", payload: { launch_code: pending.code } }),
      401,
      "UNAUTHENTICATED",
    );
    expectErrorBody(await call(t, "GET", "/api/user/profile", { token: p.token }), 401, "UNAUTHENTICATED");

    // The other sign-in (another phone) is untouched: its socket, its game.
    expect(there.isClosed()).toBe(false);
    there.ws.send(JSON.stringify({ type: "ping" }));
    await expect.poll(() => there.messages.some((m) => m.type === "pong")).toBe(true);
    expect((await sessionInfo(t, otherGame.session)).statusCode).toBe(200);
    expect((await houseCall(t, "POST", "/house/api/spin", otherGame.session, { body: { bet: 100 } })).statusCode).toBe(200);
    there.ws.close();
    await expectLedgerClean(t);
  });

  it("a password change ends every other sign-in the same way; this one keeps its socket and game", async () => {
    const p = await housePlayer(t, 5_000);
    const other = await signIn(t, p.phone, p.password);
    const mine = await openSocket(t.app, p.token);
    const theirs = await openSocket(t.app, other);
    const myGame = await launch(t, p);
    const theirGame = await launch(t, { ...p, token: other });

    const res = await call(t, "POST", "/api/user/new_password", {
      token: p.token,
      body: { old_password: p.password, password: "another-pass-42" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await within(theirs.closed, 2_000, "other sign-in closed")).toEqual({ code: 4401, reason: "Signed out" });
    expectErrorBody(await sessionInfo(t, theirGame.session), 401, "UNAUTHENTICATED");
    expect(mine.isClosed()).toBe(false);
    expect((await sessionInfo(t, myGame.session)).statusCode).toBe(200);
    mine.ws.close();
  });

  it("blocking an account closes its sockets at once with 4403", async () => {
    const p = await housePlayer(t, 0);
    const s = await openSocket(t.app, p.token);
    await t.ctx.db.execute(sql`update users set blocked = true where id = ${p.id}`);
    expect(await within(s.closed, 2_000, "blocked socket closed")).toEqual({ code: 4403, reason: "Blocked" });
  });
});

describe.skipIf(!onRealPostgres)("sign-out across two server processes (real PostgreSQL only: set TEST_DATABASE_URL to run)", () => {
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

  it("logout on one instance closes the socket held by the other within a second, and its house calls are refused", async () => {
    if (!second) throw new Error("second instance missing");
    const p = await housePlayer(t, 5_000);
    const s = await openSocket(second.app, p.token);
    const game = await launch(t, p);
    const onSecond = () => second?.app.inject({ method: "GET", url: "/house/api/session", headers: { "x-house-session": game.session } });
    expect((await onSecond())?.statusCode).toBe(200);

    const started = Date.now();
    expect((await call(t, "POST", "/api/user/logout", { token: p.token })).statusCode).toBe(204);
    expect(await within(s.closed, 1_000, "socket on the other instance closed")).toEqual({ code: 4401, reason: "Signed out" });
    expect(Date.now() - started).toBeLessThan(1_000);
    const refused = await onSecond();
    expect(refused?.statusCode).toBe(401);
    expect(refused?.json().code).toBe("UNAUTHENTICATED");
  });
});
