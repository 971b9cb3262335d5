import type { AdminLotteryGame, AdminLotteryUpdate, FeedConfig, LotteryType, SlipLimits } from "@shwe/contracts";
import {
  cutoffFor,
  DERIVED_FAIR_SOURCE,
  drawsOnDay,
  isValidNumber,
  nextDraw,
  parseScheduleConfig,
  type ScheduleConfig,
  ScheduleConfigError,
  yangonDate,
} from "@shwe/domain";
import type { AppContext } from "../../app-context.ts";
import type { Tx } from "../../db/client.ts";
import { badRequest, notFound, refused } from "../../lib/errors.ts";
import { type Actor, recordAudit } from "../content/audit.service.ts";
import { updateSetting } from "../content/settings.service.ts";
import { withMoneyTx } from "../ledger/ledger.service.ts";
import {
  deleteDrawsWithoutBets,
  lockUnresultedDrawsOf,
  lockWaitingFairDrawAtTimeOf,
  selectNextDrawTimes,
  updateDraw,
  updateOpenDrawOdds,
} from "./draws.repository.ts";
import { freshFairSeed, shareSeedWithDerivedDraws } from "./fair-seeds.ts";
import { boardLimits, FEED_SETTINGS, LIMITS_SETTINGS, readAllLimits, readFeedConfig, readGames } from "./lottery-config.ts";
import {
  type LotteryGameRow,
  listNumberRules,
  lockLotteryGame,
  selectRulesOf,
  updateLotteryGame,
  upsertNumberRules,
} from "./lottery-games.repository.ts";
import { lockBettorsOf, voidDrawInTx } from "./settlement.service.ts";

/** Operator configuration of the games: odds, enabled, result source, schedule and off days, limits, hot / blocked numbers, feeds. */

function parseSchedule(value: unknown): ScheduleConfig {
  try {
    return parseScheduleConfig(value);
  } catch (err) {
    if (err instanceof ScheduleConfigError) {
      throw badRequest(`Invalid input: ${err.message}.`, { fields: [{ field: "schedule", message: err.message }] });
    }
    throw err;
  }
}

/** GET /api/admin/lottery: every game with its whole configuration. */
export async function listGames(ctx: AppContext): Promise<{ data: AdminLotteryGame[] }> {
  const now = ctx.clock.now();
  const [games, limits, nextTimes] = await Promise.all([readGames(ctx.db), readAllLimits(ctx.db), selectNextDrawTimes(ctx.db, now)]);
  const data: AdminLotteryGame[] = [];
  for (const g of games) {
    const next = nextTimes.get(g.type) ?? (g.schedule ? (nextDraw(g.schedule, now)?.at ?? null) : null);
    data.push({
      type: g.type,
      name: g.name,
      odds: g.odds,
      enabled: g.enabled,
      result_source: g.resultSource,
      schedule: g.schedule,
      schedule_error: g.scheduleError,
      limits: boardLimits(limits[g.type]),
      feed: await readFeedConfig(ctx.db, g.type),
      next_draw_at: next ? next.toISOString() : null,
    });
  }
  return { data };
}

export async function getGame(ctx: AppContext, type: LotteryType): Promise<AdminLotteryGame> {
  const game = (await listGames(ctx)).data.find((g) => g.type === type);
  if (!game) throw notFound("This game does not exist.");
  return game;
}

/** What bringing a game's waiting draws in line with a schedule needs: draws to void (they have bets) and to delete. */
interface ReconcilePlan {
  type: LotteryType;
  toVoid: number[];
  removable: number[];
}

/**
 * Plans how a game's waiting draws follow a new schedule: a draw on an off day, or a future draw
 * the schedule no longer has, is to be removed when nobody bet on it and voided with refunds
 * otherwise; the others take the new cut-off rule at once.
 */
