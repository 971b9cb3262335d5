import { type BetBody, type BetResponse, LOTTERY_PATHS, type LotteryType, type SlipLimits } from "@shwe/contracts";
import { checkSlip, isExcluded, isValidNumber, type SlipCheck, yangonDate } from "@shwe/domain";
import type { AppContext } from "../../app-context.ts";
import { type AppError, badRequest, notFound, refused } from "../../lib/errors.ts";
import { balanceAfter, InsufficientFundsError, pgErrorCode, postJournal } from "../ledger/ledger.service.ts";
import { keepRefusal, type MoneyCallResult, requestHashOf, runPlayerMoneyCall } from "../ledger/money-call.ts";
import { PLAYER_ACCOUNT_KINDS } from "../ledger/player-accounts.repository.ts";
import { checkPlay, refuseIfExcluded, selfExcludedError } from "../protection/protection.service.ts";
import {
  BET_PLACE_FALLBACK,
  type BetPlaceReason,
  betPlaceReasonOf,
  insertSlipWithLines,
  lockDrawForBet,
  lockExposureRows,
  placeBetInOneCall,
  raiseExposure,
  readExposure,
} from "./betting.repository.ts";
import { type GameAndLimits, type GameConfig, LIMITS_SETTINGS, readGameAndLimits, slipRulesOf } from "./lottery-config.ts";
import type { NumberRuleSets } from "./lottery-games.repository.ts";

/** How many house accounts lottery money is spread over (all of them exist from the server's start: lottery.seed.ts). */
export const LOTTERY_HOUSE_SHARDS = 16;

/**
 * The house account a player's stakes go to and their wins and refunds come from:
 * `house:lottery:<player id mod 16>`. Every posting updates its house row until commit, so one
 * shared row would make every bet of every player wait for the one before; together the shards
 * are the lottery's house balance.
 */
export function lotteryHouse(userId: number): { code: string } {
  return { code: lotteryHouseCode(lotteryShard(userId)) };
}

/** The code of the lottery's house shard `shard` (0 … LOTTERY_HOUSE_SHARDS − 1). */
export function lotteryHouseCode(shard: number): string {
  return `house:lottery:${shard}`;
}

/** The codes of all the lottery's house shards. */
export function lotteryHouseCodes(): string[] {
  return Array.from({ length: LOTTERY_HOUSE_SHARDS }, (_, shard) => lotteryHouseCode(shard));
}

export function lotteryShard(userId: number): number {
  return userId % LOTTERY_HOUSE_SHARDS;
}

export const BETTING_CLOSED_MESSAGE = "Betting has been closed.";
const bettingClosed = () => refused("BETTING_CLOSED", BETTING_CLOSED_MESSAGE);
const drawNotFound = () => notFound("This draw does not exist.");
const wrongGame = (drawType: string, type: LotteryType) =>
  refused("WRONG_GAME", `This draw belongs to ${drawType}, not ${type}.`, { draw_type: drawType });

/** A slip problem of the pure rules (empty, too many lines, bad amount, a number twice) as a 400. */
function slipProblem(check: Extract<SlipCheck, { ok: false }>): AppError {
  if (check.code === "LINES_REJECTED") return refused("LINES_REJECTED", check.message, { rejected: check.rejected });
  return badRequest(`Invalid input: ${check.message}`, {
    reason: check.code,
    numbers: check.numbers,
    fields: [{ field: "lines", message: check.message }],
  });
}

/** The draw must exist, belong to this game, be on a draw day of an enabled game and still take bets. */
function checkDrawForBet(
  draw: { type: string; status: string; drawAt: Date } | undefined,
  type: LotteryType,
  game: GameConfig | undefined,
): void {
  if (!draw) throw drawNotFound();
  if (draw.type !== type) throw wrongGame(draw.type, type);
  if (game?.schedule?.off_days.includes(yangonDate(draw.drawAt))) throw drawNotFound();
  if (!game?.enabled) throw refused("GAME_DISABLED", "This game is closed for now.");
  if (draw.status !== "open") throw bettingClosed();
}

