import type { AdminCashback, PromotionClaimResponse, PromotionHistory } from "@shwe/contracts";
import {
  basisPointsToPercent,
  cashbackAmount,
  claimableAmount,
  DEFAULT_CASHBACK_PERCENT,
  formatAmount,
  isCashbackPercent,
  lastClosedWeek,
  MESSAGES,
  netLoss,
  percentToBasisPoints,
  weekStarting,
  weeksToProcess,
  yangonDate,
} from "@shwe/domain";
import { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import type { Db, Executor } from "../../db/client.ts";
import { AppError, notFound, refused } from "../../lib/errors.ts";
import type { Actor } from "../content/audit.service.ts";
import { selectSettingValues } from "../content/settings.repository.ts";
import { defineSetting, PROMO_MAINTAIN, readSettings, updateSetting } from "../content/settings.service.ts";
import { finishPage, type PageQuery, pageRequestOf } from "../ledger/history-page.ts";
import { isoOf } from "../ledger/history-range.ts";
import { balanceAfter, lockPlayer, type PostJournalInput, postJournal, postJournals, withMoneyTx } from "../ledger/ledger.service.ts";
import { type MoneyCallResult, runPlayerMoneyCall } from "../ledger/money-call.ts";
import { readMoneySettings } from "../ledger/money-settings.repository.ts";
import { lockMoneyUser } from "../ledger/money-user.repository.ts";
import { claimCredits, finishWeek, listClaimHistory, listWeeks, openWeek, processedWeeks, weekLosses } from "./cashback.repository.ts";

/**
 * Weekly cashback into the claimable balance (p_balance) and its Claim (domain-rules §7).
 *
 * - After each Monday–Sunday week (Asia/Yangon) has been closed for CASHBACK_GRACE_MS, a run
 *   credits every player with a positive net loss that week (settled stakes − payouts of lottery
 *   lines and casino rounds, by settlement time; pure rules in @shwe/domain rewards/cashback) the
 *   operator's percentage of it, floored, at least 1 kyat, to the claimable account, paid from the
 *   house promotion account `house:promo` (promotions are an expense of the house; every journal
 *   sums to zero).
 * - Blocked players, and operator accounts, get no cashback for a week processed while they are
 *   blocked: a blocked account is under review for abuse, and its week is not paid later.
 * - Exactly once per player and week, whatever the number of runs or server instances: the credit
 *   row's unique (user_id, week_start) is claimed in the same transaction as its journal, whose
 *   unique key `cashback:<week>:<user>` is the ledger's second guard (I5).
 * - Each run processes every closed week after the latest processed one (a missed run catches up),
 *   and finishes any week a stopped run left half-way. The very first run starts with the last
 *   closed week, so cashback is never paid for weeks before the feature ran.
 * - The percent used for a week is fixed when the week is first taken up: a change applies to the
 *   next week processed.
 */

/** The operator's cashback percentage (0–100, two decimals at most), default 5 %. */
export const CASHBACK_PERCENT = defineSetting(
  "rewards.cashback_percent",
  z.number().refine(isCashbackPercent, "must be 0–100 with at most two decimals"),
  DEFAULT_CASHBACK_PERCENT,
);
/** The house account promotions are paid from. */
export const PROMO_ACCOUNT = "house:promo";
/** A week is processed this long after it ends: settlements committed just after midnight are in. */
export const CASHBACK_GRACE_MS = 60 * 60 * 1000;
/** Weeks one run processes at most (the rest in the next run). */
const MAX_WEEKS_PER_RUN = 12;
/** Players credited per transaction. */
export const CASHBACK_BATCH = 200;
/** The lvl2.required_actions entry that makes the Claim need an account of level 2 (not in the default list). */
export const PROMOTION_CLAIM_ACTION = "promotion_claim";

export const CLAIM_MAINTENANCE = "Claiming is closed for maintenance. Please try again later.";
export const NOTHING_TO_CLAIM = "You have no claimable balance to claim.";
const JOURNAL_CASHBACK = "cashback";
const JOURNAL_CLAIM = "promotion_claim";

export interface WeekReport {
  weekStart: string;
  percentBp: number;
  /** Players credited by this run (another run may have credited others). */
  credited: number;
  /** Kyat credited by this run. */
  amount: number;
}

/** One cashback run (see above). `now` decides which weeks have closed. */
export async function runCashback(db: Db, now: Date, opts: { batch?: number } = {}): Promise<WeekReport[]> {
  const batch = opts.batch ?? CASHBACK_BATCH;
  const lastClosed = lastClosedWeek(now, CASHBACK_GRACE_MS).weekStart;
  const { latest, unfinished } = await processedWeeks(db);
  const weeks = [...new Set([...unfinished, ...weeksToProcess(latest, lastClosed, MAX_WEEKS_PER_RUN)])].sort();
  if (weeks.length === 0) return [];
  const { percent } = await readSettings(db, { percent: CASHBACK_PERCENT });
  const reports: WeekReport[] = [];
  for (const weekStart of weeks) reports.push(await processWeek(db, weekStart, percentToBasisPoints(percent), batch));
  return reports;
}

async function processWeek(db: Db, weekStart: string, currentBp: number, batch: number): Promise<WeekReport> {
  const week = await openWeek(db, weekStart, currentBp);
  const { startsAt, endsAt } = weekStarting(weekStart);
  const report: WeekReport = { weekStart, percentBp: week.percentBp, credited: 0, amount: 0 };
  const credits = (await weekLosses(db, weekStart, startsAt, endsAt))
    .map((l) => ({ userId: l.userId, netLoss: netLoss(l), amount: cashbackAmount(netLoss(l), week.percentBp) }))
    .filter((c) => c.amount > 0);
  for (let i = 0; i < credits.length; i += batch) {
    const part = credits.slice(i, i + batch);
    const done = await withMoneyTx(db, async (tx) => {
      const mine = await claimCredits(tx, weekStart, part);
      const journals: PostJournalInput[] = part
        .filter((c) => mine.has(c.userId))
        .map((c) => ({
          kind: JOURNAL_CASHBACK,
          userId: c.userId,
          uniqueKey: `cashback:${weekStart}:${c.userId}`,
          refType: "cashback_week",
          refId: weekStart,
          meta: { week_start: weekStart, net_loss: c.netLoss, percent_bp: week.percentBp },
          entries: [
            { account: { userId: c.userId, kind: "claimable" as const }, amount: c.amount },
            { account: { code: PROMO_ACCOUNT }, amount: -c.amount },
          ],
        }));
      await postJournals(tx, journals);
      return journals.map((j) => j.entries[0]?.amount ?? 0);
    });
    report.credited += done.length;
    report.amount += done.reduce((a, b) => a + b, 0);
  }
  await finishWeek(db, weekStart);
  return report;
}

/** The maintenance flag as the transaction sees it; a missing or broken value reads as closed ('1'). */
async function maintenanceFlag(tx: Executor): Promise<"0" | "1"> {
  const stored = (await selectSettingValues(tx, [PROMO_MAINTAIN.key])).get(PROMO_MAINTAIN.key);
  const parsed = PROMO_MAINTAIN.schema.safeParse(stored);
  return parsed.success ? parsed.data : PROMO_MAINTAIN.defaultValue;
}

/**
 * POST /api/promotion/claim: floor(p_balance) moves from the claimable account to the main balance
 * in one journal. Refused (422, nothing changed) while the maintenance flag is '1' and when less
 * than 1 kyat is claimable. The player's accounts are locked first, so concurrent claims move the
 * balance once (the others find nothing to claim). Idempotency-Key accepted.
 */
export async function claimPromotion(
  ctx: AppContext,
  userId: number,
  key: string | undefined,
): Promise<MoneyCallResult<PromotionClaimResponse>> {
  const settings = await readMoneySettings(ctx.db);
  const requiresLevel2 = settings.lvl2RequiredActions.includes(PROMOTION_CLAIM_ACTION);
  return runPlayerMoneyCall(ctx.db, ctx.playerQueue, { userId, route: "POST /api/promotion/claim", key, body: {} }, async (tx) => {
    const user = await lockMoneyUser(tx, userId);
    if (!user) throw notFound("Player not found.");
    if (requiresLevel2 && user.lvl2 !== 2) throw new AppError(403, "LEVEL_2_REQUIRED", MESSAGES.level2);
    if ((await maintenanceFlag(tx)) !== "0") throw refused("CLAIM_MAINTENANCE", CLAIM_MAINTENANCE);
    const balances = await lockPlayer(tx, userId);
    const amount = claimableAmount(balances.claimable);
    if (amount < 1) throw refused("NOTHING_TO_CLAIM", NOTHING_TO_CLAIM);
    const journal = await postJournal(tx, {
      kind: JOURNAL_CLAIM,
      userId,
      uniqueKey: key === undefined ? null : `idem:${userId}:${key}`,
      entries: [
        { account: { userId, kind: "claimable" }, amount: -amount },
        { account: { userId, kind: "main" }, amount },
      ],
    });
    return {
      message: `${formatAmount(amount)} Ks claimed to your main balance!`,
      amount,
      balance: balanceAfter(journal, { userId, kind: "main" }),
      p_balance: balanceAfter(journal, { userId, kind: "claimable" }),
    };
  });
}

/** GET /api/promotion/claim/history: the player's weekly credits and claims, newest first, one page. */
export async function promotionHistory(db: Db, userId: number, query: PageQuery): Promise<PromotionHistory> {
  const page = pageRequestOf(query);
  const read = await listClaimHistory(db, userId, [JOURNAL_CASHBACK, JOURNAL_CLAIM], page);
  const { rows, next_cursor } = finishPage(read, page, (r) => ({ at: r.page_at, id: r.id }));
  return {
    data: rows.map((r) => ({
      id: r.id,
      kind: r.kind === JOURNAL_CASHBACK ? ("cashback" as const) : ("claim" as const),
      amount: Math.abs(r.amount),
      p_balance_after: r.balance_after,
      week_start: r.kind === JOURNAL_CASHBACK ? r.week_start : null,
      created_at: isoOf(r.created_at) ?? "",
    })),
    next_cursor,
  };
}

/** Weeks the console lists. */
const CONSOLE_WEEKS = 26;

/** GET /api/admin/rewards/cashback: the settings and what each processed week paid out. */
export async function cashbackOverview(ctx: AppContext): Promise<AdminCashback> {
  const [settings, weeks] = await Promise.all([
    readSettings(ctx.db, { percent: CASHBACK_PERCENT, is_maintain: PROMO_MAINTAIN }),
    listWeeks(ctx.db, CONSOLE_WEEKS),
  ]);
  return {
    percent: settings.percent,
    is_maintain: settings.is_maintain,
    last_closed_week: lastClosedWeek(ctx.clock.now(), CASHBACK_GRACE_MS).weekStart,
    weeks: weeks.map((w) => {
      const { endsAt } = weekStarting(w.week_start);
      return {
        week_start: w.week_start,
        week_end: yangonDate(endsAt.getTime() - 1),
        percent: basisPointsToPercent(w.percent_bp),
        players: w.players,
        total: w.total,
        started_at: isoOf(w.started_at) ?? "",
        finished_at: isoOf(w.finished_at),
      };
    }),
  };
}

/** PUT /api/admin/rewards/cashback/percent: audited like every setting change. */
export async function setCashbackPercent(ctx: AppContext, actor: Actor, percent: number): Promise<{ percent: number }> {
  return { percent: await updateSetting(ctx.db, CASHBACK_PERCENT, actor, () => percent) };
}