async function planReconcile(tx: Tx, ctx: AppContext, type: LotteryType, config: ScheduleConfig): Promise<ReconcilePlan> {
  const now = ctx.clock.now();
  const plan: ReconcilePlan = { type, toVoid: [], removable: [] };
  for (const d of await lockUnresultedDrawsOf(tx, type)) {
    const day = yangonDate(d.drawAt);
    const scheduled = drawsOnDay(config, day).some((s) => s.at.getTime() === d.drawAt.getTime());
    const offDay = config.off_days.includes(day);
    if (offDay || (!scheduled && d.drawAt.getTime() > now.getTime())) {
      (d.hasBets ? plan.toVoid : plan.removable).push(d.id);
    } else if (scheduled && d.status === "open") {
      const closesAt = cutoffFor({ at: d.drawAt }, config);
      if (closesAt.getTime() !== d.closesAt.getTime()) await updateDraw(tx, d.id, { closesAt });
    }
  }
  return plan;
}

/**
 * Carries out plans (of one or several games, their draws already locked): every bettor's accounts
 * first, then the refunds and removals. A derived game's draws (1D) are voided before their source's
 * (2D), each for the plan's own reason: voiding a 2D draw first would void its fair 1D draw with it
 * and leave that one already void. Answers the voided ids.
 */
async function applyReconcile(tx: Tx, plans: ReconcilePlan[], actor: Actor, reason: (drawId: number) => string): Promise<number[]> {
  const toVoid = [...plans].sort((a, b) => sourcesFirst(b.type, a.type)).flatMap((p) => p.toVoid);
  // Every bettor's accounts first, in one ascending lock: no house account is taken before a player's.
  await lockBettorsOf(tx, toVoid);
  for (const id of toVoid) await voidDrawInTx(tx, id, reason(id), actor);
  await deleteDrawsWithoutBets(
    tx,
    plans.flatMap((p) => p.removable),
  );
  return toVoid;
}

/** Brings a game's waiting draws in line with a new schedule (planReconcile, applyReconcile). Answers the voided draw ids. */
async function reconcileDraws(tx: Tx, ctx: AppContext, type: LotteryType, config: ScheduleConfig, actor: Actor, reason: string) {
  return applyReconcile(tx, [await planReconcile(tx, ctx, type, config)], actor, () => reason);
}

/**
 * A change of result source applies to the draws still waiting for their result; a draw turning fair
 * commits to a new seed. A 1D / crypto 1D draw turning fair takes the seed of the fair 2D / crypto 2D
 * draw waiting at its time (its number is that draw's last digit); a 2D draw turning fair gives its
 * new seed to the fair 1D draw waiting at its time unless somebody bet on that one
 * (shareSeedWithDerivedDraws). The 2D draws are locked before the 1D draws, as results and voids do.
 */
async function applyResultSource(tx: Tx, type: LotteryType, source: LotteryGameRow["resultSource"]): Promise<void> {
  const sourceType = DERIVED_FAIR_SOURCE[type];
  if (source === "fair" && sourceType) await lockUnresultedDrawsOf(tx, sourceType);
  for (const d of await lockUnresultedDrawsOf(tx, type)) {
    if (source === "fair") {
      if (d.fairSeedSecret) continue;
      const sibling = sourceType ? await lockWaitingFairDrawAtTimeOf(tx, sourceType, d.id) : undefined;
      const fair =
        sibling?.fairSeedSecret && sibling.fairCommitment
          ? { seed: sibling.fairSeedSecret, commitment: sibling.fairCommitment }
          : await freshFairSeed();
      await updateDraw(tx, d.id, { resultSource: "fair", fairSeedSecret: fair.seed, fairCommitment: fair.commitment, fairSeed: null });
      if (!sourceType) await shareSeedWithDerivedDraws(tx, type, d.id, fair);
    } else {
      await updateDraw(tx, d.id, { resultSource: source, fairSeedSecret: null, fairCommitment: null });
    }
  }
}

