import type {
  BetSlip,
  BoardResponse,
  FairDraw,
  HistoryQuery,
  LotteryType,
  LuckyDailyItem,
  LuckyHistoryItem,
  SectionResponse,
  WinnerList,
} from "@shwe/contracts";
import {
  DERIVED_FAIR_SOURCE,
  deriveDerivedFairNumber,
  deriveFairNumber,
  maskPhone,
  numberBoard,
  verifyDerivedFairDraw,
  verifyFairDraw,
  yangonDate,
  yangonDayBounds,
} from "@shwe/domain";
import type { AppContext } from "../../app-context.ts";
import type { Db } from "../../db/client.ts";
import { notFound, refused } from "../../lib/errors.ts";
import { finishPage, type PageRequest, pageRequestOf } from "../ledger/history-page.ts";
import { yangonDayRange } from "../ledger/history-range.ts";
import { iso, proofOf, sourceDrawsOf, toDraw } from "./draw-view.ts";
import { findDraw, findDrawAt, selectNextDrawTimes } from "./draws.repository.ts";
import { boardLimits, readGame, readLimits, slipRulesOf } from "./lottery-config.ts";
import { selectNumberRules } from "./lottery-games.repository.ts";
import {
  selectDrawsOfEnabledGames,
  selectExposure,
  selectLatestSettledDraw,
  selectLinesOfSlips,
  selectOpenDraws,
  selectSettledDraws,
  selectSlipsOf,
  selectWinners,
} from "./public.repository.ts";

/** The public lottery calls (api.md "Lotteries") and the player's own slip history. */

/** GET /api/section…: draws of an enabled game still taking bets, earliest first. */
export async function sections(ctx: AppContext, type: LotteryType): Promise<SectionResponse> {
  const now = ctx.clock.now();
  const game = await readGame(ctx.db, type);
  const rows = game?.enabled ? await selectOpenDraws(ctx.db, type, now, 20) : [];
  const offDays = new Set(game?.schedule?.off_days ?? []);
  return { data: rows.filter((r) => !offDays.has(yangonDate(r.drawAt))).map(toDraw), server_time: now.toISOString() };
}

/** The betting board of a draw: every number with what it can still take, hot and blocked marks, and the stake limits. */
export async function board(ctx: AppContext, type: LotteryType, drawId: number): Promise<BoardResponse> {
  const draw = await findDraw(ctx.db, drawId);
  if (!draw) throw notFound("This draw does not exist.");
  if (draw.type !== type) throw refused("WRONG_GAME", `This draw belongs to ${draw.type}, not ${type}.`, { draw_type: draw.type });
  const [limits, rules, staked] = await Promise.all([
    readLimits(ctx.db, type),
    selectNumberRules(ctx.db, type),
    selectExposure(ctx.db, drawId),
  ]);
  return {
    draw: toDraw(draw),
    numbers: numberBoard(slipRulesOf(type, limits, rules, staked)),
    limits: boardLimits(limits),
    server_time: ctx.clock.now().toISOString(),
  };
}

function todayRange(now: Date): { from: Date; to: Date } {
  const { start, end } = yangonDayBounds(yangonDate(now));
  return { from: start, to: end };
}

/** GET /api/luckynumber_daily: the draws of every enabled game on the Asia/Yangon day of `now` (number once settled). */
export async function luckyDaily(ctx: AppContext, type?: LotteryType, now: Date = ctx.clock.now()): Promise<LuckyDailyItem[]> {
  const { from, to } = todayRange(now);
  const rows = await selectDrawsOfEnabledGames(ctx.db, from, to, type);
  return rows.map((r) => ({
    type: r.type,
    draw_id: r.id,
    draw_at: r.drawAt.toISOString(),
    number: r.status === "settled" ? r.result : null,
    status: r.status,
  }));
}

/** GET /api/luckynumber_history/{type}: settled draws of [from, to) (see yangonDayRange), newest first, with their proof. */
export async function luckyHistory(
  ctx: AppContext,
  type: LotteryType,
  { from, to }: { from: Date; to: Date },
  page: PageRequest,
): Promise<{ data: LuckyHistoryItem[]; next_cursor: string | null }> {
  const { rows, next_cursor } = finishPage(await selectSettledDraws(ctx.db, type, from, to, page), page, (r) => ({
    at: r.pageAt,
    id: r.id,
  }));
  const sources = await sourceDrawsOf(ctx.db, type, rows);
  return {
    data: rows.map((r) => {
      const item: LuckyHistoryItem = { draw_id: r.id, draw_at: r.drawAt.toISOString(), number: r.result ?? "", source: r.resultSource };
      const proof = proofOf(r, sources.get(r.drawAt.getTime()));
      if (proof) item.proof = proof;
      if (r.resultSource === "feed" && r.feedValues && typeof r.feedValues === "object") {
        item.feed_values = r.feedValues as Record<string, unknown>;
      }
      return item;
    }),
    next_cursor,
  };
}

