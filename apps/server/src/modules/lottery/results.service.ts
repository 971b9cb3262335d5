import type { DrawStatus } from "@shwe/contracts";
import {
  DERIVED_FAIR_SOURCE,
  deriveDerivedFairNumber,
  fairNumber,
  isValidNumber,
  resultFromFeed,
  verifyDerivedFairDraw,
  verifyFairDraw,
} from "@shwe/domain";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../app-context.ts";
import type { Tx } from "../../db/client.ts";
import { badRequest, conflict, notFound, refused } from "../../lib/errors.ts";
import { type Actor, recordAudit } from "../content/audit.service.ts";
import { withMoneyTx } from "../ledger/ledger.service.ts";
import { assertIndependentChecker } from "../operators/checker.service.ts";
import {
  type DrawRow,
  findDrawAt,
  isBeforeCutoffByDbClock,
  lockDraw,
  lockPendingDrawsSharingCommitment,
  updateDraw,
} from "./draws.repository.ts";
import { extractFeedValues, type FeedFetcher } from "./feed.ts";
import { readFeedConfig } from "./lottery-config.ts";
import { settleDraw } from "./settlement.service.ts";

/**
 * How a draw gets its number: revealed (fair), fetched (feed) or entered by an operator and
 * confirmed by a different one (manual). A result is never recorded before the draw time (engine
 * clock) nor while the database clock is still before the cut-off, so no bet can land after it.
 */

/** Locks a draw that may take a result now: still unresulted, past its draw time and its cut-off. Otherwise undefined. */
async function lockDrawDueForResult(ctx: AppContext, tx: Tx, drawId: number): Promise<DrawRow | undefined> {
  const draw = await lockDraw(tx, drawId, "update");
  if (!draw || (draw.status !== "open" && draw.status !== "closed") || draw.result !== null) return undefined;
  if (ctx.clock.now().getTime() < draw.drawAt.getTime()) return undefined;
  if (await isBeforeCutoffByDbClock(tx, drawId)) return undefined;
  return draw;
}

/** How a fair draw's number is reached: from its own draw id, or as a digit of its 2D / crypto 2D sibling's number. */
type FairPlan = { number: string; proofHolds: boolean; voidSource?: DrawRow };

/**
 * 1D / crypto 1D: when the 2D / crypto 2D draw at the same time shares its commitment, the number is
 * the last digit of that draw's number; the draw waits until that draw has revealed (or was voided,
 * keeping the shared seed secret). Any other fair draw — including a 1D draw that found no fair 2D
 * draw when it was created — is drawn on its own id. Undefined while the draw has to wait.
 */
async function planFairDraw(ctx: AppContext, draw: DrawRow, seed: string, commitment: string): Promise<FairPlan | undefined> {
  const sourceType = DERIVED_FAIR_SOURCE[draw.type];
  const source = sourceType ? await findDrawAt(ctx.db, sourceType, draw.drawAt) : undefined;
  if (!sourceType || !source || source.fairCommitment !== commitment) {
    const number = await fairNumber(seed, draw.id, draw.type);
    return { number, proofHolds: await verifyFairDraw({ seed, commitment, drawId: draw.id, type: draw.type, number }) };
  }
  if (source.fairSeed === null && source.fairSeedSecret !== null) return undefined;
  const { number } = await deriveDerivedFairNumber(seed, source.id, sourceType, draw.type, "last");
  const proofHolds =
    (source.fairSeed === null || source.fairSeed === seed) &&
    (await verifyDerivedFairDraw({ seed, commitment, type: draw.type, sourceDrawId: source.id, sourceType, digit: "last", number }));
  return { number, proofHolds, ...(source.status === "void" && source.fairSeed === null ? { voidSource: source } : {}) };
}

/**
 * Fair draw: reveals the secret seed, derives the number (HMAC-SHA256(seed, draw id), no modulo
 * bias; 1D / crypto 1D: the last digit of the 2D / crypto 2D draw at the same time) and records
 * result and proof; the draw is then final and ready to settle. The number is computed and checked
 * against the published commitment before any row is locked. A seed shared by several draws is
 * revealed only once every one of them has passed its cut-off.
 */
