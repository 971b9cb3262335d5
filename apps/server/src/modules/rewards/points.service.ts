import type {
  AdminPointReward,
  AdminPoints,
  CreatePointRewardBody,
  PointClaimResponse,
  PointHistory,
  PointList,
  PointMoveKind,
  PointPayouts,
  PointWarning,
  UpdatePointRewardBody,
} from "@shwe/contracts";
import { type TextLanguage, textIn } from "@shwe/contracts";
import { checkPointClaim, POINT_MESSAGES, pointsForStake, yangonDate } from "@shwe/domain";
import type { AppContext } from "../../app-context.ts";
import type { Executor } from "../../db/client.ts";
import { notFound } from "../../lib/errors.ts";
import { type Actor, recordAudit } from "../content/audit.service.ts";
import { selectSettingValues } from "../content/settings.repository.ts";
import { POINT_WARNING, readSetting, updateSetting } from "../content/settings.service.ts";
import { parseTranslations, requireBurmese, translationsFromBody } from "../content/texts.service.ts";
import { finishPage, type PageQuery, pageRequestOf } from "../ledger/history-page.ts";
import { isoOf, yangonDayRange } from "../ledger/history-range.ts";
import { balanceAfter, balancesOf, lockPlayers, postJournal } from "../ledger/ledger.service.ts";
import { type MoneyCallResult, refusalError, runPlayerMoneyCall } from "../ledger/money-call.ts";
import { getPlayerBalances } from "../ledger/player-accounts.repository.ts";
import { POINTS_SETTING } from "../lottery/lottery-config.ts";
import {
  findReward,
  insertClaim,
  insertReward,
  listActiveRewards,
  listAllRewards,
  listPointMoves,
  lockReward,
  payoutsBetween,
  type RewardRow,
  updateReward,
} from "./points.repository.ts";

/**
 * Loyalty points (domain-rules §7). Points are whole units in each player's `point` ledger
 * account, issued from house points accounts when a stake settles (a lottery line: settlement of
 * its draw; a casino round: its result), never before. A reward claim is one journal: the reward's
 * points go back to `house:points` and its kyat come from the rewards expense account
 * `house:rewards:points` to main.
 */

/** Where spent points return. */
export const POINTS_HOUSE = "house:points";
/** The expense account rewards are paid from. */
export const POINT_REWARDS_HOUSE = "house:rewards:points";
/** Casino rounds issue points from shards of the house points account (settlements of many players at once). */
export const CASINO_POINT_SHARDS = 16;
export const casinoPointsAccountOf = (userId: number): string => `house:points:casino:${userId % CASINO_POINT_SHARDS}`;

const CLAIM_ROUTE = "POST /api/point/claim";

/** The settings key of the earning rate, for a reader that fetches its stored value with other rows (then kyatPerPointOf). */
export const POINTS_SETTING_KEY = POINTS_SETTING.key;

/** The earning rate (kyat of settled stake per point) as stored; a missing or malformed value reads as the default. */
export async function readKyatPerPoint(db: Executor): Promise<number> {
  return kyatPerPointOf((await selectSettingValues(db, [POINTS_SETTING.key])).get(POINTS_SETTING.key));
}

/** The points rate of a stored lottery.points value (the default when it is missing or malformed). */
export function kyatPerPointOf(stored: unknown): number {
  const parsed = POINTS_SETTING.schema.safeParse(stored);
  return (parsed.success ? parsed.data : POINTS_SETTING.defaultValue).kyat_per_point;
}

/**
 * The points a settled casino round earns (its valid stake at the current rate), in the round's
 * settlement transaction: one journal keyed `points:provider_round:<round>`, so a round earns once.
 * Answers the points credited (0: nothing posted).
 */
export async function earnCasinoRoundPoints(
  tx: Executor,
  input: { userId: number; roundRef: number; provider: string; stake: number; kyatPerPoint?: number },
): Promise<number> {
  const points = pointsForStake(input.stake, input.kyatPerPoint ?? (await readKyatPerPoint(tx)));
  if (points <= 0) return 0;
  await postJournal(tx, {
    kind: "points_casino",
    userId: input.userId,
    uniqueKey: `points:provider_round:${input.roundRef}`,
    refType: "provider_round",
    refId: input.roundRef,
    memo: `${input.provider} round ${input.roundRef}: ${input.stake} kyat settled`,
    entries: [
      { account: { userId: input.userId, kind: "point" }, amount: points },
      { account: { code: casinoPointsAccountOf(input.userId) }, amount: -points },
    ],
  });
  return points;
}

