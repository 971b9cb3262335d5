import type { AdminDraw, DrawExposure, DrawStatus, LotteryType } from "@shwe/contracts";
import { numberStatus } from "@shwe/domain";
import type { AppContext } from "../../app-context.ts";
import type { Executor } from "../../db/client.ts";
import { notFound } from "../../lib/errors.ts";
import { iso, toDraw } from "./draw-view.ts";
import { type DrawRow, findDraw, selectDraws, selectExposureOfDraws } from "./draws.repository.ts";
import { readAllLimits, slipRulesOf } from "./lottery-config.ts";
import { type NumberRuleSets, selectNumberRules } from "./lottery-games.repository.ts";

/**
 * Draws as operators see them: feed values and errors, stakes and exposure per number, and the
 * result. A manually entered result waiting for its confirmation is shown only to the operator who
 * entered it: the checker types the number from the official source, never copies it.
 */

/** The result as this operator may see it: null while a manual entry of someone else waits for its confirmation. */
function resultSeenBy(row: DrawRow, viewerId: number): string | null {
  const awaitingCheck = row.resultSource === "manual" && row.result !== null && row.confirmedAt === null && row.status === "resulted";
  return awaitingCheck && row.enteredBy !== viewerId ? null : row.result;
}

/**
 * Of these draws, the ones whose entered result this operator may not see yet (a manual entry of
 * someone else waiting for its confirmation): the audit log hides their numbers too.
 */
export async function drawsWithResultHiddenFrom(db: Executor, drawIds: readonly number[], viewerId: number): Promise<Set<number>> {
  const hidden = new Set<number>();
  for (const id of new Set(drawIds)) {
    const row = await findDraw(db, id);
    if (row && row.result !== null && resultSeenBy(row, viewerId) === null) hidden.add(id);
  }
  return hidden;
}

async function toAdminDraws(ctx: AppContext, rows: DrawRow[], viewerId: number): Promise<AdminDraw[]> {
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
      result: resultSeenBy(row, viewerId),
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
  viewerId: number,
): Promise<{ data: AdminDraw[] }> {
  const rows = await selectDraws(ctx.db, { type: filter.type, status: filter.status, limit: filter.limit ?? 50 });
  return { data: await toAdminDraws(ctx, rows, viewerId) };
}

/** GET /api/admin/draws/{id}, as the calling operator may see it. */
export async function getDraw(ctx: AppContext, drawId: number, viewerId: number): Promise<AdminDraw> {
  const row = await findDraw(ctx.db, drawId);
  if (!row) throw notFound("This draw does not exist.");
  const [draw] = await toAdminDraws(ctx, [row], viewerId);
  if (!draw) throw notFound("This draw does not exist.");
  return draw;
}