/** Per app: the game and limits each game's last slips were judged by, and whether bets may take one call. */
interface OneCallState {
  enabled: boolean;
  judgedBy: Map<LotteryType, GameAndLimits>;
  /** Slips accepted in one call, refused from bet_place's reason, and handed to the general path, since start. */
  counts: { oneCall: number; refused: number; general: number };
}
const oneCallStates = new WeakMap<AppContext, OneCallState>();

function oneCallState(ctx: AppContext): OneCallState {
  let state = oneCallStates.get(ctx);
  if (!state) {
    state = { enabled: true, judgedBy: new Map(), counts: { oneCall: 0, refused: 0, general: 0 } };
    oneCallStates.set(ctx, state);
  }
  return state;
}

/**
 * Whether bets of this app try the one-call path first (the default). Off, every slip takes the
 * general path alone: the tests place the same slips both ways and compare every row.
 */
export function setOneCallBets(ctx: AppContext, enabled: boolean): void {
  oneCallState(ctx).enabled = enabled;
}

/**
 * How many slips were accepted in one call, refused in one call (from bet_place's reason) and
 * judged by the general path, since this app started.
 */
export function betPathCounts(ctx: AppContext): { oneCall: number; refused: number; general: number } {
  return { ...oneCallState(ctx).counts };
}

/** The slip against the game's limits alone: no hot or blocked numbers, nothing staked yet. */
function checkSlipAlone(type: LotteryType, limits: SlipLimits, body: BetBody): SlipCheck {
  return checkSlip(body.lines, slipRulesOf(type, limits, { hot: new Set(), blocked: new Set() }, new Map()));
}

/** The database's refusal codes after which the general path simply runs (and retries) the slip. */
const GENERAL_PATH_AFTER = new Set([BET_PLACE_FALLBACK, "40001", "40P01", "23505", "55P03"]);

/**
 * A slip in one database call (decision 0009), for the slip the general path below would accept:
 * the slip is first checked here against the game and limits last read (lines, stakes, caps before
 * anything is staked), then bet_place checks in the database that the game and limits are still
 * those, and does everything else the general path does, with the same locks in the same order.
 * A slip bet_place hands back with a final reason (decision 0023) is refused here with the
 * general path's answer, from the reason and what bet_place read (refusalOfReason), and the
 * refusal is kept behind the slip's Idempotency-Key as the general path keeps it.
 * Answers undefined, having changed nothing, whenever the slip needs the general path: a
 * replayed Idempotency-Key, a changed setting, a first bet that creates an account, a player with
 * limits of their own, a reason this server does not know.
 */
async function placeBetInOneStep(
  ctx: AppContext,
  userId: number,
  type: LotteryType,
  body: BetBody,
  key: string | undefined,
  route: string,
): Promise<BetResponse | undefined> {
  const state = oneCallState(ctx);
  const general = (reason: string): undefined => {
    ctx.metrics.betGeneralPath(reason);
    return undefined;
  };
  if (!state.enabled) return general("one_call_off");
  let judged = state.judgedBy.get(type);
  if (!judged) {
    judged = await readGameAndLimits(ctx.db, type);
    state.judgedBy.set(type, judged);
  }
  const { game, limits, fingerprint } = judged;
  if (!game?.enabled || !fingerprint) return general("game");
  // One instant for the slip: bet_place judges the break and the cut-off by it, and a refusal from
  // its reason is judged by it again (decision 0025).
  const now = ctx.clock.now();
  if (!body.lines.every((l) => isValidNumber(type, l.number))) return general("number");
  const check = checkSlipAlone(type, limits, body);
  if (!check.ok) return general("slip");
  try {
    const placed = await placeBetInOneCall(
      ctx.db,
      {
        userId,
        type,
        drawId: body.draw_id,
        lines: body.lines,
        numberCap: limits.number_cap,
        hotCap: Math.min(limits.hot_cap, limits.number_cap),
        offDays: game.schedule?.off_days ?? [],
        fingerprint: { ...fingerprint, limitsKey: LIMITS_SETTINGS[type].key },
        idempotency: key === undefined ? null : { key, route, requestHash: requestHashOf({ route, body }) },
        house: lotteryHouse(userId).code,
        accountKinds: PLAYER_ACCOUNT_KINDS.length,
        now,
      },
      ctx.moneyBatcher,
    );
    ctx.balanceAnnouncer.announce([userId]);
    state.counts.oneCall++;
    return { slip_id: placed.slipId, total: placed.total, balance: placed.balance };
  } catch (err) {
    const code = pgErrorCode(err);
    if (code === undefined || !GENERAL_PATH_AFTER.has(code)) throw err;
    const reason = code === BET_PLACE_FALLBACK ? betPlaceReasonOf(err) : undefined;
    const refusal = reason && refusalOfReason(reason, type, limits, body, now);
    if (refusal) {
      // A player on a break is refused before the key, as refuseIfExcluded: nothing is kept.
      const kept =
        reason.code === "SELF_EXCLUDED" ||
        key === undefined ||
        (await keepRefusal(ctx.db, { userId, route, key, body, status: 201 }, refusal));
      if (kept) {
        state.counts.refused++;
        throw refusal;
      }
    }
    // The general path reads the game and limits afresh, and they are kept for the next slips.
    state.judgedBy.delete(type);
    return general(code === BET_PLACE_FALLBACK ? (reason?.code ?? "unknown") : code);
  }
}

