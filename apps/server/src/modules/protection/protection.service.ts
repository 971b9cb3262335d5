import type { Protection, RealityCheckBody, SelfExclusionBody, SetLimitBody } from "@shwe/contracts";
import {
  decideLimitChange,
  type Exclusion,
  extendExclusion,
  firstLimitPassed,
  formatAmount,
  isExcluded,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type LimitCheck,
  type LimitKind,
  type LimitPeriod,
  limitInForce,
  periodEnd,
  periodStart,
} from "@shwe/domain";
import type { AppContext } from "../../app-context.ts";
import type { Executor } from "../../db/client.ts";
import { AppError, notFound, refused } from "../../lib/errors.ts";
import { verifyPassword } from "../../lib/passwords.ts";
import { findPasswordHash } from "../cash/cash.repository.ts";
import { withMoneyTx } from "../ledger/ledger.service.ts";
import {
  deleteLimit,
  depositUsage,
  lockProtection,
  type PeriodStarts,
  type ProtectionState,
  playSummarySince,
  playUsage,
  readProtection,
  saveExclusion,
  saveLimit,
  saveRealityCheck,
  type Usage,
} from "./protection.repository.ts";

/**
 * Player protection on the server: the checks every money transaction that puts a player's money
 * into play makes (bets, moves to the game balance, cash-in requests, provider debits), and the
 * player's own settings. The rules are @shwe/domain protection/limits.ts; the checks run under
 * the player's users row lock (lockProtection), inside the money transaction they guard.
 */

const PERIOD_WORD: Record<LimitPeriod, string> = { day: "daily", week: "weekly", month: "monthly" };

function startsAt(now: Date): PeriodStarts {
  return { day: periodStart(now, "day"), week: periodStart(now, "week"), month: periodStart(now, "month") };
}

/** 403 SELF_EXCLUDED: the player excluded themselves from play. */
export function selfExcludedError(ex: Exclusion): AppError {
  const until = ex.indefinite || ex.until === null ? null : ex.until.toISOString();
  return new AppError(
    403,
    "SELF_EXCLUDED",
    until === null
      ? "You have excluded yourself from play. You can still see your history and cash out."
      : `You have excluded yourself from play until ${until}. You can still see your history and cash out.`,
    { until, indefinite: ex.indefinite },
  );
}

function limitReached(passed: LimitCheck & { remaining: number }): AppError {
  return refused(
    "LIMIT_REACHED",
    `This would pass your ${PERIOD_WORD[passed.period]} ${passed.kind} limit of ${formatAmount(passed.limit)} Ks (${formatAmount(passed.remaining)} Ks left).`,
    { kind: passed.kind, period: passed.period, limit: passed.limit, remaining: passed.remaining },
  );
}

function checksOf(
  state: ProtectionState,
  kinds: readonly LimitKind[],
  now: Date,
  usage: Record<LimitKind, Usage | undefined>,
): LimitCheck[] {
  const checks: LimitCheck[] = [];
  for (const kind of kinds) {
    for (const period of LIMIT_PERIODS) {
      const limit = limitInForce(state.limits.get(`${kind}:${period}`), now);
      const used = usage[kind]?.[period];
      if (limit !== null && used !== undefined) checks.push({ kind, period, limit, used });
    }
  }
  return checks;
}

function hasLimit(state: ProtectionState, kinds: readonly LimitKind[], now: Date): boolean {
  return kinds.some((kind) => LIMIT_PERIODS.some((period) => limitInForce(state.limits.get(`${kind}:${period}`), now) !== null));
}

/**
 * Before `amount` goes into play (a slip, a move to the game balance), inside its money
 * transaction: locks the player's users row, refuses a self-excluded player (403 SELF_EXCLUDED)
 * and an amount that would pass a stake or loss limit (422 LIMIT_REACHED; a new stake counts in
 * full against a loss limit, as if it were lost).
 */
export async function checkPlay(tx: Executor, userId: number, amount: number, now: Date): Promise<void> {
  const state = await lockProtection(tx, userId);
  if (!state) throw notFound("Player not found.");
  if (isExcluded(state.exclusion, now)) throw selfExcludedError(state.exclusion);
  if (!hasLimit(state, ["stake", "loss"], now)) return;
  const usage = await playUsage(tx, userId, startsAt(now));
  const passed = firstLimitPassed(checksOf(state, ["stake", "loss"], now, { ...usage, deposit: undefined }), amount);
  if (passed) throw limitReached(passed);
}

/** Before a cash-in request, inside its transaction: exclusion and deposit limits, as checkPlay. */
export async function checkDeposit(tx: Executor, userId: number, amount: number, now: Date): Promise<void> {
  const state = await lockProtection(tx, userId);
  if (!state) throw notFound("Player not found.");
  if (isExcluded(state.exclusion, now)) throw selfExcludedError(state.exclusion);
  if (!hasLimit(state, ["deposit"], now)) return;
  const deposit = await depositUsage(tx, userId, startsAt(now));
  const passed = firstLimitPassed(checksOf(state, ["deposit"], now, { deposit, stake: undefined, loss: undefined }), amount);
  if (passed) throw limitReached(passed);
}

