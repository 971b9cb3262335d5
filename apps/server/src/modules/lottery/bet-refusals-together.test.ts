import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { claimIdempotencyKeysWithAnswers, claimIdempotencyKeyWithAnswer } from "../ledger/idempotency.repository.ts";
import { createUser, expectErrorBody, expectLedgerClean, fund, type TestUser } from "../ledger/testing.ts";
import { betPathCounts } from "./betting.service.ts";
import { bet, createDraw, lotteryCounts } from "./lottery.test-helpers.ts";

/**
 * A draw-time rush sends many slips past the cut-off at once: their refusals are kept behind their
 * Idempotency-Keys together, in one statement while another is out. Each must still get its own
 * answer, keep it under its own key and replay it, exactly as a refusal kept alone.
 */
describe("refusals kept together", () => {
  let t: TestApp;
  let players: TestUser[];
  let closed: number;
  beforeAll(async () => {
    t = await createTestApp();
    players = [];
    for (let i = 0; i < 4; i++) {
      const u = await createUser(t);
      await fund(t, u.id, 50_000);
      players.push(u);
    }
    closed = await createDraw(t, "2D", { closesIn: -5 });
  }, 240_000);
  afterAll(async () => {
    await expectLedgerClean(t);
    await t.close();
  });

  it("claims each new key once, in order, and leaves a taken key as it was", async () => {
    const [a, b] = players as [TestUser, TestUser];
    const call = (userId: number, key: string, code: string) => ({
      userId,
      key,
      route: "POST /api/user/betting",
      requestHash: `hash-${key}`,
      statusCode: 422,
      response: { message: "m", code },
    });
    const taken = randomUUID();
    expect(await claimIdempotencyKeyWithAnswer(t.ctx.db, call(a.id, taken, "FIRST"))).toBe(true);
    const twice = randomUUID();
    const [k1, k2] = [randomUUID(), randomUUID()];
    const answers = await claimIdempotencyKeysWithAnswers(t.ctx.db, [
      call(a.id, k1, "A1"),
      call(a.id, taken, "LATE"),
      call(b.id, twice, "B_FIRST"),
      call(b.id, twice, "B_SECOND"),
      // The same key text under another player is another key.
      call(b.id, k1, "B1"),
      call(a.id, k2, "A2"),
    ]);
    expect(answers).toEqual([true, false, true, false, true, true]);
    const rows = rowsOf<{ user_id: number; key: string; code: string; status_code: number; request_hash: string }>(
      await t.ctx.db.execute(sql`select user_id, key, response->>'code' as code, status_code, request_hash from idempotency_keys
        where key in (${taken}, ${twice}, ${k1}, ${k2}) order by user_id, key`),
    );
    const byKey = Object.fromEntries(rows.map((r) => [`${r.user_id === a.id ? "a" : "b"}:${r.key}`, r.code]));
    expect(byKey).toEqual({ [`a:${taken}`]: "FIRST", [`b:${twice}`]: "B_FIRST", [`a:${k1}`]: "A1", [`b:${k1}`]: "B1", [`a:${k2}`]: "A2" });
    expect(rows.every((r) => r.status_code === 422 && r.request_hash === `hash-${r.key}`)).toBe(true);
  });

  it("slips refused together each get, keep and replay their own answer", async () => {
    const before = await lotteryCounts(t);
    const counts = betPathCounts(t.ctx);
    const slips = Array.from({ length: 24 }, (_, i) => ({
      player: players[i % players.length] as TestUser,
      key: randomUUID(),
      lines: [{ number: String((i * 7) % 100).padStart(2, "0"), amount: 100 + (i % 3) * 100 }],
    }));
    // Two copies of one slip at once: one keeps the refusal, the other replays it.
    const twin = slips[0] as (typeof slips)[number];
    const sent = [...slips, twin];
    const answers = await Promise.all(sent.map((s) => bet(t, s.player.token, "2D", closed, s.lines, { "idempotency-key": s.key })));
    for (const res of answers) expectErrorBody(res, 422, "BETTING_CLOSED");
    // Every slip was answered from bet_place's reason; the twin that found its key taken went to the
    // general path, which replayed the kept refusal.
    expect(betPathCounts(t.ctx).refused - counts.refused).toBe(slips.length);
    expect(betPathCounts(t.ctx).general - counts.general).toBe(1);

    const kept = rowsOf<{ user_id: number; key: string; status_code: number; code: string }>(
      await t.ctx.db.execute(sql`select user_id, key, status_code, response->>'code' as code from idempotency_keys
        where key in (${sql.join(
          slips.map((s) => sql`${s.key}`),
          sql`, `,
        )})`),
    );
    expect(kept).toHaveLength(slips.length);
    for (const s of slips) {
      const row = kept.find((r) => r.key === s.key);
      expect(row && { user: Number(row.user_id), status: row.status_code, code: row.code }).toEqual({
        user: s.player.id,
        status: 422,
        code: "BETTING_CLOSED",
      });
    }
    // A retry replays the kept refusal; the same key with another slip is a mismatch.
    const retries = await Promise.all(slips.map((s) => bet(t, s.player.token, "2D", closed, s.lines, { "idempotency-key": s.key })));
    for (const res of retries) expectErrorBody(res, 422, "BETTING_CLOSED");
    expect(betPathCounts(t.ctx).general - counts.general).toBe(1 + slips.length);
    const other = await bet(t, twin.player.token, "2D", closed, [{ number: "55", amount: 900 }], { "idempotency-key": twin.key });
    expectErrorBody(other, 409, "IDEMPOTENCY_MISMATCH");
    expect(await lotteryCounts(t)).toEqual(before);
  });
});
