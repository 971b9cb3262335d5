import { type LotteryType, type WsResultMessage, wsResultMessageSchema } from "@shwe/contracts";
import { DERIVED_FAIR_SOURCE, payout } from "@shwe/domain";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../app-context.ts";
import type { Tx } from "../../db/client.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { type Actor, recordAudit } from "../content/audit.service.ts";
import { readSetting } from "../content/settings.service.ts";
import { lockPlayers, type PostJournalInput, postJournals, reverseJournal, withMoneyTx } from "../ledger/ledger.service.ts";
import { lockMoneyUsersTurnover, setTurnovers } from "../ledger/money-user.repository.ts";
import { publishRealtime } from "../realtime/realtime.repository.ts";
import { lotteryHouse, lotteryShard } from "./betting.service.ts";
import { type DrawRow, findDrawAtTimeOf, hasPendingDrawSharingCommitment, lockDraw, updateDraw } from "./draws.repository.ts";
import { POINTS_SETTING } from "./lottery-config.ts";
import {
  refundLinesOfSlip,
  selectBettorsOf,
  selectPendingSlips,
  selectPendingUsers,
  setLineJournals,
  settlePendingLinesOf,
} from "./settlement.repository.ts";

/** The house account loyalty points are issued from. */
const POINTS_HOUSE = { code: "house:points" } as const;
/** Players settled per transaction: short transactions, few accounts locked at a time. */
const DEFAULT_BATCH = 100;

export type SettleOutcome = "settled" | "not_ready" | "void";

/**
 * Settles a draw whose result is final, exactly once per line whatever runs it (the scheduler of any
 * server process, an operator's confirm, a retry). Each batch, in one transaction:
 *   draw row FOR UPDATE → the next players' users rows (ascending) → all their ledger accounts
 *   (ascending, one statement) → their pending lines settled by one conditional update
 *   (pending → won | lost) → each winning line paid stake × odds to main by a journal keyed
 *   `settle:<line id>`, in house-shard order → turnover lowered by the settled stakes (floor 0) →
 *   points (`points:<draw>:<player>`).
 * Every player account is locked before any house account, and house accounts in one order, so
 * settlement never waits in a circle with bets, voids or another settlement. When no line is
 * pending the draw becomes settled and the result goes live to every socket.
 */
export async function settleDraw(ctx: AppContext, drawId: number, batchSize = DEFAULT_BATCH): Promise<SettleOutcome> {
  const { kyat_per_point } = await readSetting(ctx.db, POINTS_SETTING);
  for (;;) {
    const step = await withMoneyTx(ctx.db, async (tx): Promise<SettleOutcome | "more" | "already"> => {
      const draw = await lockDraw(tx, drawId, "update");
      if (!draw) throw notFound("This draw does not exist.");
      if (draw.status === "settled") return "already";
      if (draw.status === "void") return "void";
      if (draw.status !== "resulted" || !draw.confirmedAt || draw.result === null) return "not_ready";
      const userIds = await selectPendingUsers(tx, drawId, batchSize);
      if (userIds.length === 0) {
        await updateDraw(tx, drawId, { status: "settled", settledAt: sql`now()` });
        await publishRealtime(tx, null, resultMessage(draw, draw.result));
        return "settled";
      }
      await settleBatch(tx, draw, draw.result, userIds, kyat_per_point);
      return "more";
    });
    if (step === "more") continue;
    // Committed: today's numbers and the winners show the result at once in this process.
    if (step === "settled" || step === "already") ctx.publicCache.invalidate("lottery");
    if (step === "settled") ctx.metrics.drawSettled();
    return step === "already" ? "settled" : step;
  }
}

function resultMessage(draw: DrawRow, number: string): WsResultMessage {
  return wsResultMessageSchema.parse({
    type: "result",
    lottery: draw.type,
    draw_id: draw.id,
    number,
    draw_at: draw.drawAt.toISOString(),
  });
}