const LIMIT_FIELDS = ["min_stake", "max_stake", "max_lines", "number_cap", "hot_cap"] as const;

/** PUT /api/admin/lottery/{type}: odds, name, enabled, result source, schedule and stake limits, audited. */
export async function updateGame(ctx: AppContext, type: LotteryType, body: AdminLotteryUpdate, actor: Actor): Promise<AdminLotteryGame> {
  const schedule = body.schedule === undefined ? undefined : parseSchedule(body.schedule);
  const limitPatch: Partial<SlipLimits> = {};
  for (const f of LIMIT_FIELDS) if (body[f] !== undefined) limitPatch[f] = body[f];
  const current = (await readAllLimits(ctx.db))[type];
  const merged = { ...current, ...limitPatch };
  if (merged.min_stake > merged.max_stake) {
    throw badRequest("Invalid input: min_stake must not exceed max_stake.", {
      fields: [{ field: "min_stake", message: "must not exceed max_stake" }],
    });
  }

  await withMoneyTx(ctx.db, async (tx) => {
    const before = await lockLotteryGame(tx, type);
    if (!before) throw notFound("This game does not exist.");
    const change: Parameters<typeof updateLotteryGame>[2] = {};
    if (body.name !== undefined) change.name = body.name;
    if (body.odds !== undefined) change.odds = body.odds;
    if (body.enabled !== undefined) change.enabled = body.enabled;
    if (body.result_source !== undefined) change.resultSource = body.result_source;
    if (schedule) change.schedule = schedule;
    if (Object.keys(change).length === 0) return;
    const after = await updateLotteryGame(tx, type, change, actor.id);
    // The result source first: turning a 1D game fair locks the 2D draws before its own.
    if (body.result_source !== undefined && body.result_source !== before.resultSource)
      await applyResultSource(tx, type, body.result_source);
    if (body.odds !== undefined && body.odds !== before.odds) await updateOpenDrawOdds(tx, type, body.odds);
    if (schedule) await reconcileDraws(tx, ctx, type, schedule, actor, "Removed from the schedule");
    const view = (g: LotteryGameRow | undefined) =>
      g && { name: g.name, odds: g.odds, enabled: g.enabled, result_source: g.resultSource, schedule: g.schedule };
    await recordAudit(tx, actor, "lottery.update", { type: "lottery_game", id: type }, view(before), view(after));
  });
  if (Object.keys(limitPatch).length > 0) {
    await updateSetting(ctx.db, LIMITS_SETTINGS[type], actor, (cur) => ({ ...cur, ...limitPatch }));
  }
  return getGame(ctx, type);
}

function storedSchedule(game: LotteryGameRow): ScheduleConfig {
  try {
    return parseScheduleConfig(game.schedule);
  } catch (err) {
    if (!(err instanceof ScheduleConfigError)) throw err;
    throw refused("SCHEDULE_INVALID", `The stored schedule of ${game.type} is unusable (${err.message}); set a new schedule first.`);
  }
}

/** POST /api/admin/lottery/{type}/off-days and DELETE …/off-days/{day}. */
export async function changeOffDay(
  ctx: AppContext,
  type: LotteryType,
  day: string,
  add: boolean,
  actor: Actor,
): Promise<{ type: LotteryType; off_days: string[]; voided_draw_ids: number[] }> {
  return withMoneyTx(ctx.db, async (tx) => {
    const game = await lockLotteryGame(tx, type);
    if (!game) throw notFound("This game does not exist.");
    const config = storedSchedule(game);
    const has = config.off_days.includes(day);
    if (has === add) return { type, off_days: config.off_days, voided_draw_ids: [] };
    const next = parseScheduleConfig({ ...config, off_days: add ? [...config.off_days, day] : config.off_days.filter((d) => d !== day) });
    await updateLotteryGame(tx, type, { schedule: next }, actor.id);
    const voided = add ? await reconcileDraws(tx, ctx, type, next, actor, `Off day ${day}`) : [];
    await recordAudit(
      tx,
      actor,
      add ? "lottery.off_day.add" : "lottery.off_day.remove",
      { type: "lottery_game", id: type },
      { off_days: config.off_days },
      { off_days: next.off_days, voided_draw_ids: voided },
    );
    return { type, off_days: next.off_days, voided_draw_ids: voided };
  });
}

