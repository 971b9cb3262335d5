import { yangonDate } from "@shwe/domain";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { balancesOf, call, createUser, expectErrorBody, expectLedgerClean, fund, moneySnapshot, type TestUser } from "../ledger/testing.ts";

describe("main ↔ game transfers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(async () => expectLedgerClean(t));
  afterAll(async () => t.close());

  const transfer = (u: TestUser, dir: "in" | "out", body: unknown, headers?: Record<string, string>) =>
    call(t, "POST", `/api/user/transfer_${dir}`, { token: u.token, body, ...(headers ? { headers } : {}) });
  const setTurnover = (u: TestUser, n: number) => t.ctx.db.execute(sql`update users set turnover = ${n} where id = ${u.id}`);

  it("moves main → game and back, answering both balances", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 10_000);
    const first = await transfer(u, "in", { amount: 3_000 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ balance: 7_000, game_balance: 3_000 });
    const back = await transfer(u, "out", { amount: 1_000 });
    expect(back.json()).toEqual({ balance: 8_000, game_balance: 2_000 });
    expect(await balancesOf(t, u.id)).toMatchObject({ balance: 8_000, game_balance: 2_000 });
  });

  it("game → main before any main → game: 422 NO_TRANSFER_IN", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 5_000, "game");
    const res = await transfer(u, "out", { amount: 100 });
    expectErrorBody(res, 422, "NO_TRANSFER_IN");
    expect(res.json().message).toBe("Please at least transfer Main to Game once.");
  });

  it("turnover: main → game refused at game balance 500, game → main refused while turnover remains", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 10_000);
    expect((await transfer(u, "in", { amount: 499 })).statusCode).toBe(200);
    await setTurnover(u, 2_000);
    expect((await transfer(u, "in", { amount: 1 })).statusCode).toBe(200);
    const refused = await transfer(u, "in", { amount: 1 });
    expectErrorBody(refused, 422, "TURNOVER_EXISTS");
    expect(refused.json().message).toBe("Turnover is existed, and game balance is above 500.");
    const out = await transfer(u, "out", { amount: 100 });
    expectErrorBody(out, 422, "TURNOVER_EXISTS");
    expect(out.json().message).toContain("2,000");
    await setTurnover(u, 0);
    expect((await transfer(u, "out", { amount: 500 })).json()).toEqual({ balance: 10_000, game_balance: 0 });
  });

  it("refuses more than the balance with 422 INSUFFICIENT_FUNDS", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 1_000);
    expectErrorBody(await transfer(u, "in", { amount: 1_001 }), 422, "INSUFFICIENT_FUNDS");
    expect((await transfer(u, "in", { amount: 1_000 })).statusCode).toBe(200);
    expectErrorBody(await transfer(u, "out", { amount: 1_001 }), 422, "INSUFFICIENT_FUNDS");
  });

  it("bad input on both calls: 400 with the error body, nothing changes", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 50_000);
    await transfer(u, "in", { amount: 10 });
    const bodies: unknown[] = [
      { amount: 0 },
      { amount: -1 },
      { amount: 1.5 },
      { amount: "100" },
      { amount: 1e20 },
      { amount: 2 ** 53 },
      { amount: 10_000_000_001 },
      { amount: null },
      { amount: [100] },
      { amount: { v: 1 } },
      {},
      { amount: 100, balance: 999_999 },
      { amount: 100, user_id: 1 },
      [100],
    ];
    const before = await moneySnapshot(t.ctx.db);
    for (const dir of ["in", "out"] as const) {
      for (const body of bodies) {
        const res = await transfer(u, dir, body);
        expectErrorBody(res, 400, "VALIDATION_FAILED");
      }
      expectErrorBody(
        await call(t, "POST", `/api/user/transfer_${dir}`, { token: u.token, rawBody: "{amount: 1" }),
        400,
        "VALIDATION_FAILED",
      );
      expectErrorBody(
        await call(t, "POST", `/api/user/transfer_${dir}`, { token: u.token, rawBody: '{"amount":1e400}' }),
        400,
        "VALIDATION_FAILED",
      );
      expectErrorBody(await call(t, "POST", `/api/user/transfer_${dir}`, { token: u.token, rawBody: '"100"' }), 400, "VALIDATION_FAILED");
    }
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);
  });

  it("needs a signed-in player", async () => {
    expectErrorBody(await call(t, "POST", "/api/user/transfer_in", { body: { amount: 1 } }), 401, "UNAUTHENTICATED");
    expectErrorBody(await call(t, "POST", "/api/user/transfer_in", { body: { amount: 0 } }), 401, "UNAUTHENTICATED");
    expectErrorBody(await call(t, "GET", "/api/user/transfer_in_his", { token: "not-a-real-token-000000000000" }), 401, "UNAUTHENTICATED");
  });

  it("Idempotency-Key: same key and body replays the first answer once applied; another body answers 409", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 10_000);
    const key = { "idempotency-key": "transfer-0001" };
    const first = await transfer(u, "in", { amount: 2_000 }, key);
    const again = await transfer(u, "in", { amount: 2_000 }, key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await balancesOf(t, u.id)).toMatchObject({ balance: 8_000, game_balance: 2_000 });

    const before = await moneySnapshot(t.ctx.db);
    expectErrorBody(await transfer(u, "in", { amount: 2_001 }, key), 409, "IDEMPOTENCY_MISMATCH");
    expectErrorBody(await transfer(u, "out", { amount: 2_000 }, key), 409, "IDEMPOTENCY_MISMATCH");
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);

    // A refusal is stored and replayed too, even once the balance would allow it.
    const poor = { "idempotency-key": "transfer-0002" };
    expectErrorBody(await transfer(u, "in", { amount: 9_000 }, poor), 422, "INSUFFICIENT_FUNDS");
    await fund(t, u.id, 5_000);
    expectErrorBody(await transfer(u, "in", { amount: 9_000 }, poor), 422, "INSUFFICIENT_FUNDS");
    expect((await balancesOf(t, u.id)).balance).toBe(13_000);

    // Keys are per player: another player may use the same key.
    const v = await createUser(t);
    await fund(t, v.id, 3_000);
    expect((await transfer(v, "in", { amount: 2_000 }, key)).json()).toEqual({ balance: 1_000, game_balance: 2_000 });

    expectErrorBody(await transfer(u, "in", { amount: 1 }, { "idempotency-key": "k".repeat(65) }), 400, "VALIDATION_FAILED");
    expectErrorBody(await transfer(u, "in", { amount: 1 }, { "idempotency-key": "" }), 400, "VALIDATION_FAILED");
  });

  it("histories: own transfers of the Asia/Yangon day range, with the balances after each", async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    await fund(t, u.id, 10_000);
    await fund(t, other.id, 10_000);
    await transfer(u, "in", { amount: 1_000 });
    await transfer(u, "in", { amount: 2_000 });
    await transfer(u, "out", { amount: 500 });
    await transfer(other, "in", { amount: 4_000 });

    const ins = await call(t, "GET", "/api/user/transfer_in_his", { token: u.token });
    expect(ins.statusCode).toBe(200);
    const data = ins.json().data;
    expect(data.map((d: { amount: number; balance: number; game_balance: number }) => [d.amount, d.balance, d.game_balance])).toEqual([
      [2_000, 7_000, 3_000],
      [1_000, 9_000, 1_000],
    ]);
    expect(Number.isNaN(Date.parse(data[0].created_at))).toBe(false);
    const outs = await call(t, "GET", "/api/user/transfer_out_his", { token: u.token });
    expect(outs.json().data.map((d: { amount: number }) => d.amount)).toEqual([500]);

    const today = yangonDate(new Date());
    const explicit = await call(t, "GET", `/api/user/transfer_in_his?start_date=${today}&end_date=${today}`, { token: u.token });
    expect(explicit.json().data).toHaveLength(2);
    const past = await call(t, "GET", "/api/user/transfer_in_his?start_date=2020-01-01&end_date=2020-01-31", { token: u.token });
    expect(past.json().data).toEqual([]);
    for (const q of ["start_date=2024-02-30", "start_date=yesterday", "start_date=2024-05-02&end_date=2024-05-01", "page=2"]) {
      expectErrorBody(await call(t, "GET", `/api/user/transfer_in_his?${q}`, { token: u.token }), 400, "VALIDATION_FAILED");
    }
  });

  it("documents every money call in the OpenAPI document", async () => {
    const doc = (await call(t, "GET", "/api/openapi.json")).json();
    for (const path of [
      "/api/user/transfer_in",
      "/api/user/transfer_out_his",
      "/api/cash-in",
      "/api/cash-out",
      "/api/payment-method/show-cashin",
      "/api/admin/cash-requests/{id}/approve",
      "/api/admin/users/{id}/adjust",
      "/api/admin/adjustments/{id}/confirm",
      "/api/admin/ledger/audit",
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });

  it("balances above 2^31 move exactly", async () => {
    const u = await createUser(t);
    await fund(t, u.id, 9_000_000_000);
    const res = await transfer(u, "in", { amount: 4_294_967_297 });
    expect(res.json()).toEqual({ balance: 9_000_000_000 - 4_294_967_297, game_balance: 4_294_967_297 });
  });
});