/** Orders postings by house shard, then player, then id: every transaction takes house rows in one order. */
const byShard = <T extends { userId: number; id: number }>(a: T, b: T) =>
  lotteryShard(a.userId) - lotteryShard(b.userId) || a.userId - b.userId || a.id - b.id;

/**
 * One batch, set-based: the players' users rows and ledger accounts locked (ascending, one statement
 * each), their pending lines settled by one statement, then every payout and points journal of the
 * batch posted together by postJournals (payouts in house-shard order, then points), the payout
 * journals recorded on their lines and the turnovers lowered, one statement each.
 */
async function settleBatch(tx: Tx, draw: DrawRow, result: string, userIds: number[], kyatPerPoint: number): Promise<void> {
  const turnover = await lockMoneyUsersTurnover(tx, userIds);
  const locked = await lockPlayers(tx, userIds);
  const { won, staked } = await settlePendingLinesOf(tx, draw.id, userIds, result);
  const wins = [...won].sort(byShard);
  const journals: PostJournalInput[] = wins.map((line) => {
    const win = payout(line.amount, line.odds);
    if (win !== line.win_amount) throw new Error(`bet line ${line.id}: win ${line.win_amount} is not ${line.amount} × ${line.odds}`);
    return {
      kind: "lottery_win",
      userId: line.userId,
      uniqueKey: `settle:${line.id}`,
      refType: "bet_line",
      refId: line.id,
      memo: `${draw.type} draw ${draw.id}: ${result}`,
      meta: { draw_id: draw.id },
      entries: [
        { account: { userId: line.userId, kind: "main" }, amount: win },
        { account: lotteryHouse(line.userId), amount: -win },
      ],
    };
  });
  const turnovers: { userId: number; turnover: number }[] = [];
  for (const userId of userIds) {
    const stakes = staked.get(userId) ?? 0;
    if (stakes === 0) continue;
    const before = turnover.get(userId) ?? 0;
    if (before > 0) turnovers.push({ userId, turnover: Math.max(0, before - stakes) });
    const points = Math.floor(stakes / kyatPerPoint);
    if (points <= 0) continue;
    journals.push({
      kind: "lottery_points",
      userId,
      uniqueKey: `points:${draw.id}:${userId}`,
      refType: "draw",
      refId: draw.id,
      memo: `${draw.type} draw ${draw.id}: ${stakes} kyat settled`,
      entries: [
        { account: { userId, kind: "point" }, amount: points },
        { account: POINTS_HOUSE, amount: -points },
      ],
    });
  }
  const posted = await postJournals(tx, journals, { locked });
  await setLineJournals(
    tx,
    wins.map((line, i) => ({ lineId: line.id, journalId: posted[i]?.journalId ?? 0 })),
  );
  await setTurnovers(tx, turnovers);
}

/**
 * Refunds every pending slip of a draw (inside the void transaction, the draw row locked): all the
 * players' accounts are locked first, then each stake journal is reversed, in house-shard order.
 */
async function refundDraw(tx: Tx, draw: DrawRow, reason: string, actorId: number | null): Promise<number> {
  const slips = await selectPendingSlips(tx, draw.id);
  await lockPlayers(
    tx,
    slips.map((s) => s.userId),
  );
  let refunded = 0;
  for (const slip of slips.map((s) => ({ ...s, id: s.slipId })).sort(byShard)) {
    if (slip.journalId === null) throw new Error(`bet slip ${slip.slipId} has no stake journal`);
    const journal = await reverseJournal(tx, slip.journalId, {
      kind: "lottery_refund",
      uniqueKey: `refund:${slip.slipId}`,
      memo: `${draw.type} draw ${draw.id} void: ${reason}`.slice(0, 500),
      meta: { draw_id: draw.id },
      createdBy: actorId,
    });
    refunded += await refundLinesOfSlip(tx, slip.slipId, journal.journalId);
  }
  return refunded;
}

