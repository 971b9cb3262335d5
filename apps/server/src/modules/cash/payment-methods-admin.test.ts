import { adminPaymentMethodSchema, adminPaymentMethodsSchema } from "@shwe/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { call, createUser, expectErrorBody, type TestUser } from "../ledger/testing.ts";
import { send } from "../lottery/lottery.test-helpers.ts";

describe("payment methods in the console", () => {
  let t: TestApp;
  let admin: TestUser;
  let op: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: "admin" });
    op = await createUser(t, { role: "operator" });
  });
  afterAll(async () => t.close());

  it("lists every method with the amount chips (operators may read)", async () => {
    const list = adminPaymentMethodsSchema.parse((await call(t, "GET", "/api/admin/payment-methods", { token: op.token })).json());
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.chips.cash_in.length).toBeGreaterThan(0);
  });

  it("an admin changes a method (audited, before and after) and players see it at once; an operator cannot", async () => {
    const body = {
      name: "KBZPay",
      account_number: "09790000001",
      min_amount: 2_000,
      cashout_enabled: false,
      logo: "/img/payments/kbzpay.svg",
    };
    expectErrorBody(await send(t, "PUT", "/api/admin/payment-methods/1", { token: op.token, body }), 403, "FORBIDDEN");
    const res = await send(t, "PUT", "/api/admin/payment-methods/1", { token: admin.token, body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 1, account_number: "09790000001", min_amount: 2_000, cashout_enabled: false });
    const cashIn = (await call(t, "GET", "/api/payment-method/show-cashin")).json() as {
      id: number;
      account_number: string;
      min_amount: number;
    }[];
    expect(cashIn.find((m) => m.id === 1)).toMatchObject({ account_number: "09790000001", min_amount: 2_000 });
    const cashOut = (await call(t, "GET", "/api/payment-method/show-cashout")).json() as { id: number }[];
    expect(cashOut.some((m) => m.id === 1)).toBe(false);
    const audit = rowsOf<{ before: { min_amount: number }; after: { min_amount: number } }>(
      await t.ctx.db.execute(sql`select before, after from audit_log where action = 'payment_method.update' and actor_id = ${admin.id}`),
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after.min_amount).toBe(2_000);
  });

  it("an admin adds a method (audited) that players can pay into at once; an operator cannot; bad input adds nothing", async () => {
    const body = {
      name: "OK Dollar",
      logo: "/media/okdollar.png",
      account_name: "Shwe Lucky Ltd",
      account_number: "09791112223",
      min_amount: 5_000,
      max_amount: 2_000_000,
      cashout_enabled: false,
    };
    expectErrorBody(await send(t, "POST", "/api/admin/payment-methods", { token: op.token, body }), 403, "FORBIDDEN");
    const before = (await call(t, "GET", "/api/admin/payment-methods", { token: admin.token })).json();
    for (const bad of [
      {},
      { ...body, name: "" },
      { ...body, logo: "https://evil.example.com/x.png" },
      { ...body, min_amount: 0 },
      { ...body, min_amount: 3_000_000 },
      { ...body, extra: 1 },
    ]) {
      expect((await send(t, "POST", "/api/admin/payment-methods", { token: admin.token, body: bad })).statusCode, JSON.stringify(bad)).toBe(
        400,
      );
    }
    expect((await call(t, "GET", "/api/admin/payment-methods", { token: admin.token })).json()).toEqual(before);

    const [one, two] = await Promise.all([
      send(t, "POST", "/api/admin/payment-methods", { token: admin.token, body }),
      send(t, "POST", "/api/admin/payment-methods", { token: admin.token, body: { ...body, name: "MPitesan" } }),
    ]);
    expect([one?.statusCode, two?.statusCode]).toEqual([201, 201]);
    const added = adminPaymentMethodSchema.parse(one?.json());
    expect(added).toMatchObject({ ...body, cashin_enabled: true, cashout_enabled: false });
    expect(adminPaymentMethodSchema.parse(two?.json()).id).not.toBe(added.id);
    const cashIn = (await call(t, "GET", "/api/payment-method/show-cashin")).json() as { id: number; account_number: string }[];
    expect(cashIn.find((m) => m.id === added.id)).toMatchObject({ account_number: "09791112223" });
    const cashOut = (await call(t, "GET", "/api/payment-method/show-cashout")).json() as { id: number }[];
    expect(cashOut.some((m) => m.id === added.id)).toBe(false);
    const audit = rowsOf<{ before: unknown; after: { name: string } }>(
      await t.ctx.db.execute(
        sql`select before, after from audit_log where action = 'payment_method.create' and target_id = ${String(added.id)}`,
      ),
    );
    expect(audit).toEqual([{ before: null, after: expect.objectContaining({ name: "OK Dollar" }) }]);

    const player = await createUser(t);
    const res = await call(t, "POST", "/api/cash-in", {
      token: player.token,
      body: { payment_method_id: added.id, amount: 10_000, last_six_digits: "123456" },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it("refuses bad changes and changes nothing", async () => {
    const before = (await call(t, "GET", "/api/admin/payment-methods", { token: admin.token })).json();
    for (const body of [
      {},
      { min_amount: 0 },
      { logo: "https://evil.example.com/x.png" },
      { name: "" },
      { extra: 1 },
      { min_amount: 9_000_000, max_amount: 1_000 },
    ]) {
      expect((await send(t, "PUT", "/api/admin/payment-methods/1", { token: admin.token, body })).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
    expectErrorBody(await send(t, "PUT", "/api/admin/payment-methods/999", { token: admin.token, body: { name: "X" } }), 404, "NOT_FOUND");
    expect((await call(t, "GET", "/api/admin/payment-methods", { token: admin.token })).json()).toEqual(before);
  });

  it("sets the amount chips of both forms, sorted and without repeats", async () => {
    const res = await send(t, "PUT", "/api/admin/payment-methods/chips", {
      token: admin.token,
      body: { cash_in: [50_000, 10_000, 10_000], cash_out: [20_000] },
    });
    expect(adminPaymentMethodsSchema.parse(res.json()).chips).toEqual({ cash_in: [10_000, 50_000], cash_out: [20_000] });
    expect((await call(t, "GET", "/api/cashin-amount")).json()).toEqual([10_000, 50_000]);
    expectErrorBody(
      await send(t, "PUT", "/api/admin/payment-methods/chips", { token: op.token, body: { cash_in: [1], cash_out: [1] } }),
      403,
      "FORBIDDEN",
    );
    expect(
      (await send(t, "PUT", "/api/admin/payment-methods/chips", { token: admin.token, body: { cash_in: [], cash_out: [1] } })).statusCode,
    ).toBe(400);
  });
});
