import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { writeMoneySetting } from "../ledger/money-settings.repository.ts";
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
} from "../ledger/testing.ts";

describe("cash-in and cash-out (player side)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(async () => expectLedgerClean(t));
  afterAll(async () => t.close());

  const cashIn = (u: TestUser, body: unknown, headers?: Record<string, string>) =>
    call(t, "POST", "/api/cash-in", { token: u.token, body, ...(headers ? { headers } : {}) });
  const cashOut = (u: TestUser, body: unknown, headers?: Record<string, string>) =>
    call(t, "POST", "/api/cash-out", { token: u.token, body, ...(headers ? { headers } : {}) });
  const goodOut = (amount: number, extra: Record<string, unknown> = {}) => ({
    payment_method_id: 1,
    amount,
    account_number: "09791234567",
    holder_name: "Aung Aung",
    password: DEFAULT_PASSWORD,
    ...extra,
  });

  it("lists the payment methods open for each direction and the amount chips", async () => {
    const res = await call(t, "GET", "/api/payment-method/show-cashin");
    expect(res.statusCode).toBe(200);
    const methods = res.json();
    expect(methods.map((m: { name: string }) => m.name)).toEqual(["KBZPay", "WavePay", "AYA Pay", "CB Pay"]);
    expect(methods[0]).toEqual({
      id: 1,
      name: "KBZPay",
      logo: "/img/payments/kbzpay.webp",
      account_name: expect.any(String),
      account_number: expect.any(String),
      qr_image: null,
      min_amount: 1_000,
      max_amount: 10_000_000,
    });
    await t.ctx.db.execute(sql`update payment_methods set cashin_enabled = false where id = 2`);
    const ins = (await call(t, "GET", "/api/payment-method/show-cashin")).json();
    const outs = (await call(t, "GET", "/api/payment-method/show-cashout")).json();
    expect(ins.map((m: { id: number }) => m.id)).toEqual([1, 3, 4]);
    expect(outs.map((m: { id: number }) => m.id)).toEqual([1, 2, 3, 4]);
    await t.ctx.db.execute(sql`update payment_methods set cashin_enabled = true where id = 2`);

    const chips = await call(t, "GET", "/api/cashin-amount");
    expect(chips.statusCode).toBe(200);
    expect(chips.json().every((n: unknown) => Number.isInteger(n))).toBe(true);
    await writeMoneySetting(t.ctx.db, "cash.cashout_amounts", [3_000, 7_000]);
    expect((await call(t, "GET", "/api/cashout-amount")).json()).toEqual([3_000, 7_000]);
  });

  it("files a cash-in request; one pending request per player", async () => {
    const u = await createUser(t);
    const res = await cashIn(u, { payment_method_id: 1, amount: 50_000, last_six_digits: "004211", promo_code: " welcome10 " });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), status: "pending", message: "Cashin request sent!" });
    const second = await cashIn(u, { payment_method_id: 2, amount: 10_000, last_six_digits: "999999" });
    expectErrorBody(second, 409, "DUPLICATE");
    expect((await balancesOf(t, u.id)).balance).toBe(0);
    const history = (await call(t, "GET", "/api/user/cash_in_history", { token: u.token })).json().data;
    expect(history).toEqual([
      {
        id: res.json().id,
        amount: 50_000,
        payment_method: "KBZPay",
        payment_method_id: 1,
        last_six_digits: "004211",
        promo_code: "WELCOME10",
        bonus: 0,
        status: "pending",
        reason: null,
        created_at: expect.any(String),
        decided_at: null,
      },
    ]);
  });

  it("cash-in bad input: 400 / 422 with the error body, nothing written", async () => {
    const u = await createUser(t);
    const ok = { payment_method_id: 1, amount: 5_000, last_six_digits: "123456" };
    const before = await moneySnapshot(t.ctx.db);
    const invalid: unknown[] = [
      { ...ok, amount: 0 },
      { ...ok, amount: -5_000 },
      { ...ok, amount: 5_000.5 },
      { ...ok, amount: "5000" },
      { ...ok, amount: 1e20 },
      { ...ok, amount: null },
      { ...ok, amount: [5_000] },
      { payment_method_id: 1, amount: 5_000 },
      { ...ok, last_six_digits: "12345" },
      { ...ok, last_six_digits: "1234567" },
      { ...ok, last_six_digits: "12a456" },
      { ...ok, last_six_digits: 123456 },
      { ...ok, payment_method_id: 0 },
      { ...ok, payment_method_id: "1" },
      { ...ok, promo_code: "" },
      { ...ok, promo_code: "bad code!" },
      { ...ok, balance: 1_000_000 },
      { ...ok, status: "approved" },
      { ...ok, user_id: 1 },
    ];
    for (const body of invalid) expectErrorBody(await cashIn(u, body), 400, "VALIDATION_FAILED");
    expectErrorBody(await cashIn(u, { ...ok, payment_method_id: 99 }), 422, "PAYMENT_METHOD_UNAVAILABLE");
    expectErrorBody(await cashIn(u, { ...ok, amount: 999 }), 422, "AMOUNT_BELOW_MIN");
    expectErrorBody(await cashIn(u, { ...ok, payment_method_id: 2, amount: 5_000_001 }), 422, "AMOUNT_ABOVE_MAX");
    expectErrorBody(await cashIn(u, { ...ok, promo_code: "NOPE" }), 422, "INVALID_PROMO_CODE");
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);
  });

  it("files a cash-out: the amount moves from main to hold at once", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 20_000);
    const res = await cashOut(u, goodOut(15_000));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), status: "pending", balance: 5_000, message: "Cashout request sent!" });
    expect(await balancesOf(t, u.id)).toMatchObject({ balance: 5_000, hold: 15_000 });
    expectErrorBody(await cashOut(u, goodOut(5_001)), 422, "INSUFFICIENT_FUNDS");
    const history = (await call(t, "GET", "/api/user/cash_out_history", { token: u.token })).json().data;
    expect(history).toEqual([
      {
        id: res.json().id,
        amount: 15_000,
        payment_method: "KBZPay",
        payment_method_id: 1,
        account_number: "09791234567",
        holder_name: "Aung Aung",
        status: "pending",
        reason: null,
        created_at: expect.any(String),
        decided_at: null,
      },
    ]);
  });

  it("cash-out refusals: level 2, wrong password, minimum, method maximum, bad input; nothing changes", async () => {
    const u = await createUser(t);
    const level1 = await createUser(t, { lvl2: 1 });
    await fund(t, u.id, 50_000);
    await fund(t, level1.id, 50_000);
    const before = await moneySnapshot(t.ctx.db);
    const l2 = await cashOut(level1, goodOut(5_000));
    expectErrorBody(l2, 403, "LEVEL_2_REQUIRED");
    expect(l2.json().message).toBe("Your account need to be level 2.");
    expectErrorBody(await cashOut(u, goodOut(5_000, { password: "not-the-password" })), 422, "WRONG_PASSWORD");
    expectErrorBody(await cashOut(u, goodOut(999)), 422, "AMOUNT_BELOW_MIN");
    expectErrorBody(await cashOut(u, goodOut(5_000_001, { payment_method_id: 2 })), 422, "AMOUNT_ABOVE_MAX");
    expectErrorBody(await cashOut(u, goodOut(5_000, { payment_method_id: 42 })), 422, "PAYMENT_METHOD_UNAVAILABLE");
    const invalid: unknown[] = [
      goodOut(0),
      goodOut(-1),
      goodOut(1_000.5),
      goodOut(1e20),
      { ...goodOut(5_000), amount: "5000" },
      { ...goodOut(5_000), amount: null },
      { ...goodOut(5_000), password: undefined },
      { ...goodOut(5_000), password: "" },
      { ...goodOut(5_000), account_number: "abc" },
      { ...goodOut(5_000), account_number: "" },
      { ...goodOut(5_000), holder_name: "   " },
      { ...goodOut(5_000), balance: 0 },
      { ...goodOut(5_000), hold: 0 },
    ];
    for (const body of invalid) expectErrorBody(await cashOut(u, body), 400, "VALIDATION_FAILED");
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);

    // Level 2 is a setting: with cash-out no longer listed a level-1 player may cash out.
    await writeMoneySetting(t.ctx.db, "lvl2.required_actions", ["pocket_money"]);
    expect((await cashOut(level1, goodOut(5_000))).statusCode).toBe(201);
    await writeMoneySetting(t.ctx.db, "lvl2.required_actions", ["cash_out", "pocket_money"]);
  });

  it("slows down password guessing on cash-out (429 after 5 wrong passwords)", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 10_000);
    for (let i = 0; i < 5; i++) expectErrorBody(await cashOut(u, goodOut(1_000, { password: `wrong-${i}-pass` })), 422, "WRONG_PASSWORD");
    const limited = await cashOut(u, goodOut(1_000));
    expectErrorBody(limited, 429, "RATE_LIMITED");
    expect((await balancesOf(t, u.id)).balance).toBe(10_000);
  });

  it("Idempotency-Key on cash-out and cash-in: one request, the same answer again", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 10_000);
    const key = { "idempotency-key": "out-7f1c" };
    const first = await cashOut(u, goodOut(4_000), key);
    const again = await cashOut(u, goodOut(4_000), key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await balancesOf(t, u.id)).toMatchObject({ balance: 6_000, hold: 4_000 });
    expectErrorBody(await cashOut(u, goodOut(4_001), key), 409, "IDEMPOTENCY_MISMATCH");

    const inKey = { "idempotency-key": "in-7f1c" };
    const body = { payment_method_id: 3, amount: 7_000, last_six_digits: "777777" };
    const a = await cashIn(u, body, inKey);
    const b = await cashIn(u, body, inKey);
    expect(a.statusCode).toBe(201);
    expect(b.json()).toEqual(a.json());
    expect(b.headers["idempotent-replayed"]).toBe("true");
  });

  it("Idempotency-Key on a refused cash-out: the kept refusal is answered again as a replay, also once it would pass", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 1_000);
    const key = { "idempotency-key": "out-refused-3b9d" };
    const refused = await cashOut(u, goodOut(4_000), key);
    expectErrorBody(refused, 422, "INSUFFICIENT_FUNDS");
    expect(refused.headers["idempotent-replayed"]).toBeUndefined();
    await fund(t, u.id, 10_000);
    const again = await cashOut(u, goodOut(4_000), key);
    expectErrorBody(again, 422, "INSUFFICIENT_FUNDS");
    expect(again.json()).toEqual(refused.json());
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await balancesOf(t, u.id)).toMatchObject({ balance: 11_000, hold: 0 });
    // A different body under the key is no replay: refused as a mismatch, without the header.
    const mismatch = await cashOut(u, goodOut(4_001), key);
    expectErrorBody(mismatch, 409, "IDEMPOTENCY_MISMATCH");
    expect(mismatch.headers["idempotent-replayed"]).toBeUndefined();
  });

  it("a player reads only their own requests: another player's id answers 404", async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    await fund(t, owner.id, 5_000);
    const req = (await cashOut(owner, goodOut(2_000))).json();
    const mine = await call(t, "GET", `/api/user/cash-requests/${req.id}`, { token: owner.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: req.id, kind: "out", amount: 2_000, status: "pending" });
    expectErrorBody(await call(t, "GET", `/api/user/cash-requests/${req.id}`, { token: other.token }), 404, "NOT_FOUND");
    expectErrorBody(await call(t, "GET", "/api/user/cash-requests/99999999", { token: owner.token }), 404, "NOT_FOUND");
    expectErrorBody(await call(t, "GET", "/api/user/cash-requests/abc", { token: owner.token }), 400, "VALIDATION_FAILED");
    expect((await call(t, "GET", "/api/user/cash_out_history", { token: other.token })).json().data).toEqual([]);
    expect((await call(t, "GET", "/api/user/cash_in_history", { token: other.token })).json().data).toEqual([]);
    expectErrorBody(await call(t, "GET", "/api/user/cash_out_history"), 401, "UNAUTHENTICATED");
  });
});
