import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { markBalanceDelivered } from "./realtime.repository.ts";

/** Every scan node of a JSON plan, depth first. */
function scans(plan: Record<string, unknown>): Record<string, unknown>[] {
  const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
  const own = String(plan["Node Type"]).includes("Scan") ? [plan] : [];
  return [...own, ...children.flatMap(scans)];
}

/**
 * A live balance push marks its player's undelivered balance rows (markBalanceDelivered). The
 * balance changes of players without an open socket stay undelivered until pruned after a day; the
 * push must read its own player's rows, not every undelivered row (migration 0036's index).
 */
describe("marking a player's balance rows delivered", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    // 3,000 undelivered changes of 1,000 players without a socket, 20,000 delivered ones.
    await t.ctx.db.execute(sql`insert into outbox (topic, user_id, payload, delivered_at)
      select 'balance', 1000 + g % 1000, '{}'::jsonb, now() from generate_series(1, 20000) g`);
    await t.ctx.db.execute(sql`insert into outbox (topic, user_id, payload)
      select 'balance', 1000 + g % 1000, '{}'::jsonb from generate_series(1, 3000) g`);
    await t.ctx.db.execute(sql`analyze outbox`);
  }, 120_000);
  afterAll(async () => t?.close());

  it("reads only that player's undelivered rows, through the balance index", async () => {
    const explained = rowsOf<{ "QUERY PLAN": unknown }>(
      await t.ctx.db.execute(sql`explain (analyze, format json) update outbox set delivered_at = now()
        where topic = 'balance' and user_id = ${1042} and delivered_at is null returning id`),
    );
    const raw = explained[0]?.["QUERY PLAN"];
    const doc = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: Record<string, unknown> }[];
    const plan = doc[0]?.Plan;
    if (!plan) throw new Error("no plan");
    const found = scans(plan);
    // An index scan (plain or bitmap) on the balance index alone; nothing read and thrown away.
    expect([...new Set(found.map((n) => n["Index Name"]).filter(Boolean))]).toEqual(["outbox_balance_pending_idx"]);
    expect(found.map((n) => n["Node Type"])).not.toContain("Seq Scan");
    expect(found.reduce((sum, n) => sum + Number(n["Rows Removed by Filter"] ?? 0), 0)).toBe(0);
    expect(Math.min(...found.map((n) => Number(n["Actual Rows"])))).toBe(3);
  });

  it("marks exactly that player's rows", async () => {
    const before = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from outbox where topic = 'balance' and delivered_at is null`),
    )[0]?.n;
    expect(await markBalanceDelivered(t.ctx.db, 1043)).not.toBeNull();
    const after = rowsOf<{ n: number; mine: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n, count(*) filter (where user_id = 1043)::int as mine
        from outbox where topic = 'balance' and delivered_at is null`),
    )[0];
    expect(after).toEqual({ n: (before ?? 0) - 3, mine: 0 });
    expect(await markBalanceDelivered(t.ctx.db, 1043)).toBeNull();
  });
});
