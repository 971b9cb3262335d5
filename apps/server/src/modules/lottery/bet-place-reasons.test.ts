import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder, rowsOf } from "../../db/client.ts";
import { MoneyCallError } from "../../db/money-batch.ts";
import type { AppError } from "../../lib/errors.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { BET_PLACE_REASONS, type BetPlaceReason, betPlaceReasonOf } from "./betting.repository.ts";
import { BETTING_CLOSED_MESSAGE, refusalOfReason } from "./betting.service.ts";

/** The reasons bet_place gives, in the order its body raises them. */
function reasonsIn(source: string): string[] {
  return [...new Set([...source.matchAll(/'bet_place: ([A-Z_]+)/g)].map((m) => m[1] as string))];
}

describe("bet_place's reasons (decision 0023)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("the live function raises exactly the documented reasons, in the general path's order", async () => {
    const live = rowsOf<{ src: string }>(await t.ctx.db.execute(sql`select prosrc as src from pg_proc where proname = 'bet_place'`));
    expect(live).toHaveLength(1);
    expect(reasonsIn(live[0]?.src ?? "")).toEqual([...BET_PLACE_REASONS]);
    // The migration's header lists them in that order too.
    const header = readFileSync(join(migrationsFolder, "0039_bet_refusal_reasons.sql"), "utf8").split("CREATE")[0] ?? "";
    const listed = [...header.matchAll(/^-- {3}([A-Z_]+) /gm)].map((m) => m[1]);
    expect(listed).toEqual([...BET_PLACE_REASONS]);
  });

  /** A statement's own error as the driver gives it: the database's error wrapped in the query's. */
  const wrapped = (message: string) =>
    Object.assign(new Error("Failed query: select … from bet_place(…)"), { cause: Object.assign(new Error(message), { code: "SWB01" }) });

  it.each<{ reason: string; error: Error; read: BetPlaceReason | undefined }>([
    {
      reason: "DRAW_CLOSED (money batch)",
      error: new MoneyCallError("SWB01", "bet_place: DRAW_CLOSED"),
      read: { code: "DRAW_CLOSED" },
    },
    {
      reason: "WRONG_GAME (wrapped)",
      error: wrapped('bet_place: WRONG_GAME {"draw_type": "3D"}'),
      read: { code: "WRONG_GAME", drawType: "3D" },
    },
    {
      reason: "FUNDS with its readings",
      error: new MoneyCallError("SWB01", 'bet_place: FUNDS {"hot": ["07"], "balance": 300, "staked": {"07": 100}, "blocked": []}'),
      read: { code: "FUNDS", readings: { hot: ["07"], blocked: [], staked: { "07": 100 }, balance: 300 } },
    },
    {
      reason: "SELF_EXCLUDED for good",
      error: new MoneyCallError("SWB01", 'bet_place: SELF_EXCLUDED {"until_ms": null, "indefinite": true}'),
      read: { code: "SELF_EXCLUDED", until: null, indefinite: true },
    },
    // A reason this server does not know (a newer database), the old blanket message, another SQLSTATE: the general path.
    { reason: "unknown to this server", error: new MoneyCallError("SWB01", "bet_place: SOMETHING_NEW"), read: undefined },
    { reason: "the old blanket message", error: new MoneyCallError("SWB01", "bet_place: funds"), read: undefined },
    { reason: "under another SQLSTATE", error: new MoneyCallError("40001", "bet_place: DRAW_CLOSED"), read: undefined },
  ])("reads the reason $reason", ({ error, read }) => {
    expect(betPlaceReasonOf(error)).toEqual(read);
  });

  const limits = { min_stake: 100, max_stake: 2_000, max_lines: 3, number_cap: 3_000, hot_cap: 500 };
  const body = { draw_id: 1, lines: [{ number: "42", amount: 100 }] };
  const until = new Date("2030-01-01T00:00:00Z");

  it.each<{ reason: string; given: BetPlaceReason; now: Date; refusal: Partial<AppError> | undefined }>([
    // A cut-off passed while the slip waited for its numbers: answered as the general path past the cut-off.
    {
      reason: "CLOSED_LATE",
      given: { code: "CLOSED_LATE" },
      now: new Date(),
      refusal: { status: 422, code: "BETTING_CLOSED", message: BETTING_CLOSED_MESSAGE },
    },
    // Reasons that are not final go to the general path.
    ...(["SHAPE", "PROTECTED", "KEY_TAKEN", "STALE_CONFIG", "ACCOUNTS", "HOUSE_ACCOUNT"] as const).map((code) => ({
      reason: `${code} (not final)`,
      given: { code },
      now: new Date(),
      refusal: undefined,
    })),
    // A break the server's clock sees as over goes to the general path, which judges it by that clock.
    {
      reason: "SELF_EXCLUDED before its end",
      given: { code: "SELF_EXCLUDED", until, indefinite: false },
      now: new Date("2029-12-31T23:59:59Z"),
      refusal: { code: "SELF_EXCLUDED" },
    },
    { reason: "SELF_EXCLUDED at its end", given: { code: "SELF_EXCLUDED", until, indefinite: false }, now: until, refusal: undefined },
  ])("answers the reason $reason as the general path would", ({ given, now, refusal }) => {
    const answer = refusalOfReason(given, "2D", limits, body, now);
    if (refusal === undefined) expect(answer).toBeUndefined();
    else expect(answer).toMatchObject(refusal);
  });
});