export async function revealFairDraw(ctx: AppContext, draw: DrawRow): Promise<boolean> {
  const seed = draw.fairSeedSecret;
  const commitment = draw.fairCommitment;
  if (!seed || !commitment) return false;
  const plan = await planFairDraw(ctx, draw, seed, commitment);
  if (!plan) return false;
  return withMoneyTx(ctx.db, async (tx) => {
    const due = await lockDrawDueForResult(ctx, tx, draw.id);
    if (!due || due.fairSeedSecret !== seed || due.fairCommitment !== commitment) return false;
    if (!plan.proofHolds) {
      await updateDraw(tx, draw.id, { feedError: "The stored seed does not match the published commitment." });
      return false;
    }
    const sharers = await lockPendingDrawsSharingCommitment(tx, commitment, draw.id);
    if (sharers.some((d) => d.beforeCutoff)) return false;
    await updateDraw(tx, draw.id, {
      status: "resulted",
      result: plan.number,
      resultSource: "fair",
      fairSeed: seed,
      fairSeedSecret: null,
      resultedAt: sql`now()`,
      confirmedAt: sql`now()`,
    });
    // A void 2D draw kept the shared seed secret for this draw: it is public now.
    if (plan.voidSource) await updateDraw(tx, plan.voidSource.id, { fairSeed: seed });
    return true;
  });
}

/** Feed draw: fetches the configured source (no lock held), stores the raw values and the derived number, or the error. */
export async function fetchFeedResult(ctx: AppContext, draw: DrawRow, fetcher: FeedFetcher): Promise<boolean> {
  const config = await readFeedConfig(ctx.db, draw.type);
  let values: Record<string, unknown> | null = null;
  let number: string | null = null;
  let error: string | null = null;
  if (!config.url) {
    error = "No result feed is configured for this game.";
  } else {
    try {
      const doc = await fetcher(config.url, config.timeout_ms);
      const extracted = extractFeedValues(draw.type, doc, config.paths);
      values = { ...extracted };
      number = resultFromFeed(draw.type, extracted);
    } catch (err) {
      error = err instanceof Error ? err.message : "The feed could not be read.";
    }
  }
  return withMoneyTx(ctx.db, async (tx) => {
    const due = await lockDrawDueForResult(ctx, tx, draw.id);
    if (!due) return false;
    if (number === null || values === null) {
      await updateDraw(tx, draw.id, {
        feedError: (error ?? "The feed could not be read.").slice(0, 500),
        feedAttempts: due.feedAttempts + 1,
        feedAttemptedAt: ctx.clock.now(),
        ...(values ? { feedValues: { url: config.url, values } } : {}),
      });
      return false;
    }
    await updateDraw(tx, draw.id, {
      status: "resulted",
      result: number,
      resultSource: "feed",
      feedValues: { url: config.url, fetched_at: ctx.clock.now().toISOString(), values },
      feedError: null,
      feedAttempts: due.feedAttempts + 1,
      feedAttemptedAt: ctx.clock.now(),
      resultedAt: sql`now()`,
      confirmedAt: sql`now()`,
    });
    return true;
  });
}

/**
 * An operator enters the number (api.md POST /api/admin/draws/{id}/result): after the draw time
 * only (422 TOO_EARLY), never over a final result (409 ALREADY_DECIDED), never over a fair draw's own
 * reveal (422 FAIR_DRAW). It waits for a different operator's confirmation; until then it can be
 * corrected. Every entry gets the next entry number: a correction replaces the number and restarts
 * the review (a confirmation of the earlier entry is refused).
 */
