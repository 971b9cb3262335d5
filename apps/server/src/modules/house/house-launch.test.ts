import { houseLaunchResultSchema } from "@shwe/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { ManualClock } from "../../lib/clock.ts";
import { sha256Hex } from "../../lib/crypto.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { call, expectErrorBody } from "../ledger/testing.ts";
import { CRASH_LAUNCH, exchangeLaunch, houseCall, housePlayer, launchUrlOf } from "./house.test-helpers.ts";
import { LAUNCH_CODE_MS } from "./house-session.service.ts";

describe("house launch codes: the launch URL opens the game once", () => {
  let t: TestApp;
  let clock: ManualClock;
  beforeAll(async () => {
    clock = new ManualClock(new Date());
    t = await createTestApp({ clock, config: { rateLimits: { enabled: false, factor: 1 } } });
  });
  afterAll(async () => t.close());

  it("the launch URL carries a one-time code, not a session token; its exchange gives the session token once", async () => {
    const p = await housePlayer(t, 5_000);
    const { url, code } = await launchUrlOf(t, p, CRASH_LAUNCH);
    expect(url).not.toContain("session=");
    // The code itself is no play session.
    expectErrorBody(await houseCall(t, "GET", "/house/api/session", code), 401, "UNAUTHENTICATED");

    const first = await exchangeLaunch(t, code);
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    const opened = houseLaunchResultSchema.parse(first.json());
    expect(opened.game).toBe("house-crash");
    expect(opened.session).not.toBe(code);
    expect((await houseCall(t, "GET", "/house/api/session", opened.session)).statusCode).toBe(200);

    // A second use of the same URL (history, a log, a Referer) opens nothing and leaves the session alone.
    const again = await exchangeLaunch(t, code);
    expectErrorBody(again, 401, "UNAUTHENTICATED");
    expect(again.json().message).toMatch(/already been used or has expired/);
    expect((await houseCall(t, "GET", "/house/api/session", opened.session)).statusCode).toBe(200);
    // Only hashes are kept; the used code is forgotten.
    const rows = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from house_sessions where launch_code_hash = ${sha256Hex(code)}`),
    );
    expect(rows[0]?.n).toBe(0);
  });

  it("two exchanges of one code at the same moment: exactly one gets a session", async () => {
    const p = await housePlayer(t, 5_000);
    const { code } = await launchUrlOf(t, p);
    const answers = await Promise.all([exchangeLaunch(t, code), exchangeLaunch(t, code), exchangeLaunch(t, code)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it("a code not used within its time opens nothing", async () => {
    const p = await housePlayer(t, 5_000);
    const fresh = await launchUrlOf(t, p);
    const late = await launchUrlOf(t, p);
    clock.advance(LAUNCH_CODE_MS - 1_000);
    expect((await exchangeLaunch(t, fresh.code)).statusCode).toBe(200);
    clock.advance(2_000);
    expectErrorBody(await exchangeLaunch(t, late.code), 401, "UNAUTHENTICATED");
  });

  it("refuses a malformed or unknown code with the error body", async () => {
    expectErrorBody(await exchangeLaunch(t, "short"), 400, "VALIDATION_FAILED");
    expectErrorBody(
      await t.app.inject({ method: "POST", url: "/house/api/launch", payload: { launch_code: "x".repeat(43), extra: 1 } }),
      400,
      "VALIDATION_FAILED",
    );
    expectErrorBody(await exchangeLaunch(t, "y".repeat(43)), 401, "UNAUTHENTICATED");
  });

  it("a code whose sign-in has ended opens nothing", async () => {
    const p = await housePlayer(t, 5_000);
    const { code } = await launchUrlOf(t, p);
    expect((await call(t, "POST", "/api/user/logout", { token: p.token })).statusCode).toBe(204);
    expectErrorBody(await exchangeLaunch(t, code), 401, "UNAUTHENTICATED");
  });
});
