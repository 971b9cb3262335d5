import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import {
  call,
  createUser,
  DEFAULT_PASSWORD,
  expectErrorBody,
  expectLedgerClean,
  fund,
  moneySnapshot,
  type TestUser,
} from "../ledger/testing.ts";

describe("cash requests are for players only", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { enabled: false, factor: 1 } } });
  });
  afterEach(async () => expectLedgerClean(t));
  afterAll(async () => t.close());

  const cashInBody = { payment_method_id: 1, amount: 50_000, last_six_digits: "004211" };
  const cashOutBody = {
    payment_method_id: 1,
    amount: 20_000,
    account_number: "09791234567",
    holder_name: "Aung Aung",
    password: DEFAULT_PASSWORD,
  };
  const file = (u: TestUser, kind: "in" | "out", body: unknown) => call(t, "POST", `/api/cash-${kind}`, { token: u.token, body });

  it.each(["operator", "admin"] as const)("an %s account cannot file cash-in or cash-out (403, nothing changes)", async (role) => {
    const staff = await createUser(t, { role });
    await fund(t, staff.id, 100_000);
    const before = await moneySnapshot(t.ctx.db);
    for (const kind of ["in", "out"] as const) {
      const res = await file(staff, kind, kind === "in" ? cashInBody : cashOutBody);
      expectErrorBody(res, 403, "FORBIDDEN");
      expect(res.json().message).toBe("Operator accounts cannot file cash-in or cash-out requests.");
      // Refused before the body is read: an invalid body gets the same answer.
      expectErrorBody(await file(staff, kind, { nonsense: true }), 403, "FORBIDDEN");
    }
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);
  });

  it("a player files both as before", async () => {
    const player = await createUser(t);
    await fund(t, player.id, 100_000);
    expect((await file(player, "in", cashInBody)).statusCode).toBe(201);
    expect((await file(player, "out", cashOutBody)).statusCode).toBe(201);
  });
});