/**
 * Voids a draw (market closed, off day …) and refunds every stake in the same transaction. Refused
 * (409 ALREADY_DECIDED) once its result is final or it is already void. A fair 1D (crypto 1D) draw
 * whose number is the last digit of this 2D (crypto 2D) draw is voided with it, with the same
 * refunds: its number can no longer come from a draw that will never be drawn.
 */
export async function voidDrawInTx(tx: Tx, drawId: number, reason: string, actor: Actor | null): Promise<DrawRow> {
  const draw = await lockDraw(tx, drawId, "update");
  if (!draw) throw notFound("This draw does not exist.");
  if (draw.status === "void") throw conflict("ALREADY_DECIDED", "This draw is already void.");
  if (draw.status === "settled" || draw.confirmedAt !== null) {
    throw conflict("ALREADY_DECIDED", "This draw's result is final; it can no longer be voided.");
  }
  const derived = await lockDerivedDrawOf(tx, draw);
  if (derived) {
    // Every bettor of both draws locked at once, in ascending order, before either refund.
    await lockBettorsOf(tx, [drawId, derived.id]);
    await voidOneDraw(tx, derived, `${reason} (its number comes from ${draw.type} draw ${draw.id}, void)`.slice(0, 500), actor);
  }
  const updated = await voidOneDraw(tx, draw, reason, actor);
  // The derived draw was voided first, while this one still kept the shared seed: it is public now.
  if (derived && updated.fairSeed !== null) await updateDraw(tx, derived.id, { fairSeed: updated.fairSeed });
  return updated;
}

/** The fair 1D (crypto 1D) draw still waiting for the number of this 2D (crypto 2D) draw, locked. */
async function lockDerivedDrawOf(tx: Tx, draw: DrawRow): Promise<DrawRow | undefined> {
  if (draw.fairCommitment === null) return undefined;
  const type = (Object.keys(DERIVED_FAIR_SOURCE) as LotteryType[]).find((t) => DERIVED_FAIR_SOURCE[t] === draw.type);
  if (!type) return undefined;
  const found = await findDrawAtTimeOf(tx, type, draw.id);
  if (!found || found.fairCommitment !== draw.fairCommitment) return undefined;
  const derived = await lockDraw(tx, found.id, "update");
  if (!derived || derived.status === "void" || derived.status === "settled" || derived.confirmedAt !== null) return undefined;
  return derived;
}

async function voidOneDraw(tx: Tx, draw: DrawRow, reason: string, actor: Actor | null): Promise<DrawRow> {
  const drawId = draw.id;
  // A seed shared with a draw still waiting for its result (1D and 2D at the same time) stays secret:
  // that draw reveals it with its own result.
  const keepSecret = draw.fairCommitment !== null && (await hasPendingDrawSharingCommitment(tx, draw.fairCommitment, drawId));
  const updated = await updateDraw(tx, drawId, {
    status: "void",
    voidReason: reason,
    voidedBy: actor?.id ?? null,
    settledAt: sql`now()`,
    // A void fair draw reveals its seed too: nobody has to wonder what it would have drawn.
    fairSeed: draw.fairSeed ?? (keepSecret ? null : draw.fairSeedSecret),
    fairSeedSecret: null,
  });
  if (!updated) throw notFound("This draw does not exist.");
  const refundedLines = await refundDraw(tx, draw, reason, actor?.id ?? null);
  if (actor) {
    await recordAudit(
      tx,
      actor,
      "draw.void",
      { type: "draw", id: drawId },
      { status: draw.status, result: draw.result },
      { status: "void", reason, refunded_lines: refundedLines },
    );
  }
  return updated;
}

/** Locks the accounts of everyone with a pending bet on these draws, before voiding several of them in one transaction. */
export async function lockBettorsOf(tx: Tx, drawIds: readonly number[]): Promise<void> {
  await lockPlayers(tx, await selectBettorsOf(tx, drawIds));
}

export async function voidDraw(ctx: AppContext, drawId: number, reason: string, actor: Actor | null): Promise<DrawRow> {
  return withMoneyTx(ctx.db, (tx) => voidDrawInTx(tx, drawId, reason, actor));
}
