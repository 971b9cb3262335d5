import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder, rowsOf } from "../../db/client.ts";
import { MoneyCallError } from "../../db/money-batch.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { BET_PLACE_REASONS, betPlaceReasonOf } from "./betting.repository.ts";
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

  it("reads a reason from the money batch's error and from a statement's own (wrapped) error", () => {
    expect(betPlaceReasonOf(new MoneyCallError("SWB01", "bet_place: DRAW_CLOSED"))).toEqual({ code: "DRAW_CLOSED" });
    const wrapped = Object.assign(new Error("Failed query: select … from bet_place(…)"), {
      cause: Object.assign(new Error('bet_place: WRONG_GAME {"draw_type": "3D"}'), { code: "SWB01" }),
    });
    expect(betPlaceReasonOf(wrapped)).toEqual({ code: "WRONG_GAME", drawType: "3D" });
    expect(
      betPlaceReasonOf(
        new MoneyCallError("SWB01", 'bet_place: FUNDS {"hot": ["07"], "balance": 300, "staked": {"07": 100}, "blocked": []}'),
      ),
    ).toEqual({ code: "FUNDS", readings: { hot: ["07"], blocked: [], staked: { "07": 100 }, balance: 300 } });
    expect(betPlaceReasonOf(new MoneyCallError("SWB01", 'bet_place: SELF_EXCLUDED {"until_ms": null, "indefinite": true}'))).toEqual({
      code: "SELF_EXCLUDED",
      until: null,
      indefinite: true,
    });
    // A reason this server does not know (a newer database), the old blanket message, another SQLSTATE: the general path.
    expect(betPlaceReasonOf(new MoneyCallError("SWB01", "bet_place: SOMETHING_NEW"))).toBeUndefined();
    expect(betPlaceReasonOf(new MoneyCallError("SWB01", "bet_place: funds"))).toBeUndefined();
    expect(betPlaceReasonOf(new MoneyCallError("40001", "bet_place: DRAW_CLOSED"))).toBeUndefined();
  });

  it("answers a cut-off passed while the slip waited for its numbers (CLOSED_LATE) as the general path past the cut-off", () => {
    const limits = { min_stake: 100, max_stake: 2_000, max_lines: 3, number_cap: 3_000, hot_cap: 500 };
    const body = { draw_id: 1, lines: [{ number: "42", amount: 100 }] };
    const refusal = refusalOfReason({ code: "CLOSED_LATE" }, "2D", limits, body, new Date());
    expect(refusal).toMatchObject({ status: 422, code: "BETTING_CLOSED", message: BETTING_CLOSED_MESSAGE });
    // Reasons that are not final go to the general path.
    for (const code of ["SHAPE", "PROTECTED", "KEY_TAKEN", "STALE_CONFIG", "ACCOUNTS", "HOUSE_ACCOUNT"] as const) {
      expect(refusalOfReason({ code }, "2D", limits, body, new Date())).toBeUndefined();
    }
    // A break the server's clock sees as over goes to the general path, which judges it by that clock.
    const until = new Date("2030-01-01T00:00:00Z");
    const reason = { code: "SELF_EXCLUDED" as const, until, indefinite: false };
    expect(refusalOfReason(reason, "2D", limits, body, new Date("2029-12-31T23:59:59Z"))).toMatchObject({ code: "SELF_EXCLUDED" });
    expect(refusalOfReason(reason, "2D", limits, body, until)).toBeUndefined();
  });
});