/**
 * The order several games' rows and draws are locked in: a result source (2D, crypto 2D) before the
 * games whose fair numbers come from it (1D, crypto 1D), as results, voids (voidDrawInTx), the
 * scheduler (shareSeedWithDerivedDraws) and a change of result source take their draws; then by
 * type. Locking a 1D draw before a 2D draw while one of those holds the 2D draw and wants the 1D
 * draw would deadlock.
 */
export function sourcesFirst(a: LotteryType, b: LotteryType): number {
  const derived = (t: LotteryType) => (DERIVED_FAIR_SOURCE[t] === undefined ? 0 : 1);
  return derived(a) - derived(b) || a.localeCompare(b);
}

/**
 * Adds off days to several games in the caller's money transaction (a holiday file of a market):
 * as changeOffDay, each game's draws on those days are removed, or voided with refunds when they
 * have bets (every bettor locked once, before any refund), and each game's change is audited with
 * `note`. Answers each game's off days and the voided draws. Lock order: the games' rows, then
 * their waiting draws, game by game in sourcesFirst order (2D before 1D), then every bettor's
 * accounts (the global order: draw → exposure row → request/bet → accounts).
 */
export async function addOffDaysInTx(
  tx: Tx,
  ctx: AppContext,
  changes: { type: LotteryType; days: readonly string[] }[],
  actor: Actor,
  note: Record<string, unknown>,
): Promise<{ off_days: Partial<Record<LotteryType, string[]>>; voided_draw_ids: number[] }> {
  const games: { type: LotteryType; before: ScheduleConfig; next: ScheduleConfig }[] = [];
  for (const { type, days } of [...changes].sort((a, b) => sourcesFirst(a.type, b.type))) {
    const game = await lockLotteryGame(tx, type);
    if (!game) throw notFound("This game does not exist.");
    const before = storedSchedule(game);
    const added = [...new Set(days)].filter((d) => !before.off_days.includes(d));
    if (added.length === 0) continue;
    games.push({ type, before, next: parseScheduleConfig({ ...before, off_days: [...before.off_days, ...added] }) });
  }
  const plans: ReconcilePlan[] = [];
  for (const g of games) {
    await updateLotteryGame(tx, g.type, { schedule: g.next }, actor.id);
    plans.push(await planReconcile(tx, ctx, g.type, g.next));
  }
  const voided = await applyReconcile(tx, plans, actor, () => "Market holiday");
  const offDays: Partial<Record<LotteryType, string[]>> = {};
  for (const [i, g] of games.entries()) {
    offDays[g.type] = g.next.off_days;
    await recordAudit(
      tx,
      actor,
      "lottery.off_day.import",
      { type: "lottery_game", id: g.type },
      { off_days: g.before.off_days },
      { ...note, off_days: g.next.off_days, voided_draw_ids: plans[i]?.toVoid ?? [] },
    );
  }
  return { off_days: offDays, voided_draw_ids: voided };
}

/**
 * POST /api/admin/lottery/{type}/moved-days {from, to}: a draw day moved to another day (the Thai
 * Government Lottery moves its 1st or 16th around a holiday): `from` becomes an off day (its draws
 * removed, or voided with refunds when they have bets) and `to` an extra draw day, in one
 * transaction, audited. Both days are today or later; `from` must be a draw day, `to` must not.
 */
