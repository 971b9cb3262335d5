import { yangonDate, yangonDayBounds } from "@shwe/domain";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { createTestApp, onRealPostgres, type TestApp } from "../../test/test-app.ts";
import {
  balancesOf,
  call,
  createUser,
  DEFAULT_PASSWORD,
  expectErrorBody,
  expectLedgerClean,
  fund,
  moneySnapshot,
  type TestUser,
  turnoverOf,
} from "../ledger/testing.ts";

describe("operators decide cash requests", () => {
  let t: TestApp;
  let op1: TestUser;
  let op2: TestUser;
  /** The server's clock: the system's, unless a test sets it (and puts it back). */
  let setNow: Date | undefined;
  const clock = { now: () => new Date(setNow ?? Date.now()) };
  beforeAll(async () => {
    t = await createTestApp({ clock });
    op1 = await createUser(t, { role: "operator" });
    op2 = await createUser(t, { role: "admin" });
  });
  afterEach(async () => expectLedgerClean(t));
  afterAll(async () => t.close());

  const cashIn = async (u: TestUser, amount: number, six = "123456", promo?: string) => {
    const res = await call(t, "POST", "/api/cash-in", {
      token: u.token,
      body: { payment_method_id: 1, amount, last_six_digits: six, ...(promo ? { promo_code: promo } : {}) },
    });
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
  const approve = (id: number, op: TestUser = op1) =>
    call(t, "POST", `/api/admin/cash-requests/${id}/approve`, { token: op.token, body: {} });
  const reject = (id: number, reason: unknown, op: TestUser = op1) =>
    call(t, "POST", `/api/admin/cash-requests/${id}/reject`, { token: op.token, body: { reason } });

  it("approving a cash-in credits main from the wallet account, once", async () => {
    const u = await createUser(t);
    const id = await cashIn(u, 25_000, "310001");
    const queue = await call(t, "GET", "/api/admin/cash-requests?status=pending&kind=in", { token: op1.token });
    expect(queue.json().data.find((r: { id: number }) => r.id === id)).toMatchObject({
      user_id: u.id,
      phone: u.phone,
      kind: "in",
      amount: 25_000,
      last_six_digits: "310001",
      payment_method: "KBZPay",
      status: "pending",
    });
    const res = await approve(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, status: "approved" });
    expect((await balancesOf(t, u.id)).balance).toBe(25_000);
    const wallet = rowsOf<{ balance: number }>(
      await t.ctx.db.execute(sql`select balance from ledger_accounts where code = 'external:wallet:1'`),
    );
    expect(Number(wallet[0]?.balance)).toBeLessThanOrEqual(-25_000);

    const before = await moneySnapshot(t.ctx.db);
    const again = await approve(id, op2);
    expectErrorBody(again, 409, "ALREADY_DECIDED");
    expectErrorBody(await reject(id, "late"), 409, "ALREADY_DECIDED");
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);

    const history = (await call(t, "GET", "/api/user/cash_in_history", { token: u.token })).json().data;
    expect(history[0]).toMatchObject({ id, status: "approved", decided_at: expect.any(String) });
    const log = (await call(t, "GET", "/api/admin/audit-log?per_page=5", { token: op1.token })).json();
    expect(log.data[0]).toMatchObject({
      actor_id: op1.id,
      action: "cash_request.approve",
      target_type: "cash_request",
      target_id: String(id),
      before: { status: "pending" },
      after: { status: "approved" },
    });
    // A new request is possible once the previous one was decided.
    await cashIn(u, 1_000, "310002");
  });

  it("a promo code pays amount × percent / 100 (floor) to the game balance and raises turnover", async () => {
    const u = await createUser(t);
    const id = await cashIn(u, 10_005, "410001", "welcome10");
    expect((await approve(id)).statusCode).toBe(200);
    expect(await balancesOf(t, u.id)).toMatchObject({ balance: 10_005, game_balance: 1_000 });
    expect(await turnoverOf(t, u.id)).toBe((10_005 + 1_000) * 3);
    const history = (await call(t, "GET", "/api/user/cash_in_history", { token: u.token })).json().data;
    expect(history[0]).toMatchObject({ promo_code: "WELCOME10", bonus: 1_000 });
    // The bonus cannot leave the game wallet while turnover remains.
    expectErrorBody(await call(t, "POST", "/api/user/transfer_in", { token: u.token, body: { amount: 1 } }), 422, "TURNOVER_EXISTS");
  });

  it("the same (method, last six digits, amount) is approved once within 7 days", async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const first = await cashIn(a, 30_000, "777001");
    const copy = await cashIn(b, 30_000, "777001");
    expect((await approve(first)).statusCode).toBe(200);
    const dup = await approve(copy, op2);
    expectErrorBody(dup, 409, "DUPLICATE");
    expect((await balancesOf(t, b.id)).balance).toBe(0);
    // Once the first approval is older than 7 days the same digits may be approved again.
    await t.ctx.db.execute(sql`update cash_requests set decided_at = now() - interval '8 days' where id = ${first}`);
    expect((await approve(copy, op2)).statusCode).toBe(200);
    expect((await balancesOf(t, b.id)).balance).toBe(30_000);
  });

  it("rejecting a cash-in keeps the money out and records the reason", async () => {
    const u = await createUser(t);
    const id = await cashIn(u, 9_000, "510001");
    expectErrorBody(await reject(id, ""), 400, "VALIDATION_FAILED");
    expectErrorBody(
      await call(t, "POST", `/api/admin/cash-requests/${id}/reject`, { token: op1.token, body: {} }),
      400,
      "VALIDATION_FAILED",
    );
    const res = await reject(id, "No such transfer in KBZPay");
    // An approval needs no body at all (or an empty object).
    const other = await cashIn(await createUser(t), 9_000, "510002");
    const bare = await t.app.inject({
      method: "POST",
      url: `/api/admin/cash-requests/${other}/approve`,
      headers: { authorization: `Bearer ${op1.token}` },
    });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(res.json()).toEqual({ id, status: "rejected" });
    expect((await balancesOf(t, u.id)).balance).toBe(0);
    const history = (await call(t, "GET", "/api/user/cash_in_history", { token: u.token })).json().data;
    expect(history[0]).toMatchObject({ status: "rejected", reason: "No such transfer in KBZPay" });
  });

  it("cash-out: approval pays the hold out, rejection returns it to main", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 50_000);
    const paid = await cashOut(u, 20_000);
    const returned = await cashOut(u, 10_000);
    expect(await balancesOf(t, u.id)).toMatchObject({ balance: 20_000, hold: 30_000 });
    expect((await approve(paid)).statusCode).toBe(200);
    expect(await balancesOf(t, u.id)).toMatchObject({ balance: 20_000, hold: 10_000 });
    expect((await reject(returned, "Wrong account number")).statusCode).toBe(200);
    expect(await balancesOf(t, u.id)).toMatchObject({ balance: 30_000, hold: 0 });
    expectErrorBody(await approve(returned), 409, "ALREADY_DECIDED");
  });

  it("refuses unknown requests, bad ids, extra fields, and an operator deciding their own request", async () => {
    expectErrorBody(await approve(99_999_999), 404, "NOT_FOUND");
    expectErrorBody(
      await call(t, "POST", "/api/admin/cash-requests/abc/approve", { token: op1.token, body: {} }),
      400,
      "VALIDATION_FAILED",
    );
    const u = await createUser(t);
    const id = await cashIn(u, 2_000, "610001");
    expectErrorBody(
      await call(t, "POST", `/api/admin/cash-requests/${id}/approve`, { token: op1.token, body: { amount: 1 } }),
      400,
      "VALIDATION_FAILED",
    );
    // Operators cannot file requests; a request filed before the account became an operator stays theirs.
    const promoted = await createUser(t);
    const own = await cashIn(promoted, 2_000, "610002");
    await t.ctx.db.execute(sql`update users set role = 'operator' where id = ${promoted.id}`);
    expectErrorBody(await approve(own, promoted), 403, "FORBIDDEN");
    expect((await approve(own, op2)).statusCode).toBe(200);
  });

  it("a player token on every operator money call answers 403, no token 401; nothing changes", async () => {
    const player = await createUser(t);
    const victim = await createUser(t);
    const id = await cashIn(victim, 3_000, "710001");
    const calls: [method: "GET" | "POST", url: string, body?: unknown][] = [
      ["GET", "/api/admin/cash-requests?status=pending"],
      ["POST", `/api/admin/cash-requests/${id}/approve`, {}],
      ["POST", `/api/admin/cash-requests/${id}/reject`, { reason: "x" }],
      ["POST", `/api/admin/users/${player.id}/adjust`, { amount: 1_000, reason: "x" }],
      ["POST", `/api/admin/users/${player.id}/adjust`, { amount: 0 }],
      ["GET", "/api/admin/adjustments?status=pending"],
      ["POST", "/api/admin/adjustments/1/confirm", {}],
      ["POST", "/api/admin/adjustments/1/reject", {}],
      ["GET", "/api/admin/players?query=09"],
      ["GET", `/api/admin/users/${player.id}`],
      ["GET", "/api/admin/audit-log"],
      ["GET", "/api/admin/ledger/audit"],
    ];
    const before = await moneySnapshot(t.ctx.db);
    for (const [method, url, body] of calls) {
      expectErrorBody(await call(t, method, url, { token: player.token, body }), 403, "FORBIDDEN");
      expectErrorBody(await call(t, method, url, { body }), 401, "UNAUTHENTICATED");
    }
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);
  });

  it("operator views: players with balances, one player in detail, the ledger audit", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 12_345);
    const found = await call(t, "GET", `/api/admin/players?query=${u.phone}`, { token: op1.token });
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toEqual([expect.objectContaining({ id: u.id, phone: u.phone, balance: 12_345, game_balance: 0, hold: 0 })]);
    const partial = await call(t, "GET", `/api/admin/players?query=${u.phone.slice(3, 9)}`, { token: op1.token });
    expect(partial.json().data.map((p: { id: number }) => p.id)).toContain(u.id);
    const wild = await call(t, "GET", "/api/admin/players?query=%25", { token: op1.token });
    expect(wild.json().data).toEqual([]);

    const detail = await call(t, "GET", `/api/admin/users/${u.id}`, { token: op1.token });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: u.id, balance: 12_345, has_transferred_in: false });
    expect(detail.json().journals[0]).toMatchObject({
      kind: "test_funding",
      entries: [{ account: "main", amount: 12_345, balance_after: 12_345 }],
    });
    expectErrorBody(await call(t, "GET", "/api/admin/users/99999999", { token: op1.token }), 404, "NOT_FOUND");

    const audit = await call(t, "GET", "/api/admin/ledger/audit", { token: op2.token });
    expect(audit.json()).toMatchObject({ ok: true, violations: [] });
  });

  describe("maker-checker on approvals above the threshold (1,000,000 a day)", () => {
    const operator = () => createUser(t, { role: "operator" });
    const cashRow = async (id: number) =>
      rowsOf<{ status: string; decided_by: unknown; first_approved_by: unknown }>(
        await t.ctx.db.execute(sql`select status, decided_by, first_approved_by from cash_requests where id = ${id}`),
      )[0];

    it("a 10,000,000 cash-in needs two different operators, and is credited once", async () => {
      const [a, b] = [await operator(), await operator()];
      const u = await createUser(t);
      const id = await cashIn(u, 10_000_000, "710001");
      const first = await approve(id, a);
      expect(first.statusCode, first.body).toBe(202);
      expect(first.json()).toEqual({ id, status: "awaiting_second_approval", first_approved_by: a.id });
      expect((await balancesOf(t, u.id)).balance).toBe(0);
      const again = await approve(id, a);
      expectErrorBody(again, 403, "SECOND_OPERATOR_REQUIRED");
      const queue = (await call(t, "GET", "/api/admin/cash-requests?status=pending&kind=in", { token: b.token })).json().data;
      expect(queue.find((r: { id: number }) => r.id === id)).toMatchObject({
        status: "pending",
        first_approved_by: a.id,
        first_approved_at: expect.any(String),
      });
      // Nor an account that `a` created or last changed: the second approval is another person's.
      const made = await operator();
      await t.ctx.db.execute(sql`update users set console_changed_by = ${a.id} where id = ${made.id}`);
      expectErrorBody(await approve(id, made), 403, "CHECKER_NOT_INDEPENDENT");
      expect((await balancesOf(t, u.id)).balance).toBe(0);
      const second = await approve(id, b);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual({ id, status: "approved" });
      expect((await balancesOf(t, u.id)).balance).toBe(10_000_000);
      expectErrorBody(await approve(id, a), 409, "ALREADY_DECIDED");
      const row = await cashRow(id);
      expect([row?.status, Number(row?.first_approved_by), Number(row?.decided_by)]).toEqual(["approved", a.id, b.id]);
      const actions = rowsOf<{ action: string; actor_id: unknown }>(
        await t.ctx.db.execute(
          sql`select action, actor_id from audit_log where target_type = 'cash_request' and target_id = ${String(id)} order by id`,
        ),
      ).map((r) => [r.action, Number(r.actor_id)]);
      expect(actions).toEqual([
        ["cash_request.first_approval", a.id],
        ["cash_request.approve", b.id],
      ]);
    });

    it("the player's approved total today counts, whoever approved it", async () => {
      const [a, b] = [await operator(), await operator()];
      const u = await createUser(t);
      expect((await approve(await cashIn(u, 600_000, "720001"), a)).statusCode).toBe(200);
      const second = await cashIn(u, 600_000, "720002");
      expect((await approve(second, b)).statusCode).toBe(202);
      expect((await balancesOf(t, u.id)).balance).toBe(600_000);
      // A rejection after a first sign-off is allowed and does not count any more.
      expect((await reject(second, "Not received", a)).statusCode).toBe(200);
      expect((await approve(await cashIn(u, 400_000, "720003"), await operator())).statusCode).toBe(200);
      expect((await balancesOf(t, u.id)).balance).toBe(1_000_000);
    });

    it("the operator's approved total today counts every player", async () => {
      const a = await operator();
      const [u, v] = [await createUser(t), await createUser(t)];
      expect((await approve(await cashIn(u, 600_000, "730001"), a)).statusCode).toBe(200);
      const other = await cashIn(v, 600_000, "730002");
      expect((await approve(other, a)).statusCode).toBe(202);
      expect((await approve(other, await operator())).statusCode).toBe(200);
      expect((await balancesOf(t, v.id)).balance).toBe(600_000);
    });

    it("cash-out approvals follow the same rule", async () => {
      const [a, b] = [await operator(), await operator()];
      const u = await createUser(t, { lvl2: 2 });
      await fund(t, u.id, 3_000_000);
      const id = await cashOut(u, 2_000_000);
      expect((await approve(id, a)).statusCode).toBe(202);
      expect(await balancesOf(t, u.id)).toMatchObject({ balance: 1_000_000, hold: 2_000_000 });
      expectErrorBody(await approve(id, a), 403, "SECOND_OPERATOR_REQUIRED");
      expect((await approve(id, b)).statusCode).toBe(200);
      expect(await balancesOf(t, u.id)).toMatchObject({ balance: 1_000_000, hold: 0 });
    });

    it("today is the server clock's Asia/Yangon day: a sign-off 1 ms before its midnight is yesterday's", async () => {
      // The next Yangon midnight: the server's clock a second past it is a day ahead of the database's.
      const midnight = yangonDayBounds(yangonDate(Date.now() + 86_400_000)).start;
      const [a, b] = [await operator(), await operator()];
      const [u, v] = [await createUser(t), await createUser(t)];
      const stamp = (id: number, at: Date) =>
        t.ctx.db.execute(sql`
          update cash_requests set decided_at = ${at.toISOString()}::timestamptz,
                 first_approved_at = case when first_approved_at is not null then ${at.toISOString()}::timestamptz end
           where id = ${id}`);
      setNow = new Date(midnight.getTime() + 1_000);
      try {
        const late = await cashIn(u, 600_000, "750001");
        expect((await approve(late, a)).statusCode).toBe(200);
        await stamp(late, new Date(midnight.getTime() - 1));
        // Yesterday's 600,000 does not count for a: 600,000 alone is under the threshold.
        const early = await cashIn(v, 600_000, "750002");
        expect((await approve(early, a)).statusCode).toBe(200);
        await stamp(early, midnight);
        // Midnight's counts: 600,000 + 500,000 needs a second operator, for a and for v.
        const next = await cashIn(u, 500_000, "750003");
        expect((await approve(next, a)).statusCode).toBe(202);
        expect((await approve(next, b)).statusCode).toBe(200);
        const more = await cashIn(v, 500_000, "750004");
        expect((await approve(more, b)).statusCode).toBe(202);
        expect((await approve(more, a)).statusCode).toBe(200);
        expect((await balancesOf(t, u.id)).balance).toBe(1_100_000);
        expect((await balancesOf(t, v.id)).balance).toBe(1_100_000);
      } finally {
        setNow = undefined;
      }
    });

    it.skipIf(!onRealPostgres)("concurrent approvals of one large cash-in: applied once (real PostgreSQL)", async () => {
      for (let round = 0; round < 5; round++) {
        const [a, b, c] = [await operator(), await operator(), await operator()];
        const u = await createUser(t);
        const id = await cashIn(u, 5_000_000, `74000${round}`);
        const answers = await Promise.all([approve(id, a), approve(id, b), approve(id, a), approve(id, c)]);
        const codes = answers.map((r) => r.statusCode).sort();
        // One first sign-off (202), one application (200), the rest refused (403 same operator / 409 decided).
        expect(codes.filter((c) => c === 202)).toHaveLength(1);
        expect(codes.filter((c) => c === 200)).toHaveLength(1);
        expect(codes.every((c) => [200, 202, 403, 409].includes(c))).toBe(true);
        expect((await balancesOf(t, u.id)).balance).toBe(5_000_000);
      }
    });

    it.skipIf(onRealPostgres)("concurrent approvals are tested on real PostgreSQL only (set TEST_DATABASE_URL to run it)", () => {
      expect(onRealPostgres).toBe(false);
    });
  });
});