export async function enterResult(
  ctx: AppContext,
  drawId: number,
  number: string,
  actor: Actor,
): Promise<{ draw_id: number; status: DrawStatus }> {
  return withMoneyTx(ctx.db, async (tx) => {
    const draw = await lockDraw(tx, drawId, "update");
    if (!draw) throw notFound("This draw does not exist.");
    if (!isValidNumber(draw.type, number)) {
      throw badRequest(`Invalid input: ${JSON.stringify(number)} is not a ${draw.type} number.`, {
        fields: [{ field: "number", message: `must be a ${draw.type} number` }],
      });
    }
    if (draw.status === "void" || draw.status === "settled" || draw.confirmedAt !== null) {
      throw conflict("ALREADY_DECIDED", "This draw's result is already final.");
    }
    if (draw.resultSource === "fair" && draw.fairSeedSecret !== null) {
      throw refused("FAIR_DRAW", "A fair draw reveals its own result at draw time.");
    }
    if (ctx.clock.now().getTime() < draw.drawAt.getTime() || (await isBeforeCutoffByDbClock(tx, drawId))) {
      throw refused("TOO_EARLY", "A result cannot be entered before its draw time.");
    }
    await updateDraw(tx, drawId, {
      status: "resulted",
      result: number,
      resultSource: "manual",
      enteredBy: actor.id,
      resultEntry: draw.resultEntry + 1,
      resultedAt: sql`now()`,
      confirmedAt: null,
      confirmedBy: null,
    });
    await recordAudit(
      tx,
      actor,
      "draw.result",
      { type: "draw", id: drawId },
      { status: draw.status, result: draw.result, entered_by: draw.enteredBy, result_entry: draw.resultEntry },
      { status: "resulted", result: number, entered_by: actor.id, result_entry: draw.resultEntry + 1 },
    );
    return { draw_id: drawId, status: "resulted" as const };
  });
}

/**
 * A second operator confirms the entered number (api.md POST /api/admin/draws/{id}/confirm) by
 * typing the number they checked; the draw is then settled at once, as that number. Under the draw
 * lock: the operator who entered it cannot confirm it (422 SECOND_OPERATOR_REQUIRED); a number other
 * than the current entry's is refused (409 RESULT_MISMATCH), and so is a confirmation of an earlier
 * entry (409 RESULT_CHANGED), so a correction racing a confirmation never settles unchecked.
 */
export async function confirmResult(
  ctx: AppContext,
  drawId: number,
  checked: { number: string; entry?: number | undefined },
  actor: Actor,
): Promise<{ draw_id: number; status: DrawStatus }> {
  await withMoneyTx(ctx.db, async (tx) => {
    const draw = await lockDraw(tx, drawId, "update");
    if (!draw) throw notFound("This draw does not exist.");
    if (draw.status === "void" || draw.status === "settled" || draw.confirmedAt !== null) {
      throw conflict("ALREADY_DECIDED", "This draw's result is already final.");
    }
    if (draw.status !== "resulted" || draw.result === null) throw refused("NO_RESULT", "No result has been entered for this draw yet.");
    if (draw.enteredBy === actor.id) {
      throw refused("SECOND_OPERATOR_REQUIRED", "A different operator must confirm the result you entered.");
    }
    await assertIndependentChecker(tx, ctx.config.checkerCooldownHours, actor.id, draw.enteredBy);
    if (!isValidNumber(draw.type, checked.number)) {
      throw badRequest(`Invalid input: ${JSON.stringify(checked.number)} is not a ${draw.type} number.`, {
        fields: [{ field: "number", message: `must be a ${draw.type} number` }],
      });
    }
    if (checked.entry !== undefined && checked.entry !== draw.resultEntry) {
      throw conflict("RESULT_CHANGED", "The result was entered again since you checked it: review the new entry.", {
        entry: draw.resultEntry,
      });
    }
    if (checked.number !== draw.result) {
      throw conflict("RESULT_MISMATCH", "The number you checked is not the entered result: nothing was confirmed.", {
        entry: draw.resultEntry,
      });
    }
    await updateDraw(tx, drawId, { confirmedBy: actor.id, confirmedAt: sql`now()` });
    await recordAudit(
      tx,
      actor,
      "draw.confirm",
      { type: "draw", id: drawId },
      { status: draw.status, result: draw.result, entered_by: draw.enteredBy },
      { status: "resulted", result: draw.result, confirmed_by: actor.id, result_entry: draw.resultEntry },
    );
  });
  const outcome = await settleDraw(ctx, drawId);
  return { draw_id: drawId, status: outcome === "settled" ? "settled" : "resulted" };
}