/** A reward's name in `lng`: the Burmese name where that language was not written. */
const nameIn = (name: string, translations: unknown, lng: TextLanguage | undefined): string =>
  textIn({ mm: name, ...parseTranslations(translations) }, lng);
const publicReward = (r: RewardRow, lng?: TextLanguage) => ({
  id: r.id,
  name: nameIn(r.name, r.nameTranslations, lng),
  points: r.points,
  amount: r.amount,
});
const adminReward = (r: RewardRow): AdminPointReward => ({
  id: r.id,
  name: r.name,
  name_translations: parseTranslations(r.nameTranslations),
  points: r.points,
  amount: r.amount,
  active: r.active,
  sort: r.sort,
});

/** GET /api/point/list[?lng=]: reward names in the player's language (Burmese where not written). */
export async function pointList(ctx: AppContext, lng?: TextLanguage): Promise<PointList> {
  const [rewards, kyatPerPoint] = await Promise.all([listActiveRewards(ctx.db), readKyatPerPoint(ctx.db)]);
  return { data: rewards.map((r) => publicReward(r, lng)), kyat_per_point: kyatPerPoint };
}

/** GET /api/point/warning */
export async function pointWarning(ctx: AppContext, lng?: TextLanguage): Promise<PointWarning> {
  return { text: textIn(await readSetting(ctx.db, POINT_WARNING), lng) };
}

/**
 * POST /api/point/claim: spends the reward's points and pays its kyat to main, in one journal and
 * one transaction (idempotency row → the player's accounts locked → the journal → the claim row).
 * Unknown reward → 404; inactive → 422 REWARD_INACTIVE; short points → 422 INSUFFICIENT_POINTS.
 * The points debit is also a conditional update, so the balance can never go below zero.
 */
export async function claimPointReward(
  ctx: AppContext,
  userId: number,
  pointId: number,
  key: string | undefined,
): Promise<MoneyCallResult<PointClaimResponse>> {
  return runPlayerMoneyCall(ctx.db, ctx.playerQueue, { userId, route: CLAIM_ROUTE, key, body: { point_id: pointId } }, async (tx) => {
    const reward = await findReward(tx, pointId);
    if (!reward) throw notFound(POINT_MESSAGES.unknown);
    const locked = await lockPlayers(tx, [userId]);
    const decision = checkPointClaim(balancesOf(locked, userId).point, reward);
    if (!decision.ok) throw refusalError(decision);
    const { points, amount } = decision.value;
    const journal = await postJournal(
      tx,
      {
        kind: "point_claim",
        userId,
        uniqueKey: key === undefined ? null : `idem:${userId}:${key}`,
        refType: "point_reward",
        refId: reward.id,
        memo: `${reward.name}: ${points} points → ${amount} kyat`.slice(0, 500),
        meta: { reward_id: reward.id, points, amount },
        entries: [
          { account: { userId, kind: "point" }, amount: -points },
          { account: { userId, kind: "main" }, amount },
          { account: { code: POINTS_HOUSE }, amount: points },
          { account: { code: POINT_REWARDS_HOUSE }, amount: -amount },
        ],
      },
      { locked },
    );
    const claimId = await insertClaim(tx, { userId, rewardId: reward.id, points, amount, journalId: journal.journalId });
    return {
      message: "Reward claimed!",
      claim_id: claimId,
      point_id: reward.id,
      points,
      amount,
      balance: balanceAfter(journal, { userId, kind: "main" }),
      point: balanceAfter(journal, { userId, kind: "point" }),
    };
  });
}

function moveKindOf(journalKind: string): PointMoveKind {
  if (journalKind === "point_claim") return "claim";
  if (journalKind === "lottery_points") return "lottery";
  if (journalKind === "points_casino") return "casino";
  return "other";
}

