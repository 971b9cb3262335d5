import { needsSecondOperator } from "@shwe/domain";
import type { AppContext } from "../../app-context.ts";
import type { Executor } from "../../db/client.ts";
import { AppError, conflict, forbidden, notFound, refused } from "../../lib/errors.ts";
import { isoOf } from "../ledger/history-range.ts";
import { balanceAfter, lockPlayer, postJournal, withMoneyTx } from "../ledger/ledger.service.ts";
import { type MoneyCallResult, runMoneyCall } from "../ledger/money-call.ts";
import { readMoneySettings } from "../ledger/money-settings.repository.ts";
import { lockMoneyUser } from "../ledger/money-user.repository.ts";
import { writeAudit } from "../ledger/operator-audit.repository.ts";
import { assertIndependentChecker } from "../operators/checker.service.ts";
import {
  adjustedToday,
  decideAdjustment,
  insertAdjustment,
  listAdjustments,
  lockAdjustment,
  setAdjustmentJournal,
} from "./adjustment.repository.ts";
import { lockOperatorDay } from "./operator-day.repository.ts";

export interface Operator {
  operatorId: number;
  ip: string | null;
}

/** Locks the target player (users row, then accounts) and refuses self-adjustment and non-players. */
async function lockTarget(tx: Executor, userId: number, operatorId: number): Promise<number> {
  if (userId === operatorId) throw forbidden("You cannot adjust your own balance.");
  const user = await lockMoneyUser(tx, userId);
  if (!user) throw notFound("Player not found.");
  if (user.role !== "player") throw refused("NOT_A_PLAYER", "Only player balances can be adjusted.");
  return (await lockPlayer(tx, userId)).main;
}

async function postAdjustment(tx: Executor, adjustmentId: number, userId: number, amount: number, reason: string, operatorId: number) {
  const journal = await postJournal(tx, {
    kind: "adjustment",
    userId,
    uniqueKey: `adjustment:${adjustmentId}`,
    refType: "adjustment",
    refId: adjustmentId,
    memo: reason,
    createdBy: operatorId,
    entries: [
      { account: { userId, kind: "main" }, amount },
      { account: { code: "house:adjustment" }, amount: -amount },
    ],
  });
  return { journalId: journal.journalId, balance: balanceAfter(journal, { userId, kind: "main" }) };
}

export interface AdjustAnswer {
  id: number;
  balance: number;
  adjustment_id: number;
  status: "applied" | "pending";
}

/**
 * An operator's signed adjustment of a player's main balance with a reason (domain-rules §9). The
 * threshold is a running total over the Asia/Yangon day: this amount plus what was already adjusted
 * today for the player (applied and pending), and this amount plus what this operator adjusted today
 * for anyone. Up to the threshold it applies at once; above it a pending adjustment waits for a
 * different operator. Splitting one large adjustment into small ones does not get past it: the
 * operator's day lock and the player's users row lock are held while the totals are read.
 */
