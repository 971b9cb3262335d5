import { cappedCashInBonus, cashInTurnover, DUPLICATE_DEPOSIT_DAYS, MESSAGES, needsSecondOperator, promoCodeRefusal } from "@shwe/domain";
import type { AppContext } from "../../app-context.ts";
import { AppError, conflict, forbidden, notFound } from "../../lib/errors.ts";
import { lockOperatorDay } from "../admin-money/operator-day.repository.ts";
import { isoOf } from "../ledger/history-range.ts";
import { findJournalIdByUniqueKey } from "../ledger/ledger.repository.ts";
import { type JournalEntryInput, postJournal, reverseJournal, withMoneyTx } from "../ledger/ledger.service.ts";
import { readMoneySettings } from "../ledger/money-settings.repository.ts";
import { lockMoneyUser, setTurnover } from "../ledger/money-user.repository.ts";
import { writeAudit } from "../ledger/operator-audit.repository.ts";
import { assertIndependentChecker } from "../operators/checker.service.ts";
import { countPromoUses, lockPromoById } from "./cash.repository.ts";
import {
  approvedDepositWithin,
  approvedToday,
  type LockedCashRequest,
  listCashRequests,
  lockCashRequest,
  lockDepositFingerprint,
  markDecided,
  markFirstApproval,
  recordDecisionEvent,
} from "./cash-review.repository.ts";

/** The wallet account money comes from (cash-in) or goes to (cash-out) for a payment method. */
export const walletAccount = (methodId: number) => ({ code: `external:wallet:${methodId}` });

export interface Decider {
  operatorId: number;
  ip: string | null;
}

/** Locks the request and refuses anything but a pending request of another account. */
async function lockPending(tx: Parameters<typeof lockCashRequest>[0], id: number, operatorId: number): Promise<LockedCashRequest> {
  const r = await lockCashRequest(tx, id);
  if (!r) throw notFound("Cash request not found.");
  if (r.status !== "pending") throw conflict("ALREADY_DECIDED", `This request was already ${r.status}.`, { status: r.status });
  if (r.userId === operatorId) throw forbidden("You cannot decide your own request.");
  return r;
}

export type ApproveAnswer =
  | { id: number; status: "approved" }
  | { id: number; status: "awaiting_second_approval"; first_approved_by: number };

/**
 * Approves a cash request exactly once (request row locked first). Cash-in: the 7-day duplicate
 * check on (method, last six digits, amount), main credited from the wallet account, and with an
 * active promo the bonus to the game balance from house:promo and turnover += (amount + bonus) ×
 * multiplier. Cash-out: the held amount paid out to the wallet account.
 *
 * Maker-checker (cash-in and cash-out alike): when the amount plus the player's signed-off total of
 * the same kind today, or plus this operator's, is above `admin.cash_approve_threshold`, the first
 * approval only records a sign-off (`awaiting_second_approval`); a different operator's approval
 * then applies it, once. Lock order: request → deposit fingerprint → operator day → player → accounts.
 */
export async function approveCashRequest(ctx: AppContext, id: number, by: Decider): Promise<ApproveAnswer> {
  const { cashApproveThreshold } = await readMoneySettings(ctx.db);
  return withMoneyTx(ctx.db, async (tx): Promise<ApproveAnswer> => {
    const r = await lockPending(tx, id, by.operatorId);
    if (r.firstApprovedBy === by.operatorId) {
      throw new AppError(403, "SECOND_OPERATOR_REQUIRED", "You signed this request already: a different operator must approve it.", {
        first_approved_by: r.firstApprovedBy,
      });
    }
    // The second approval is a check of the first one's: by another person.
    await assertIndependentChecker(tx, ctx.config.checkerCooldownHours, by.operatorId, r.firstApprovedBy);
    if (r.kind === "in") {
      await lockDepositFingerprint(tx, r.paymentMethodId, r.lastSixDigits ?? "", r.amount);
      const earlier = await approvedDepositWithin(tx, r, DUPLICATE_DEPOSIT_DAYS);
      if (earlier !== undefined) throw conflict("DUPLICATE", MESSAGES.duplicateDeposit, { approved_request_id: earlier });
    }
    if (r.firstApprovedBy === null) {
      await lockOperatorDay(tx, by.operatorId);
      if (!(await lockMoneyUser(tx, r.userId))) throw notFound("Player not found.");
      const today = await approvedToday(tx, r.kind, r.userId, by.operatorId, r.id, ctx.clock.now());
      if (needsSecondOperator(r.amount + Math.max(today.player, today.operator), cashApproveThreshold)) {
        await markFirstApproval(tx, r.id, by.operatorId);
        await writeAudit(tx, {
          actorId: by.operatorId,
          action: "cash_request.first_approval",
          targetType: "cash_request",
          targetId: r.id,
          before: { status: "pending", kind: r.kind, amount: r.amount, user_id: r.userId },
          after: {
            status: "awaiting_second_approval",
            threshold: cashApproveThreshold,
            player_today: today.player,
            operator_today: today.operator,
          },
          ip: by.ip,
        });
        return { id: r.id, status: "awaiting_second_approval", first_approved_by: by.operatorId };
      }
    }
    return applyApproval(tx, r, by, ctx.clock.now());
  });
}

