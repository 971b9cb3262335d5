import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { call } from "../ledger/testing.ts";
import { createDraw } from "./lottery.test-helpers.ts";

// Each test starts its own app (demo and production): on a busy machine that takes a while.
describe("demo: a draw made due now", { timeout: 180_000 }, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("the game's next draw, and the 1D draw that takes its number, are due now: resulted and settled at once", async () => {
    t = await createTestApp({ seed: false });
    const later = await createDraw(t, "2D", { closesIn: 7200 });
    const next = await createDraw(t, "2D", { closesIn: 3600 });
    const drawAt = rowsOf<{ draw_at: Date | string }>(await t.ctx.db.execute(sql`select draw_at from draws where id = ${next}`))[0]
      ?.draw_at;
    const oneD = rowsOf<{ id: number }>(
      await t.ctx.db.execute(sql`
        insert into draws (type, draw_at, closes_at, status, odds, result_source, fair_seed_secret, fair_commitment)
        select '1D', draw_at, closes_at, 'open', 9, 'fair', fair_seed_secret, fair_commitment from draws where id = ${next}
        returning id`),
    )[0]?.id as number;

    const res = await call(t, "POST", "/api/dev/lottery/draw-due", { body: { type: "2D" } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { draw_id: number; status: string; number: string | null };
    expect(body).toMatchObject({ draw_id: next, status: "settled" });
    expect(body.number).toMatch(/^\d{2}$/);

    const rows = rowsOf<{ id: number; status: string; result: string | null; draw_at: Date | string }>(
      await t.ctx.db.execute(sql`select id, status, result, draw_at from draws where id in (${next}, ${oneD}, ${later}) order by id`),
    );
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    expect(byId.get(oneD)).toMatchObject({ status: "settled", result: body.number?.slice(-1) });
    expect(new Date(byId.get(oneD)?.draw_at ?? 0).getTime()).toBe(new Date(byId.get(next)?.draw_at ?? 0).getTime());
    expect(new Date(byId.get(next)?.draw_at ?? 0).getTime()).toBeLessThan(new Date(drawAt ?? 0).getTime());
    // The draw after it keeps its time and its bets.
    expect(byId.get(later)).toMatchObject({ status: "open", result: null });
  });

  it("a game without an upcoming draw is answered 404; bad input 400; production has no such hook", async () => {
    t = await createTestApp({ seed: false });
    await t.ctx.db.execute(sql`delete from draws where type = '3D'`);
    expect((await call(t, "POST", "/api/dev/lottery/draw-due", { body: { type: "3D" } })).statusCode).toBe(404);
    expect((await call(t, "POST", "/api/dev/lottery/draw-due", { body: { type: "4D" } })).statusCode).toBe(400);
    await t.close();
    t = await createTestApp({ seed: false, config: { mode: "production" } });
    expect((await call(t, "POST", "/api/dev/lottery/draw-due", { body: { type: "2D" } })).statusCode).toBe(404);
  });
});