export async function adjustBalance(
  ctx: AppContext,
  by: Operator,
  userId: number,
  body: { amount: number; reason: string },
  key: string | undefined,
): Promise<MoneyCallResult<AdjustAnswer>> {
  const { adjustThreshold } = await readMoneySettings(ctx.db);
  const route = `POST /api/admin/users/${userId}/adjust`;
  return runMoneyCall(ctx.db, { userId: by.operatorId, route, key, body }, async (tx) => {
    if (userId === by.operatorId) throw forbidden("You cannot adjust your own balance.");
    await lockOperatorDay(tx, by.operatorId);
    const before = await lockTarget(tx, userId, by.operatorId);
    const today = await adjustedToday(tx, userId, by.operatorId, ctx.clock.now());
    const pending = needsSecondOperator(Math.abs(body.amount) + Math.max(today.player, today.operator), adjustThreshold);
    const id = await insertAdjustment(tx, {
      userId,
      amount: body.amount,
      reason: body.reason,
      status: pending ? "pending" : "applied",
      requestedBy: by.operatorId,
    });
    if (pending) {
      await writeAudit(tx, {
        actorId: by.operatorId,
        action: "adjustment.request",
        targetType: "adjustment",
        targetId: id,
        before: { user_id: userId, balance: before },
        after: {
          status: "pending",
          amount: body.amount,
          reason: body.reason,
          threshold: adjustThreshold,
          player_today: today.player,
          operator_today: today.operator,
        },
        ip: by.ip,
      });
      return { id: userId, balance: before, adjustment_id: id, status: "pending" as const };
    }
    const posted = await postAdjustment(tx, id, userId, body.amount, body.reason, by.operatorId);
    await setAdjustmentJournal(tx, id, posted.journalId);
    await writeAudit(tx, {
      actorId: by.operatorId,
      action: "adjustment.apply",
      targetType: "adjustment",
      targetId: id,
      before: { user_id: userId, balance: before },
      after: { status: "applied", amount: body.amount, reason: body.reason, balance: posted.balance, journal_id: posted.journalId },
      ip: by.ip,
    });
    return { id: userId, balance: posted.balance, adjustment_id: id, status: "applied" as const };
  });
}

/** A pending adjustment is confirmed (applied) or rejected once, by an operator other than the one who asked. */
export async function decidePendingAdjustment(
  ctx: AppContext,
  by: Operator,
  adjustmentId: number,
  decision: { approve: true } | { approve: false; reason: string | undefined },
): Promise<{ id: number; status: "applied" | "rejected"; balance: number }> {
  return withMoneyTx(ctx.db, async (tx) => {
    const adj = await lockAdjustment(tx, adjustmentId);
    if (!adj) throw notFound("Adjustment not found.");
    if (adj.status !== "pending") throw conflict("ALREADY_DECIDED", `This adjustment was already ${adj.status}.`, { status: adj.status });
    if (decision.approve && adj.requestedBy === by.operatorId) {
      throw new AppError(403, "SECOND_OPERATOR_REQUIRED", "A different operator must confirm this adjustment.");
    }
    if (decision.approve) await assertIndependentChecker(tx, ctx.config.checkerCooldownHours, by.operatorId, adj.requestedBy);
    const before = await lockTarget(tx, adj.userId, by.operatorId);
    if (!decision.approve) {
      await decideAdjustment(tx, adj.id, { status: "rejected", confirmedBy: by.operatorId, journalId: null });
      await writeAudit(tx, {
        actorId: by.operatorId,
        action: "adjustment.reject",
        targetType: "adjustment",
        targetId: adj.id,
        before: { status: "pending", amount: adj.amount, user_id: adj.userId },
        after: { status: "rejected", reason: decision.reason ?? null },
        ip: by.ip,
      });
      return { id: adj.id, status: "rejected" as const, balance: before };
    }
    const posted = await postAdjustment(tx, adj.id, adj.userId, adj.amount, adj.reason, by.operatorId);
    await decideAdjustment(tx, adj.id, { status: "applied", confirmedBy: by.operatorId, journalId: posted.journalId });
    await writeAudit(tx, {
      actorId: by.operatorId,
      action: "adjustment.confirm",
      targetType: "adjustment",
      targetId: adj.id,
      before: { status: "pending", amount: adj.amount, user_id: adj.userId, balance: before },
      after: { status: "applied", balance: posted.balance, journal_id: posted.journalId },
      ip: by.ip,
    });
    return { id: adj.id, status: "applied" as const, balance: posted.balance };
  });
}

export async function adjustmentsFor(ctx: AppContext, status: string | undefined) {
  const rows = await listAdjustments(ctx.db, status, 200);
  return rows.map((r) => ({ ...r, created_at: isoOf(r.created_at) ?? "", decided_at: isoOf(r.decided_at) }));
}
