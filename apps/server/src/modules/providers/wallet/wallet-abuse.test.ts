import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../app.ts";
import type { ZodApp } from "../../../app-context.ts";
import { rowsOf } from "../../../db/client.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { expectLedgerClean } from "../../ledger/testing.ts";
import { connectTestProvider, type Player, player, TEST_PROVIDER, TEST_SECRET } from "../wallet.test-helpers.ts";
import { BAD_WALLET_CALLS } from "./wallet-abuse.ts";
import { walletSignature } from "./wallet-signature.ts";

let t: TestApp;
let p: Player;
beforeAll(async () => {
  t = await createTestApp();
  connectTestProvider(t);
  p = await player(t, 5_000);
});
afterAll(async () => t.close());

const callbacks = async () =>
  Number(rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from provider_callbacks`))[0]?.n);

/** A wallet call from an address; signed with the provider's secret unless `signature` is given. */
async function call(app: ZodApp, remoteAddress: string, action: string, body: object, opts: { signature?: string; code?: string } = {}) {
  const raw = JSON.stringify(body);
  const ts = String(Math.floor(t.ctx.clock.now().getTime() / 1000));
  return app.inject({
    method: "POST",
    url: `/api/provider/${opts.code ?? TEST_PROVIDER}/wallet/${action}`,
    remoteAddress,
    headers: {
      "content-type": "application/json",
      "x-timestamp": ts,
      "x-signature": opts.signature ?? walletSignature(TEST_SECRET, ts, raw),
    },
    payload: raw,
  });
}

const ATTACKER = "203.0.113.66";
const forged = "0".repeat(64);

describe("wallet calls with a bad signature are limited per address", () => {
  it(`answers the first ${BAD_WALLET_CALLS.max} per minute as usual, then cuts them short; signed calls are never held back`, async () => {
    expect(BAD_WALLET_CALLS).toEqual({ max: 30, windowMs: 60_000 });
    const before = await callbacks();
    for (let i = 0; i < BAD_WALLET_CALLS.max; i++) {
      const res = await call(t.app, ATTACKER, "balance", { player: p.userCode, transaction_id: `probe-${i}` }, { signature: forged });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "INVALID_SIGNATURE" });
      expect(res.headers["retry-after"]).toBeUndefined();
    }
    expect(await callbacks()).toBe(before + BAD_WALLET_CALLS.max);

    // Past the limit: the same answer (HTTP 200, the refusal status) with Retry-After, and nothing kept.
    for (let i = 0; i < 5; i++) {
      const res = await call(
        t.app,
        ATTACKER,
        "debit",
        { player: p.userCode, transaction_id: `more-${i}`, amount: 100 },
        { signature: forged },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "INVALID_SIGNATURE" });
      const retryAfter = Number(res.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // A provider without a wallet connection counts as an unsigned call too.
    const unknown = await call(t.app, ATTACKER, "balance", { player: p.userCode, transaction_id: "x" }, { code: "NOPE" });
    expect(unknown.json()).toEqual({ status: "PROVIDER_DISABLED" });
    expect(unknown.headers["retry-after"]).toBeDefined();
    expect(await callbacks()).toBe(before + BAD_WALLET_CALLS.max);

    // The real provider calling from the same address is served normally.
    const debit = await call(t.app, ATTACKER, "debit", { player: p.userCode, transaction_id: "real-1", round_id: "r-1", amount: 1_000 });
    expect(debit.json()).toMatchObject({ status: "OK", balance: 4_000 });
    expect(debit.headers["retry-after"]).toBeUndefined();
    expect(await callbacks()).toBe(before + BAD_WALLET_CALLS.max + 1);

    // Another address is not affected by this one's count.
    const other = await call(t.app, "198.51.100.4", "balance", { player: p.userCode, transaction_id: "y" }, { signature: forged });
    expect(other.json()).toEqual({ status: "INVALID_SIGNATURE" });
    expect(other.headers["retry-after"]).toBeUndefined();
    expect(await callbacks()).toBe(before + BAD_WALLET_CALLS.max + 2);
    await expectLedgerClean(t);
  });

  it("the count is shared: another instance on the same database cuts the address short too", async () => {
    const { app, ctx } = await buildApp({ config: t.config, database: t.database });
    connectTestProvider({ ...t, app, ctx });
    await app.ready();
    try {
      const before = await callbacks();
      const res = await call(app, ATTACKER, "balance", { player: p.userCode, transaction_id: "z" }, { signature: forged });
      expect(res.json()).toEqual({ status: "INVALID_SIGNATURE" });
      expect(res.headers["retry-after"]).toBeDefined();
      expect(await callbacks()).toBe(before);
    } finally {
      await app.close();
    }
  });
});
