import { gameLaunchResponseSchema } from "@shwe/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { call, expectErrorBody, fund } from "../../ledger/testing.ts";
import { connectTestProvider, player, setMaintenance } from "../wallet.test-helpers.ts";

const SLOT = { p_code: "GDG", cate_code: "slot", g_code: "gdg-slot-01" };

describe("game launch (getgamelaunch)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    connectTestProvider(t);
  });
  afterAll(async () => t.close());

  it("refuses visitors with 401", async () => {
    expectErrorBody(await call(t, "POST", "/api/getgamelaunch", { body: SLOT }), 401, "UNAUTHENTICATED");
    expectErrorBody(await call(t, "GET", "/api/getgamelaunch?p_code=GDG&cate_code=slot&g_code=gdg-slot-01"), 401, "UNAUTHENTICATED");
  });

  it("answers the adapter's URL for the signed-in player only (POST and GET, category by code or id)", async () => {
    const p = await player(t, 1_000);
    const res = await call(t, "POST", "/api/getgamelaunch", { token: p.token, body: SLOT });
    expect(res.statusCode).toBe(200);
    expect(gameLaunchResponseSchema.parse(res.json()).Url).toBe(`https://games.example.test/GDG/gdg-slot-01?player=${p.userCode}&lang=mm`);
    const byId = await call(t, "POST", "/api/getgamelaunch", { token: p.token, body: { ...SLOT, cate_code: 2, language: "en" } });
    expect(byId.json().Url).toBe(`https://games.example.test/GDG/gdg-slot-01?player=${p.userCode}&lang=en`);
    const get = await call(t, "GET", "/api/getgamelaunch?p_code=gdg&cate_code=slot&g_code=gdg-slot-01", { token: p.token });
    expect(get.json()).toEqual(res.json());
    // The player's own user_code may be sent; anybody else's is refused.
    expect((await call(t, "POST", "/api/getgamelaunch", { token: p.token, body: { ...SLOT, user_code: p.userCode } })).statusCode).toBe(
      200,
    );
    const other = await player(t, 1_000);
    expectErrorBody(
      await call(t, "POST", "/api/getgamelaunch", { token: p.token, body: { ...SLOT, user_code: other.userCode } }),
      403,
      "FORBIDDEN",
    );
  });

  it("opens the 'unavailable offline' page for a provider without a connection", async () => {
    const p = await player(t, 1_000);
    const res = await call(t, "POST", "/api/getgamelaunch", {
      token: p.token,
      body: { p_code: "AYL", cate_code: "live-casino", g_code: "ayl-live-casino-01" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Url: "/game/unavailable?provider=AYL" });
  });

  it("answers 422 PROVIDER_MAINTENANCE for a provider in maintenance", async () => {
    const p = await player(t, 1_000);
    await setMaintenance(t, "GDG", true);
    try {
      const res = await call(t, "POST", "/api/getgamelaunch", { token: p.token, body: SLOT });
      expectErrorBody(res, 422, "PROVIDER_MAINTENANCE");
      expect(res.json().message).toContain("maintenance");
    } finally {
      await setMaintenance(t, "GDG", false);
    }
  });

  it("answers 422 NO_TRANSFER_IN to a player who never moved money to the game balance and has none", async () => {
    const p = await player(t, 0);
    const res = await call(t, "POST", "/api/getgamelaunch", { token: p.token, body: SLOT });
    expectErrorBody(res, 422, "NO_TRANSFER_IN");
    expect(res.json().message).toBe("Please at least transfer Main to Game once.");
    await fund(t, p.id, 5_000, "main");
    expect((await call(t, "POST", "/api/user/transfer_in", { token: p.token, body: { amount: 5_000 } })).statusCode).toBe(200);
    expect((await call(t, "POST", "/api/user/transfer_out", { token: p.token, body: { amount: 5_000 } })).statusCode).toBe(200);
    expect((await call(t, "POST", "/api/getgamelaunch", { token: p.token, body: SLOT })).statusCode).toBe(200);
  });

  it("answers 404 for unknown or inactive games, a wrong category, and 400 for malformed bodies", async () => {
    const p = await player(t, 1_000);
    const unknown = [
      { ...SLOT, g_code: "no-such-game" },
      { ...SLOT, p_code: "NOPE" },
      { ...SLOT, cate_code: "fishing" },
    ];
    for (const body of unknown) expectErrorBody(await call(t, "POST", "/api/getgamelaunch", { token: p.token, body }), 404, "NOT_FOUND");
    await t.ctx.db.execute(sql`update games set active = false where code = 'gdg-slot-02'`);
    expectErrorBody(
      await call(t, "POST", "/api/getgamelaunch", { token: p.token, body: { ...SLOT, g_code: "gdg-slot-02" } }),
      404,
      "NOT_FOUND",
    );
    for (const body of [{}, { ...SLOT, extra: 1 }, { ...SLOT, g_code: "" }, { ...SLOT, language: "fr" }]) {
      expectErrorBody(await call(t, "POST", "/api/getgamelaunch", { token: p.token, body }), 400, "VALIDATION_FAILED");
    }
  });
});
