import type { AdminDraw, DrawExposure, DrawStatus, LotteryType } from "@shwe/contracts";
import { numberStatus } from "@shwe/domain";
import type { AppContext } from "../../app-context.ts";
import { notFound } from "../../lib/errors.ts";
import { iso, toDraw } from "./draw-view.ts";
import { type DrawRow, findDraw, selectDraws, selectExposureOfDraws } from "./draws.repository.ts";
import { readAllLimits, slipRulesOf } from "./lottery-config.ts";
import { type NumberRuleSets, selectNumberRules } from "./lottery-games.repository.ts";

/** Draws as operators see them: the result before confirmation, feed values and errors, stakes and exposure per number. */

async function toAdminDraws(ctx: AppContext, rows: DrawRow[]): Promise<AdminDraw[]> {
  const exposure = await selectExposureOfDraws(
    ctx.db,
    rows.map((r) => r.id),
  );
  const limits = await readAllLimits(ctx.db);
  const rulesByType = new Map<LotteryType, NumberRuleSets>();
  for (const type of new Set(rows.map((r) => r.type))) rulesByType.set(type, await selectNumberRules(ctx.db, type));
  return rows.map((row) => {
    const mine = exposure.filter((e) => e.drawId === row.id);
    const staked = new Map(mine.map((e) => [e.number, e.staked]));
    const rules = slipRulesOf(row.type, limits[row.type], rulesByType.get(row.type) ?? { hot: new Set(), blocked: new Set() }, staked);
    const perNumber: DrawExposure[] = mine
      .map((e) => {
        const status = numberStatus(e.number, rules);
        return { ...status, staked: e.staked, lines: e.lines, payout: e.payout };
      })
      .sort((a, b) => b.staked - a.staked || (a.number < b.number ? -1 : 1));
    const feedValues = row.feedValues && typeof row.feedValues === "object" ? (row.feedValues as Record<string, unknown>) : null;
    return {
      ...toDraw(row),
      result: row.result,
      feed_values: feedValues,
      feed_error: row.feedError,
      entered_by: row.enteredBy,
      result_entry: row.resultEntry,
      confirmed_by: row.confirmedBy,
      void_reason: row.voidReason,
      settled_at: row.settledAt ? iso(row.settledAt) : null,
      total_staked: mine.reduce((sum, e) => sum + e.staked, 0),
      line_count: mine.reduce((sum, e) => sum + e.lines, 0),
      exposure: perNumber,
    };
  });
}

/** GET /api/admin/draws?type=&status=&limit= (newest draw time first). */
export async function listDraws(
  ctx: AppContext,
  filter: { type?: LotteryType | undefined; status?: DrawStatus | undefined; limit?: number | undefined },
): Promise<{ data: AdminDraw[] }> {
  const rows = await selectDraws(ctx.db, { type: filter.type, status: filter.status, limit: filter.limit ?? 50 });
  return { data: await toAdminDraws(ctx, rows) };
}

export async function getDraw(ctx: AppContext, drawId: number): Promise<AdminDraw> {
  const row = await findDraw(ctx.db, drawId);
  if (!row) throw notFound("This draw does not exist.");
  const [draw] = await toAdminDraws(ctx, [row]);
  if (!draw) throw notFound("This draw does not exist.");
  return draw;
}
