import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../apps/server/src/db/client.ts";
import { createDrawScheduler } from "../../apps/server/src/modules/lottery/draw-scheduler.service.ts";
import { createTestApp } from "../../apps/server/src/test/test-app.ts";
import { createOpenDraw } from "../../bench/lib/players.mjs";
import { makeDrawDue } from "../../bench/lib/rush.mjs";

/**
 * The rush's "the draw time is now" step with the product's own draw scheduler, on a fresh database
 * (on TEST_DATABASE_URL's server when set, else embedded). A burst can end before its cut-off (its last slips are planned just before it and a
 * quiet machine answers them at once); making the draw due then with one conditional update left it
 * an hour away, so no scheduler ever revealed it (`draw NOT settled: result null`). makeDrawDue waits
 * for the database clock to pass the cut-off, then the next tick reveals and settles.
 */
describe("making a rush's draw due", () => {
  let context;
  beforeAll(async () => {
    context = await createTestApp({ seed: false });
  }, 120_000);
  afterAll(async () => context?.close());

  const drawOf = async (id) =>
    rowsOf(await context.ctx.db.execute(sql`select status, result, draw_at <= now() as due from draws where id = ${id}`))[0];

  it("before the cut-off, a one-shot update leaves the draw unresulted; makeDrawDue waits for the cut-off and the scheduler settles it", async () => {
    const { ctx } = context;
    const scheduler = createDrawScheduler(ctx);
    // The cut-off 3 s ahead: a margin for a slow machine between these steps.
    const drawId = await createOpenDraw(ctx, { closesIn: 3 });

    // What the rush did: one update, conditional on the cut-off having passed. Before it, nothing changes.
    const touched = rowsOf(
      await ctx.db.execute(sql`update draws set draw_at = now() where id = ${drawId} and closes_at < now() returning id`),
    );
    expect(touched).toEqual([]);
    const report = await scheduler.tick();
    expect(report.errors).toBe(0);
    const waiting = await drawOf(drawId);
    expect({ result: waiting.result, due: waiting.due }).toEqual({ result: null, due: false });
    expect(waiting.status).not.toBe("settled");

    await makeDrawDue(ctx.db, drawId, 10_000);
    expect((await drawOf(drawId)).due).toBe(true);
    const after = await scheduler.tick();
    expect(after.errors).toBe(0);
    const settled = await drawOf(drawId);
    expect(settled.status).toBe("settled");
    expect(settled.result).toMatch(/^\d{2}$/);
  });

  it("refuses a draw that can no longer be made due instead of waiting for a settlement that cannot come", async () => {
    const { ctx } = context;
    const drawId = await createOpenDraw(ctx, { closesIn: 3600 });
    await expect(makeDrawDue(ctx.db, drawId, 200)).rejects.toThrow(/could not be made due within 200 ms/);
    expect((await drawOf(drawId)).due).toBe(false);
  });
});
