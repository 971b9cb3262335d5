import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import type { AuthService } from "../auth/auth.service.ts";
import { createUser } from "../ledger/testing.ts";
import { type Opened, open } from "./ws-testing.ts";

/** How the socket's authentication ended: closed (with its code) or "ready", whichever came first. */
const outcome = (s: Opened): Promise<number | "ready"> =>
  Promise.race([s.closed, s.next((m) => m.type === "ready").then(() => "ready" as const)]);

/**
 * The next check of `token` by the socket route reads the database as usual, then waits until
 * `release` is called before answering: the test fires a notice in between.
 */
function holdNextCheck(auth: AuthService, token: string): { held: Promise<void>; release(): void } {
  const verify = auth.verify;
  let held: () => void = () => undefined;
  let release: () => void = () => undefined;
  const heldP = new Promise<void>((r) => {
    held = r;
  });
  const gate = new Promise<void>((r) => {
    release = r;
  });
  auth.verify = async (t) => {
    if (t !== token) return verify(t);
    auth.verify = verify;
    const owner = await verify(t);
    held();
    await gate;
    return owner;
  };
  return { held: heldP, release };
}

describe("a session ended while a socket's token is being checked (GET /api/ws)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("a token revoked after its check read it, before the socket joined the hub: the socket is closed with 4401 at once", async () => {
    const u = await createUser(t);
    const owner = await t.ctx.auth.verify(u.token);
    if (!owner) throw new Error("token does not verify");
    // A tab already open on the token: its close tells that this process handled the notice.
    const first = await open(t.app, `/api/ws?token=${u.token}`);
    await first.next((m) => m.type === "ready");

    const hold = holdNextCheck(t.ctx.auth, u.token);
    const second = await open(t.app, `/api/ws?token=${u.token}`);
    await hold.held;
    await t.ctx.auth.revoke(owner.tokenId);
    expect(await first.closed).toBe(4401);
    hold.release();
    expect(await outcome(second)).toBe(4401);
  });

  it("an account blocked meanwhile: closed with 4403", async () => {
    const u = await createUser(t);
    const first = await open(t.app, `/api/ws?token=${u.token}`);
    await first.next((m) => m.type === "ready");

    const hold = holdNextCheck(t.ctx.auth, u.token);
    const second = await open(t.app, `/api/ws?token=${u.token}`);
    await hold.held;
    await t.ctx.db.execute(sql`update users set blocked = true where id = ${u.id}`);
    expect(await first.closed).toBe(4403);
    hold.release();
    expect(await outcome(second)).toBe(4403);
  });

  it("another token of the same account, revoked meanwhile, leaves the socket open", async () => {
    const u = await createUser(t);
    const other = await t.ctx.auth.issue(u.id);
    const first = await open(t.app, `/api/ws?token=${other.token}`);
    await first.next((m) => m.type === "ready");

    const hold = holdNextCheck(t.ctx.auth, u.token);
    const second = await open(t.app, `/api/ws?token=${u.token}`);
    await hold.held;
    await t.ctx.auth.revoke(other.tokenId);
    expect(await first.closed).toBe(4401);
    hold.release();
    expect(await outcome(second)).toBe("ready");
    expect(second.messages[0]).toEqual({ type: "ready", user_id: u.id });
    second.ws.close();
  });
});