/** Credits a cash-in or pays out a cash-out and marks the request approved (the caller holds the request row lock). */
async function applyApproval(
  tx: Parameters<typeof lockCashRequest>[0],
  r: LockedCashRequest,
  by: Decider,
  now: Date,
): Promise<ApproveAnswer> {
  let after: Record<string, unknown>;
  let promoApplied = false;
  if (r.kind === "in") {
    const user = await lockMoneyUser(tx, r.userId);
    if (!user) throw notFound("Player not found.");
    // The promo row is locked so that approvals paying its bonus take turns and its use limits hold.
    const promo = r.promoCodeId === null ? undefined : await lockPromoById(tx, r.promoCodeId);
    let promoRefusal: string | undefined;
    if (promo) {
      const uses = await countPromoUses(tx, promo.id, r.userId, { withPending: false, exceptRequestId: r.id });
      // The schedule was checked when the player filed the request; ending the code or its used-up limits withhold the bonus.
      promoRefusal = promoCodeRefusal({ ...promo, startsAt: null, endsAt: null }, uses.total, uses.player, now);
    }
    const applies = promo !== undefined && promoRefusal === undefined;
    const bonus = applies ? cappedCashInBonus(r.amount, promo.percent, promo.maxBonus) : 0;
    const entries: JournalEntryInput[] = [
      { account: { userId: r.userId, kind: "main" }, amount: r.amount },
      { account: walletAccount(r.paymentMethodId), amount: -r.amount },
    ];
    if (bonus > 0) {
      entries.push({ account: { userId: r.userId, kind: "game" }, amount: bonus }, { account: { code: "house:promo" }, amount: -bonus });
    }
    const journal = await postJournal(tx, {
      kind: "cash_in",
      userId: r.userId,
      uniqueKey: `cash_request:${r.id}`,
      refType: "cash_request",
      refId: r.id,
      createdBy: by.operatorId,
      meta: applies
        ? { bonus, promo_code: promo.code, percent: promo.percent, max_bonus: promo.maxBonus, multiplier: promo.multiplier }
        : { bonus: 0, ...(promo ? { promo_code: promo.code, promo_withheld: promoRefusal } : {}) },
      entries,
    });
    let turnover = user.turnover;
    if (applies) {
      turnover = cashInTurnover(user.turnover, r.amount, bonus, promo.multiplier);
      await setTurnover(tx, r.userId, turnover);
    }
    promoApplied = applies;
    after = { status: "approved", journal_id: journal.journalId, bonus, turnover };
  } else {
    const journal = await postJournal(tx, {
      kind: "cash_out_paid",
      userId: r.userId,
      uniqueKey: `cash_request:${r.id}:paid`,
      refType: "cash_request",
      refId: r.id,
      createdBy: by.operatorId,
      entries: [
        { account: { userId: r.userId, kind: "hold" }, amount: -r.amount },
        { account: walletAccount(r.paymentMethodId), amount: r.amount },
      ],
    });
    after = { status: "approved", journal_id: journal.journalId };
  }
  if (r.firstApprovedBy !== null) after.first_approved_by = r.firstApprovedBy;
  await markDecided(tx, r.id, "approved", by.operatorId, null, promoApplied);
  await recordDecisionEvent(tx, r.userId, { id: r.id, kind: r.kind, status: "approved", amount: r.amount });
  await writeAudit(tx, {
    actorId: by.operatorId,
    action: "cash_request.approve",
    targetType: "cash_request",
    targetId: r.id,
    before: { status: "pending", kind: r.kind, amount: r.amount, user_id: r.userId },
    after,
    ip: by.ip,
  });
  return { id: r.id, status: "approved" as const };
}

/** Rejects a cash request exactly once; a cash-out's held amount returns to main (the hold journal is reversed). */
export async function rejectCashRequest(
  ctx: AppContext,
  id: number,
  reason: string,
  by: Decider,
): Promise<{ id: number; status: "rejected" }> {
  return withMoneyTx(ctx.db, async (tx) => {
    const r = await lockPending(tx, id, by.operatorId);
    let journalId: number | null = null;
    if (r.kind === "out") {
      const hold = await findJournalIdByUniqueKey(tx, `cash_request:${r.id}:hold`);
      if (hold === undefined) throw new Error(`cash-out request ${r.id} has no hold journal`);
      const returned = await reverseJournal(tx, hold, {
        kind: "cash_out_returned",
        uniqueKey: `cash_request:${r.id}:returned`,
        memo: reason,
        createdBy: by.operatorId,
      });
      journalId = returned.journalId;
    }
    await markDecided(tx, r.id, "rejected", by.operatorId, reason);
    await recordDecisionEvent(tx, r.userId, { id: r.id, kind: r.kind, status: "rejected", amount: r.amount, reason });
    await writeAudit(tx, {
      actorId: by.operatorId,
      action: "cash_request.reject",
      targetType: "cash_request",
      targetId: r.id,
      before: { status: "pending", kind: r.kind, amount: r.amount, user_id: r.userId },
      after: { status: "rejected", reason, journal_id: journalId },
      ip: by.ip,
    });
    return { id: r.id, status: "rejected" as const };
  });
}

export async function listCashRequestsForOperators(
  ctx: AppContext,
  filter: { status?: string | undefined; kind?: string | undefined; userId?: number; limit?: number | undefined },
) {
  const rows = await listCashRequests(ctx.db, { ...filter, limit: filter.limit ?? 200 });
  return rows.map((r) => ({
    ...r,
    decided_at: isoOf(r.decided_at),
    first_approved_at: isoOf(r.first_approved_at),
    created_at: isoOf(r.created_at) ?? "",
  }));
}