/** Refuses a self-excluded player (a game launch), from an unlocked read. */
export async function refuseIfExcluded(db: Executor, userId: number, now: Date): Promise<void> {
  const state = await readProtection(db, userId);
  if (state && isExcluded(state.exclusion, now)) throw selfExcludedError(state.exclusion);
}

async function viewOf(db: Executor, userId: number, state: ProtectionState, now: Date): Promise<Protection> {
  const starts = startsAt(now);
  const play = await playUsage(db, userId, starts);
  const deposit = await depositUsage(db, userId, starts);
  const usage: Record<LimitKind, Usage> = { deposit, stake: play.stake, loss: play.loss };
  const limits = LIMIT_KINDS.flatMap((kind) =>
    LIMIT_PERIODS.map((period) => {
      const stored = state.limits.get(`${kind}:${period}`);
      const amount = limitInForce(stored, now);
      const used = usage[kind][period];
      const waiting = stored?.pendingAt && stored.pendingAt.getTime() > now.getTime() ? stored : undefined;
      return {
        kind,
        period,
        amount,
        used,
        remaining: amount === null ? null : Math.max(0, amount - used),
        resets_at: periodEnd(now, period).toISOString(),
        pending: waiting?.pendingAt ? { amount: waiting.pendingAmount, at: waiting.pendingAt.toISOString() } : null,
      };
    }),
  );
  const ex = state.exclusion;
  return {
    limits,
    self_exclusion: isExcluded(ex, now)
      ? { until: ex.indefinite ? null : (ex.until?.toISOString() ?? null), indefinite: ex.indefinite }
      : null,
    reality_check_minutes: state.realityCheckMinutes,
  };
}

/** GET /api/user/protection. */
export async function protectionOf(ctx: AppContext, userId: number): Promise<Protection> {
  const now = ctx.clock.now();
  const state = await readProtection(ctx.db, userId);
  if (!state) throw notFound("Player not found.");
  return viewOf(ctx.db, userId, state, now);
}

/** PUT /api/user/limits: lower at once, raise or remove after the cooling period. */
export async function setLimit(ctx: AppContext, userId: number, body: SetLimitBody): Promise<Protection> {
  const now = ctx.clock.now();
  // In the player's turn (decision 0029): the users row it locks is the one the player's money calls lock.
  return ctx.playerQueue.run(userId, () =>
    withMoneyTx(ctx.db, async (tx) => {
      const state = await lockProtection(tx, userId);
      if (!state) throw notFound("Player not found.");
      const key = `${body.kind}:${body.period}` as const;
      const next = decideLimitChange(state.limits.get(key), body.amount, now);
      if (next.amount === null && next.pendingAt === null) await deleteLimit(tx, userId, body.kind, body.period);
      else await saveLimit(tx, userId, body.kind, body.period, next);
      state.limits.set(key, next);
      return viewOf(tx, userId, state, now);
    }),
  );
}

/** POST /api/user/self-exclusion: confirmed by the password; only ever extends the exclusion in force. */
export async function selfExclude(ctx: AppContext, userId: number, body: SelfExclusionBody): Promise<Protection> {
  const now = ctx.clock.now();
  const user = await findPasswordHash(ctx.db, userId);
  if (!user) throw notFound("Player not found.");
  if (!(await verifyPassword(user.passwordHash, body.password))) throw refused("WRONG_PASSWORD", "The password is incorrect.");
  return ctx.playerQueue.run(userId, () =>
    withMoneyTx(ctx.db, async (tx) => {
      const state = await lockProtection(tx, userId);
      if (!state) throw notFound("Player not found.");
      state.exclusion = extendExclusion(state.exclusion, body.period, now);
      await saveExclusion(tx, userId, state.exclusion);
      return viewOf(tx, userId, state, now);
    }),
  );
}

/** PUT /api/user/reality-check. */
export async function setRealityCheck(ctx: AppContext, userId: number, body: RealityCheckBody): Promise<Protection> {
  await saveRealityCheck(ctx.db, userId, body.minutes);
  return protectionOf(ctx, userId);
}

/** GET /api/user/play-summary: the result of play since an instant (at most a day back). */
export async function playSummary(ctx: AppContext, userId: number, sinceIso: string) {
  const now = ctx.clock.now();
  const asked = new Date(sinceIso);
  const since = new Date(Math.min(now.getTime(), Math.max(asked.getTime(), now.getTime() - 86_400_000)));
  const summary = await playSummarySince(ctx.db, userId, since);
  return { since: since.toISOString(), ...summary };
}