/** GET /api/winner_users/{type}: winners of a settled draw (default the latest), masked phones, highest win first. */
export async function winners(ctx: AppContext, type: LotteryType, drawId: number | undefined): Promise<WinnerList> {
  const draw = drawId === undefined ? await selectLatestSettledDraw(ctx.db, type) : await findDraw(ctx.db, drawId);
  if (drawId !== undefined && (!draw || draw.type !== type)) throw notFound("This draw does not exist.");
  if (draw?.status !== "settled") {
    return { section: draw ? iso(draw.drawAt) : null, draw_id: draw?.id ?? null, lucky_number: null, data: [] };
  }
  const rows = await selectWinners(ctx.db, draw.id, 100);
  return {
    section: iso(draw.drawAt),
    draw_id: draw.id,
    lucky_number: draw.result,
    data: rows.map((r) => ({ phone: maskPhone(r.phone), bet_amount: r.betAmount, win_amount: r.winAmount })),
  };
}

/**
 * GET /api/lottery/fair/{draw_id}: the commitment before the draw; seed, number and a server-side check
 * after. A 1D / crypto 1D draw shows the commitment it shares with the 2D / crypto 2D draw at the same
 * time, and its check is the last digit of that draw's number.
 */
export async function fairDraw(ctx: AppContext, drawId: number): Promise<FairDraw> {
  const draw = await findDraw(ctx.db, drawId);
  if (!draw?.fairCommitment) throw notFound("This draw has no fair-draw commitment.");
  const sourceType = DERIVED_FAIR_SOURCE[draw.type];
  const source = sourceType ? await findDrawAt(ctx.db, sourceType, draw.drawAt) : undefined;
  const derivedFrom =
    sourceType && source?.fairCommitment === draw.fairCommitment
      ? { derived_from: { draw_id: source.id, type: sourceType, digit: "last" as const } }
      : sourceType
        ? { fallback: "no_source_draw" as const }
        : {};
  const base = {
    draw_id: draw.id,
    type: draw.type,
    draw_at: iso(draw.drawAt),
    status: draw.status,
    commitment: draw.fairCommitment,
    ...derivedFrom,
  };
  const number = draw.status === "settled" ? draw.result : null;
  if (!draw.fairSeed) return { ...base, seed: null, number, hmac: null, verified: null };
  const seed = draw.fairSeed;
  const commitment = draw.fairCommitment;
  if (base.derived_from) {
    const from = base.derived_from;
    const derivation = await deriveDerivedFairNumber(seed, from.draw_id, from.type, draw.type, from.digit);
    const verified =
      number === null
        ? null
        : await verifyDerivedFairDraw({
            seed,
            commitment,
            type: draw.type,
            sourceDrawId: from.draw_id,
            sourceType: from.type,
            digit: from.digit,
            number,
          });
    return { ...base, seed, number, hmac: derivation.hmac, verified };
  }
  const derivation = await deriveFairNumber(seed, draw.id, draw.type);
  const verified = number === null ? null : await verifyFairDraw({ seed, commitment, drawId: draw.id, type: draw.type, number });
  return { ...base, seed, number, hmac: derivation.hmac, verified };
}

/** GET /api/user/bet_slip_history_…: the player's own slips of the days asked, newest first. */
export async function slipHistory(
  ctx: AppContext,
  userId: number,
  type: LotteryType,
  query: HistoryQuery,
): Promise<{ data: BetSlip[]; next_cursor: string | null }> {
  const { from, to } = yangonDayRange(query.start_date, query.end_date, ctx.clock.now());
  const page = pageRequestOf(query);
  const { rows: slips, next_cursor } = finishPage(await selectSlipsOf(ctx.db, userId, type, from, to, page), page, (s) => ({
    at: s.pageAt,
    id: s.id,
  }));
  const lines = await selectLinesOfSlips(
    ctx.db,
    slips.map((s) => s.id),
  );
  const bySlip = new Map<number, BetSlip["lines"]>();
  for (const l of lines) {
    const list = bySlip.get(l.slipId) ?? [];
    list.push({ number: l.number, amount: l.amount, odds: l.odds, status: l.status, win_amount: l.winAmount });
    bySlip.set(l.slipId, list);
  }
  return {
    data: slips.map((s) => {
      const mine = bySlip.get(s.id) ?? [];
      return {
        id: s.id,
        draw_id: s.drawId,
        draw_at: iso(s.drawAt),
        draw_status: s.drawStatus,
        result: s.drawStatus === "settled" ? s.result : null,
        lines: mine,
        total: s.total,
        win_total: mine.reduce((sum, l) => sum + l.win_amount, 0),
        created_at: iso(s.createdAt),
      };
    }),
    next_cursor,
  };
}

/** The next draw time of every game that has one created (GET /api/lottery/list). */
export async function nextDrawTimes(db: Db, now: Date): Promise<Map<string, Date>> {
  return selectNextDrawTimes(db, now);
}