/** GET /api/point/history: the player's point movements, newest first, one page at a time; reward names in `lng`. */
export async function pointHistory(ctx: AppContext, userId: number, query: PageQuery, lng?: TextLanguage): Promise<PointHistory> {
  const page = pageRequestOf(query);
  const [read, balances] = await Promise.all([listPointMoves(ctx.db, userId, page), getPlayerBalances(ctx.db, userId)]);
  const { rows, next_cursor } = finishPage(read, page, (r) => ({ at: r.page_at, id: r.id }));
  return {
    data: rows.map((r) => ({
      id: r.id,
      kind: moveKindOf(r.journal_kind),
      points: r.points,
      point_after: r.point_after,
      amount: r.amount,
      reward_name: r.reward_name === null ? null : nameIn(r.reward_name, r.reward_name_translations, lng),
      created_at: isoOf(r.created_at) ?? "",
    })),
    next_cursor,
    point: balances.point,
  };
}

// ---- Operator console -------------------------------------------------------------------------

/** GET /api/admin/points */
export async function adminPoints(ctx: AppContext): Promise<AdminPoints> {
  const [rewards, kyatPerPoint] = await Promise.all([listAllRewards(ctx.db), readKyatPerPoint(ctx.db)]);
  return { kyat_per_point: kyatPerPoint, rewards: rewards.map(adminReward) };
}

/** PUT /api/admin/points/rate: the earning rate for stakes settled from now on (audited). */
export async function setKyatPerPoint(ctx: AppContext, actor: Actor, kyatPerPoint: number): Promise<{ kyat_per_point: number }> {
  const after = await updateSetting(ctx.db, POINTS_SETTING, actor, () => ({ kyat_per_point: kyatPerPoint }));
  return { kyat_per_point: after.kyat_per_point };
}

/** POST /api/admin/points/rewards (audited): the Burmese name is required (422), the other languages fall back to it. */
export async function createPointReward(ctx: AppContext, actor: Actor, body: CreatePointRewardBody): Promise<AdminPointReward> {
  const name = requireBurmese(body.name, "name");
  return ctx.db.transaction(async (tx) => {
    const row = await insertReward(tx, {
      name,
      nameTranslations: translationsFromBody(body.name_translations),
      points: body.points,
      amount: body.amount,
      active: body.active ?? true,
      sort: body.sort ?? 0,
    });
    const created = adminReward(row);
    await recordAudit(tx, actor, "point_reward.create", { type: "point_reward", id: row.id }, null, created);
    return created;
  });
}

/**
 * PUT /api/admin/points/rewards/{id}: any subset of the fields (audited); unknown id → 404, an empty
 * Burmese name → 422 BURMESE_TEXT_REQUIRED (nothing changed).
 */
export async function changePointReward(ctx: AppContext, actor: Actor, id: number, body: UpdatePointRewardBody): Promise<AdminPointReward> {
  const { name, name_translations, ...rest } = body;
  const patch: Parameters<typeof updateReward>[2] = { ...rest };
  if (name !== undefined) patch.name = requireBurmese(name, "name");
  if (name_translations !== undefined) patch.nameTranslations = translationsFromBody(name_translations);
  return ctx.db.transaction(async (tx) => {
    const before = await lockReward(tx, id);
    if (!before) throw notFound(POINT_MESSAGES.unknown);
    const row = await updateReward(tx, id, patch);
    if (!row) throw notFound(POINT_MESSAGES.unknown);
    const after = adminReward(row);
    await recordAudit(tx, actor, "point_reward.update", { type: "point_reward", id }, adminReward(before), after);
    return after;
  });
}

/** GET /api/admin/points/payouts: what the rewards paid, per Asia/Yangon day and reward. */
export async function pointPayouts(ctx: AppContext, startDate: string | undefined, endDate: string | undefined): Promise<PointPayouts> {
  const now = ctx.clock.now();
  const { from, to } = yangonDayRange(startDate, endDate, now);
  const rows = await payoutsBetween(ctx.db, from, to);
  const today = yangonDate(now);
  return {
    start_date: startDate ?? endDate ?? today,
    end_date: endDate ?? today,
    data: rows,
    total_claims: rows.reduce((s, r) => s + r.claims, 0),
    total_points: rows.reduce((s, r) => s + r.points, 0),
    total_amount: rows.reduce((s, r) => s + r.amount, 0),
  };
}