/**
 * The general path's refusal of a slip bet_place handed back, when the reason is final and carries
 * all the general path would judge by (migration 0039's order); undefined sends the slip to the
 * general path. The game and limits are those bet_place found unchanged (its STALE_CONFIG check
 * comes before every reason answered here but a break, which does not depend on them).
 */
export function refusalOfReason(
  reason: BetPlaceReason,
  type: LotteryType,
  limits: SlipLimits,
  body: BetBody,
  now: Date,
): AppError | undefined {
  switch (reason.code) {
    case "SELF_EXCLUDED": {
      // The break is judged by the server's clock, as refuseIfExcluded judges it.
      const exclusion = { until: reason.until, indefinite: reason.indefinite };
      return isExcluded(exclusion, now) ? selfExcludedError(exclusion) : undefined;
    }
    case "DRAW_MISSING":
    case "OFF_DAY":
      return drawNotFound();
    case "WRONG_GAME":
      return wrongGame(reason.drawType, type);
    case "DRAW_CLOSED":
    case "CLOSED_LATE":
      // Past the cut-off the general path answers this before looking at the lines or the balance.
      return bettingClosed();
    case "BLOCKED":
    case "FUNDS":
    case "OVER_LIMIT": {
      const { readings } = reason;
      const rules = { hot: new Set(readings.hot), blocked: new Set(readings.blocked) };
      const early = checkSlip(body.lines, slipRulesOf(type, limits, rules, new Map(Object.entries(readings.staked))));
      if (!early.ok) return slipProblem(early);
      if (reason.code === "FUNDS" && readings.balance < early.total) return new InsufficientFundsError("main");
      return undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Places a slip (api.md POST /api/user/betting…). A slip that can be accepted takes one database
 * call (placeBetInOneStep); any other takes the general path below, which answers every refusal.
 * The general path runs in one money transaction, after the Idempotency-Key:
 *   1. draw row FOR SHARE (results, voids and settlement wait for bets in flight) and, in the same
 *      statement, the cut-off (by the later of the server's and the database's clocks, decision
 *      0025), the hot / blocked numbers, the stakes so far and the balance;
 *   2. every rule of domain-rules §3 and the balance checked against those unlocked reads (a refusal
 *      here stands and holds no hot row);
 *   3. missing exposure rows, slip and lines (odds copied from the draw) in one statement; stake
 *      journal main → house (player accounts, then the house shard; 422 INSUFFICIENT_FUNDS);
 *   4. the slip's exposure rows locked in ascending number order, and in one statement the cut-off
 *      checked again and each stake added only within its number's cap.
 * Any refusal rolls everything back: nothing of a refused slip remains.
 */
export async function placeBet(
  ctx: AppContext,
  userId: number,
  type: LotteryType,
  body: BetBody,
  key: string | undefined,
): Promise<MoneyCallResult<BetResponse>> {
  const route = `POST /api/${LOTTERY_PATHS[type].bet}`;
  const placed = await placeBetInOneStep(ctx, userId, type, body, key, route);
  if (placed) return { status: 201, body: placed, replayed: false };
  oneCallState(ctx).counts.general++;
  // A player on a break hears that first, before anything about the slip or the balance (bet_place
  // hands such a slip here before looking at anything else); checkPlay checks it again under the lock.
  await refuseIfExcluded(ctx.db, userId, ctx.clock.now());

  const judged = await readGameAndLimits(ctx.db, type);
  oneCallState(ctx).judgedBy.set(type, judged);
  const { game, limits } = judged;
  // Slip problems that need no database (empty, too many lines, a number twice) are refused up front.
  const shape = checkSlipAlone(type, limits, body);
  if (!shape.ok && shape.code !== "LINES_REJECTED") throw slipProblem(shape);

  return runPlayerMoneyCall(ctx.db, ctx.playerQueue, { userId, route, key, body, status: 201 }, async (tx) => {
    // The draw row FOR SHARE, and in the same statement every reading of the first checks below.
    const valid = body.lines.filter((l) => isValidNumber(type, l.number)).map((l) => l.number);
    const state = await lockDrawForBet(tx, { drawId: body.draw_id, type, userId, numbers: valid, now: ctx.clock.now() });
    const { draw } = state;
    checkDrawForBet(draw, type, game);
    if (!draw || !state.open) throw bettingClosed();

    // First every rule against unlocked reads: stakes on a number only grow while its draw takes
    // bets and a balance read is a committed state, so a refusal here stands, and costs no hot row.
    const { rules } = state;
    const early = checkSlip(body.lines, slipRulesOf(type, limits, rules, state.staked));
    if (!early.ok) throw slipProblem(early);
    if (state.balance < early.total) throw new InsufficientFundsError("main");
    // Player protection under the player's users row lock: self-exclusion, stake and loss limits.
    await checkPlay(tx, userId, early.total, ctx.clock.now());

    // The missing exposure rows are created with the slip and its lines, in one statement.
    const slip = await insertSlipWithLines(
      tx,
      { userId, drawId: draw.id, type, total: early.total, uniqueKey: key === undefined ? null : `idem:${userId}:${key}` },
      body.lines.map((l) => ({ number: l.number, amount: l.amount, odds: draw.odds })),
      valid,
    );
    const journal = await postJournal(tx, {
      kind: "lottery_bet",
      userId,
      uniqueKey: `bet:${slip.id}`,
      refType: "bet_slip",
      refId: slip.id,
      memo: `${type} draw ${draw.id}`,
      meta: { draw_id: draw.id, ...(key === undefined ? {} : { idempotency_key: key }) },
      entries: [
        { account: { userId, kind: "main" }, amount: -early.total },
        { account: lotteryHouse(userId), amount: early.total },
      ],
    });

    // Then the caps for real, with the exposure rows locked, and the cut-off again (both clocks), in one statement.
    await lockExposureRows(tx, draw.id, valid);
    const caps = body.lines.map((l) => ({ number: l.number, amount: l.amount, cap: capOf(l.number, limits, rules) }));
    const raised = await raiseExposure(tx, draw.id, caps, ctx.clock.now());
    if (!raised.open) throw bettingClosed();
    if (raised.raised !== body.lines.length) {
      const late = checkSlip(body.lines, slipRulesOf(type, limits, rules, await readExposure(tx, draw.id, valid)));
      throw slipProblem(late.ok ? overLimit(body.lines) : late);
    }
    return { slip_id: slip.id, total: early.total, balance: balanceAfter(journal, { userId, kind: "main" }) };
  });
}

/** The most a number of a draw may hold: 0 when blocked, the hot cap when hot, else the number cap. */
function capOf(number: string, limits: SlipLimits, rules: NumberRuleSets): number {
  if (rules.blocked.has(number)) return 0;
  return rules.hot.has(number) ? Math.min(limits.hot_cap, limits.number_cap) : limits.number_cap;
}

function overLimit(lines: readonly { number: string }[]): Extract<SlipCheck, { ok: false }> {
  return {
    ok: false,
    code: "LINES_REJECTED",
    message: "Some numbers cannot take this bet.",
    rejected: lines.map((l) => ({ number: l.number, reason: "OVER_LIMIT" as const, remaining: 0 })),
  };
}