export async function moveDrawDay(
  ctx: AppContext,
  type: LotteryType,
  from: string,
  to: string,
  actor: Actor,
): Promise<{ type: LotteryType; off_days: string[]; extra_days: string[]; voided_draw_ids: number[] }> {
  const today = yangonDate(ctx.clock.now());
  if (from < today || to < today) throw refused("PAST_DATE", "A draw day can be moved only from and to today or a later day.");
  if (from === to) throw refused("SAME_DAY", "The draw day is moved to the day it already is.");
  return withMoneyTx(ctx.db, async (tx) => {
    const game = await lockLotteryGame(tx, type);
    if (!game) throw notFound("This game does not exist.");
    const config = storedSchedule(game);
    if (drawsOnDay(config, from).length === 0) throw refused("NOT_A_DRAW_DAY", `${from} is not a draw day of ${type}.`);
    if (drawsOnDay(config, to).length > 0) throw refused("ALREADY_A_DRAW_DAY", `${to} is already a draw day of ${type}.`);
    const next = parseScheduleConfig({
      ...config,
      off_days: [...config.off_days.filter((d) => d !== to), from],
      extra_days: [...(config.extra_days ?? []).filter((d) => d !== from), to],
    });
    await updateLotteryGame(tx, type, { schedule: next }, actor.id);
    const voided = await reconcileDraws(tx, ctx, type, next, actor, `Draw day moved from ${from} to ${to}`);
    await recordAudit(
      tx,
      actor,
      "lottery.draw_day.move",
      { type: "lottery_game", id: type },
      { off_days: config.off_days, extra_days: config.extra_days ?? [] },
      { from, to, off_days: next.off_days, extra_days: next.extra_days ?? [], voided_draw_ids: voided },
    );
    return { type, off_days: next.off_days, extra_days: next.extra_days ?? [], voided_draw_ids: voided };
  });
}

/** GET /api/admin/lottery/{type}/numbers */
export async function numberRulesOf(ctx: AppContext, type: LotteryType) {
  return { type, data: await listNumberRules(ctx.db, type) };
}

/** PUT /api/admin/lottery/{type}/numbers: marks numbers hot and/or blocked (or clears the marks). */
export async function setNumberRules(
  ctx: AppContext,
  type: LotteryType,
  body: { numbers: string[]; hot?: boolean | undefined; blocked?: boolean | undefined },
  actor: Actor,
) {
  const bad = body.numbers.filter((n) => !isValidNumber(type, n));
  if (bad.length > 0) {
    throw badRequest(
      `Invalid input: ${bad.slice(0, 5).join(", ")} ${bad.length === 1 ? "is not a" : "are not"} ${type} number${bad.length === 1 ? "" : "s"}.`,
      {
        numbers: bad,
        fields: [{ field: "numbers", message: `must be ${type} numbers` }],
      },
    );
  }
  if (body.hot === undefined && body.blocked === undefined) {
    throw badRequest("Invalid input: give hot, blocked or both.", { fields: [{ field: "hot", message: "hot or blocked is required" }] });
  }
  const numbers = [...new Set(body.numbers)].sort();
  await ctx.db.transaction(async (tx) => {
    const before = await selectRulesOf(tx, type, numbers);
    await upsertNumberRules(tx, type, numbers, { hot: body.hot, blocked: body.blocked }, actor.id);
    await recordAudit(
      tx,
      actor,
      "lottery.numbers",
      { type: "lottery_game", id: type },
      { rules: before },
      {
        numbers,
        hot: body.hot,
        blocked: body.blocked,
      },
    );
  });
  return numberRulesOf(ctx, type);
}

/** GET / PUT /api/admin/lottery/{type}/feed */
export async function feedOf(ctx: AppContext, type: LotteryType): Promise<{ type: LotteryType; feed: FeedConfig }> {
  return { type, feed: await readFeedConfig(ctx.db, type) };
}

export async function setFeed(ctx: AppContext, type: LotteryType, feed: FeedConfig, actor: Actor) {
  return { type, feed: await updateSetting(ctx.db, FEED_SETTINGS[type], actor, () => feed) };
}
