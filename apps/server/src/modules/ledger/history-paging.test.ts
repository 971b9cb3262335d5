import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, onRealPostgres, type TestApp } from "../../test/test-app.ts";
import { bet, createDraw } from "../lottery/lottery.test-helpers.ts";
import { postJournal } from "./ledger.service.ts";
import { call, createUser, expectErrorBody, expectLedgerClean, fund, type TestUser } from "./testing.ts";

/** Every history pages with an opaque cursor: all rows exactly once, newest first, in stable order. */
describe(`history paging (${onRealPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    u = await createUser(t);
  });
  afterEach(async () => expectLedgerClean(t));
  afterAll(async () => t.close());

  interface Page {
    data: { id?: number; draw_id?: number }[];
    next_cursor: string | null;
  }

  /** Follows next_cursor to the end; answers every row id in the order served and the page sizes. */
  async function pageAll(path: string, opts: { token?: string; limit?: number } = {}) {
    const ids: number[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    for (let n = 0; n < 100; n++) {
      const query = new URLSearchParams();
      if (opts.limit !== undefined) query.set("limit", String(opts.limit));
      if (cursor) query.set("cursor", cursor);
      const sep = path.includes("?") ? "&" : "?";
      const res = await call(t, "GET", `${path}${query.size ? sep + query.toString() : ""}`, opts.token ? { token: opts.token } : {});
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as Page;
      ids.push(...page.data.map((r) => Number(r.id ?? r.draw_id)));
      sizes.push(page.data.length);
      cursor = page.next_cursor;
      if (cursor === null) return { ids, sizes };
      expect(typeof cursor).toBe("string");
    }
    throw new Error("paging did not end");
  }

  const descending = (ids: number[]) => [...ids].sort((a, b) => b - a);

  it("600 transfers (many sharing one timestamp) page through completely: no duplicates, no gaps", async () => {
    await fund(t, u.id, 1_000_000);
    // Three transactions of 200: the journals of one transaction share its now().
    for (let batch = 0; batch < 3; batch++) {
      await t.ctx.db.transaction(async (tx) => {
        for (let i = 0; i < 200; i++) {
          await postJournal(tx, {
            kind: "transfer_in",
            userId: u.id,
            entries: [
              { account: { userId: u.id, kind: "main" }, amount: -1 },
              { account: { userId: u.id, kind: "game" }, amount: 1 },
            ],
          });
        }
      });
    }
    const all = await t.ctx.db.execute(
      sql`select id from journals where user_id = ${u.id} and kind = 'transfer_in' order by created_at desc, id desc`,
    );
    const expected = (all as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
    expect(expected).toHaveLength(600);

    const byDefault = await pageAll("/api/user/transfer_in_his", { token: u.token });
    expect(byDefault.sizes).toEqual([...Array(12).fill(50)]);
    expect(byDefault.ids).toEqual(expected);
    expect(new Set(byDefault.ids).size).toBe(600);

    const big = await pageAll("/api/user/transfer_in_his", { token: u.token, limit: 200 });
    expect(big.sizes).toEqual([200, 200, 200]);
    expect(big.ids).toEqual(expected);
    const odd = await pageAll("/api/user/transfer_in_his", { token: u.token, limit: 7 });
    expect(odd.ids).toEqual(expected);
    expect(odd.sizes.at(-1)).toBe(600 % 7);
  });

  it("a page boundary holds while new rows arrive: the next page continues where the last one ended", async () => {
    const v = await createUser(t);
    await fund(t, v.id, 10_000);
    for (let i = 0; i < 5; i++)
      expect((await call(t, "POST", "/api/user/transfer_in", { token: v.token, body: { amount: 10 } })).statusCode).toBe(200);
    const first = (await call(t, "GET", "/api/user/transfer_in_his?limit=3", { token: v.token })).json() as Page;
    expect(first.data).toHaveLength(3);
    expect((await call(t, "POST", "/api/user/transfer_in", { token: v.token, body: { amount: 10 } })).statusCode).toBe(200);
    const cursor = encodeURIComponent(first.next_cursor ?? "");
    const second = (await call(t, "GET", `/api/user/transfer_in_his?limit=3&cursor=${cursor}`, { token: v.token })).json() as Page;
    expect(second.data).toHaveLength(2);
    expect(second.next_cursor).toBeNull();
    const seen = [...first.data, ...second.data].map((r) => Number(r.id));
    expect(new Set(seen).size).toBe(5);
    expect(seen).toEqual(descending(seen));
  });

  it("600 cash-in requests page through completely (timestamps shared and distinct)", async () => {
    const w = await createUser(t);
    await t.ctx.db.execute(sql`
      insert into cash_requests (user_id, kind, payment_method_id, amount, last_six_digits, status, reason, created_at)
      select ${w.id}, 'in', 1, 1000 + g, '123456', 'rejected', 'test', now() - make_interval(secs => g % 13)
        from generate_series(1, 600) as g`);
    const res = await t.ctx.db.execute(
      sql`select id from cash_requests where user_id = ${w.id} and kind = 'in' order by created_at desc, id desc`,
    );
    const expected = (res as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
    const paged = await pageAll("/api/user/cash_in_history", { token: w.token, limit: 200 });
    expect(paged.ids).toEqual(expected);
    expect(paged.sizes).toEqual([200, 200, 200]);
    const out = (await call(t, "GET", "/api/user/cash_out_history", { token: w.token })).json();
    expect(out).toEqual({ data: [], next_cursor: null });
  });

  it("bet slips, game results, game reports and referees page too", async () => {
    const p = await createUser(t);
    await fund(t, p.id, 100_000);
    const drawId = await createDraw(t, "2D");
    const slips: number[] = [];
    for (const n of ["01", "02", "03", "04", "05", "06", "07"]) {
      const res = await bet(t, p.token, "2D", drawId, [{ number: n, amount: 100 }]);
      expect(res.statusCode, res.body).toBe(201);
      slips.push(res.json().slip_id);
    }
    const slipPages = await pageAll("/api/user/bet_slip_history_2d", { token: p.token, limit: 3 });
    expect(slipPages.sizes).toEqual([3, 3, 1]);
    expect(slipPages.ids).toEqual(descending(slips));

    await t.ctx.db.execute(sql`
      insert into draws (type, draw_at, closes_at, status, odds, result_source, result)
      select 'C1D', now() - make_interval(mins => g), now() - make_interval(mins => g + 1), 'settled', 9, 'manual', (g % 10)::text
        from generate_series(1, 7) as g`);
    const settled = await t.ctx.db.execute(
      sql`select id from draws where type = 'C1D' and status = 'settled' order by draw_at desc, id desc`,
    );
    const drawIds = (settled as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
    const results = await pageAll("/api/luckynumber_history/C1D", { limit: 2 });
    expect(results.ids).toEqual(drawIds);
    expect(results.sizes).toEqual([2, 2, 2, 1]);

    await t.ctx.db.execute(sql`
      insert into provider_rounds (provider, round_id, user_id, bet, payout, valid_bet, status, created_at)
      select 'HOUSE', 'r-' || g, ${p.id}, 100, 0, 100, 'settled', now() - make_interval(secs => g % 2)
        from generate_series(1, 5) as g`);
    const rounds = await t.ctx.db.execute(sql`select id from provider_rounds where user_id = ${p.id} order by created_at desc, id desc`);
    const roundIds = (rounds as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
    expect((await pageAll("/api/game/report/HOUSE", { token: p.token, limit: 2 })).ids).toEqual(roundIds);
    expect((await pageAll("/api/transition/details?p_code=HOUSE", { token: p.token, limit: 4 })).ids).toEqual(roundIds);

    const referees: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await createUser(t);
      await t.ctx.db.execute(sql`update users set referred_by = ${p.id} where id = ${r.id}`);
      referees.push(r.id);
    }
    const refPages = await pageAll("/api/user/my_referral_his", { token: p.token, limit: 2 });
    expect(refPages.ids).toEqual(descending(referees));
    const whole = (await call(t, "GET", "/api/user/my_referral_his", { token: p.token })).json();
    expect(whole).toMatchObject({ refer_count: 5, next_cursor: null });
  });

  it("a malformed cursor or limit answers 400 VALIDATION_FAILED", async () => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    const bad = [
      "cursor=abc",
      "cursor=%2F%2F%2F",
      `cursor=${b64({ at: "yesterday", id: 1 })}`,
      `cursor=${b64({ at: "2025-01-01T00:00:00.000000Z", id: -1 })}`,
      `cursor=${b64({ at: "2025-01-01T00:00:00.000000Z", id: 1, x: 1 })}`,
      `cursor=${b64({ at: "2025-13-45T00:00:00.000000Z", id: 1 })}`,
      "cursor=",
      "limit=0",
      "limit=201",
      "limit=abc",
    ];
    for (const path of [
      "/api/user/transfer_out_his",
      "/api/user/cash_out_history",
      "/api/user/bet_slip_history_1d",
      "/api/luckynumber_history/2D",
      "/api/game/report/HOUSE",
      "/api/user/my_referral_his",
    ]) {
      for (const q of bad) {
        const res = await call(t, "GET", `${path}?${q}`, { token: u.token });
        expectErrorBody(res, 400, "VALIDATION_FAILED");
      }
    }
  });
});
