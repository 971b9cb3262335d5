import type { LotteryType } from "@shwe/contracts";
import { DERIVED_FAIR_SOURCE, nextDraws } from "@shwe/domain";
import type { AppContext } from "../../app-context.ts";
import { isDatabaseUnavailable } from "../../db/unavailable.ts";
import {
  closeDueDraws,
  type DrawRow,
  findDrawAt,
  insertDrawIfMissing,
  selectDrawsAwaitingResult,
  selectDrawsToSettle,
  selectDrawTimesAfter,
} from "./draws.repository.ts";
import { type FairSeed, freshFairSeed, shareSeedWithDerivedDraws } from "./fair-seeds.ts";
import { type FeedFetcher, fetchFeedJson } from "./feed.ts";
import { type GameConfig, readGames } from "./lottery-config.ts";
import { fetchFeedResult, revealFairDraw } from "./results.service.ts";
import { settleDraw } from "./settlement.service.ts";

/**
 * The draw scheduler. Each tick, with the engine clock (ctx.clock):
 *   1. creates the draws of every enabled game ahead of time from its schedule (off days have none);
 *      a fair draw gets its secret seed and publishes the seed's commitment right away (a 1D / crypto 1D
 *      draw shares the seed and commitment of the 2D / crypto 2D draw at the same time; a 2D draw made
 *      again after a schedule change gives its seed to the waiting 1D draw at its time unless somebody
 *      already bet on that one: see shareSeedWithDerivedDraws);
 *   2. marks open draws past their cut-off closed (informational: bets check the database clock);
 *   3. gives draws past their draw time their result: fair → reveal; feed → fetch (retried, and
 *      left closed for an operator when it keeps failing); manual → waits for the operators;
 *   4. settles every draw whose result is final.
 * Any number of server processes may tick at once: draw creation, results and settlement are each
 * decided under the draw's row lock and unique keys.
 */
export interface SchedulerOptions {
  fetchFeed?: FeedFetcher;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Draws are created this far ahead (at least the next two of each game). */
  horizonMs?: number;
  /** A failed feed is asked again after this long. */
  feedRetryMs?: number;
  /** A feed is given up (left for manual entry) after this many failed attempts. */
  feedMaxAttempts?: number;
}

export interface TickReport {
  created: number;
  closed: number;
  resulted: number;
  settled: number;
  errors: number;
}

export interface DrawScheduler {
  tick(): Promise<TickReport>;
  /** Ticks every `intervalMs` until stop(); a tick never overlaps the previous one. */
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

const MIN_AHEAD = 2;
const MAX_AHEAD = 64;
const DAY = 86_400_000;

export function createDrawScheduler(ctx: AppContext, opts: SchedulerOptions = {}): DrawScheduler {
  const fetchFeed = opts.fetchFeed ?? fetchFeedJson;
  const horizonMs = opts.horizonMs ?? 3 * DAY;
  const feedRetryMs = opts.feedRetryMs ?? 60_000;
  const feedMaxAttempts = opts.feedMaxAttempts ?? 30;
  const log = opts.log ?? { warn: () => undefined, error: () => undefined };
  let running: Promise<TickReport> | undefined;
  let timer: NodeJS.Timeout | undefined;
  /** Set when a step of the current tick failed because the database is away. */
  let outageInTick = false;

  /** A failed step: the database being away goes to the outage log (once per outage), anything else is an error line. */
  function failed(err: unknown, obj: object, msg: string): void {
    if (!isDatabaseUnavailable(err)) {
      log.error({ err, ...obj }, msg);
      return;
    }
    outageInTick = true;
    ctx.dbOutage.failed("lottery", err, obj, msg);
  }

  /**
   * The seed of a new fair draw. A 1D / crypto 1D draw shares the secret seed and the commitment of
   * the fair 2D / crypto 2D draw at the same time, so its number (the last digit of that draw's) is
   * committed to before betting opens; without such a draw it gets a seed of its own.
   */
  async function fairCommitmentFor(type: LotteryType, at: Date): Promise<FairSeed> {
    const sourceType = DERIVED_FAIR_SOURCE[type];
    const source = sourceType ? await findDrawAt(ctx.db, sourceType, at) : undefined;
    if (source?.resultSource === "fair" && source.fairSeedSecret && source.fairCommitment && source.result === null) {
      return { seed: source.fairSeedSecret, commitment: source.fairCommitment };
    }
    return freshFairSeed();
  }

  async function ensureDraws(game: GameConfig, now: Date): Promise<number> {
    if (!game.enabled || !game.schedule) return 0;
    const wanted = nextDraws(game.schedule, now, MAX_AHEAD).filter((d, i) => i < MIN_AHEAD || d.at.getTime() <= now.getTime() + horizonMs);
    const existing = await selectDrawTimesAfter(ctx.db, game.type, now);
    let created = 0;
    for (const d of wanted) {
      if (existing.has(d.at.getTime())) continue;
      const fair = game.resultSource === "fair" ? await fairCommitmentFor(game.type, d.at) : null;
      const made = await ctx.db.transaction(async (tx) => {
        const id = await insertDrawIfMissing(tx, {
          type: game.type,
          drawAt: d.at,
          closesAt: d.closesAt,
          status: d.closesAt.getTime() <= now.getTime() ? "closed" : "open",
          odds: game.odds,
          resultSource: game.resultSource,
          fairSeedSecret: fair?.seed ?? null,
          fairCommitment: fair?.commitment ?? null,
        });
        if (id === undefined) return undefined;
        // A 2D draw made again after a schedule change: the waiting 1D draw at its time takes its seed unless it has bets.
        return { id, kept: fair && !DERIVED_FAIR_SOURCE[game.type] ? await shareSeedWithDerivedDraws(tx, game.type, id, fair) : [] };
      });
      if (!made) continue;
      created++;
      for (const drawId of made.kept) {
        log.warn(
          { draw_id: drawId, source_draw_id: made.id },
          "a draw with bets keeps its own fair commitment: its number is drawn on its own id",
        );
      }
    }
    return created;
  }

  function feedDue(draw: DrawRow, now: Date): boolean {
    if (draw.feedAttempts >= feedMaxAttempts) return false;
    return draw.feedAttemptedAt === null || now.getTime() - draw.feedAttemptedAt.getTime() >= feedRetryMs;
  }

  async function resultDueDraws(now: Date, report: TickReport): Promise<void> {
    // A 1D draw waits for the 2D draw at the same time, so those come after the others.
    const due = await selectDrawsAwaitingResult(ctx.db, now, feedMaxAttempts, 50);
    const ordered = [...due.filter((d) => !DERIVED_FAIR_SOURCE[d.type]), ...due.filter((d) => DERIVED_FAIR_SOURCE[d.type])];
    for (const draw of ordered) {
      try {
        let done = false;
        if (draw.fairSeedSecret) done = await revealFairDraw(ctx, draw);
        else if (draw.resultSource === "feed" && feedDue(draw, now)) done = await fetchFeedResult(ctx, draw, fetchFeed);
        if (done) report.resulted++;
      } catch (err) {
        report.errors++;
        failed(err, { draw_id: draw.id }, "lottery result failed");
      }
    }
  }

  async function runTick(report: TickReport): Promise<TickReport> {
    const now = ctx.clock.now();
    // 2D and crypto 2D first: the 1D draws at the same times take their commitments.
    const games = await readGames(ctx.db);
    const ordered = [...games.filter((g) => !DERIVED_FAIR_SOURCE[g.type]), ...games.filter((g) => DERIVED_FAIR_SOURCE[g.type])];
    for (const game of ordered) {
      try {
        report.created += await ensureDraws(game, now);
      } catch (err) {
        report.errors++;
        failed(err, { type: game.type }, "lottery draw creation failed");
      }
      if (game.enabled && game.scheduleError) log.warn({ type: game.type, problem: game.scheduleError }, "unusable lottery schedule");
    }
    report.closed = (await closeDueDraws(ctx.db, now)).length;
    await resultDueDraws(now, report);
    for (const drawId of await selectDrawsToSettle(ctx.db, 20)) {
      try {
        if ((await settleDraw(ctx, drawId)) === "settled") report.settled++;
      } catch (err) {
        report.errors++;
        failed(err, { draw_id: drawId }, "lottery settlement failed");
      }
    }
    return report;
  }

  const tick = (): Promise<TickReport> => {
    if (running) return running;
    const report: TickReport = { created: 0, closed: 0, resulted: 0, settled: 0, errors: 0 };
    outageInTick = false;
    running = runTick(report).finally(() => {
      running = undefined;
      // What the tick committed (new, closed, resulted or settled draws) shows at once on the public
      // lottery pages of this process, even when a later step failed.
      if (report.created + report.closed + report.resulted + report.settled > 0) ctx.publicCache.invalidate("lottery");
    });
    return running;
  };

  return {
    tick,
    start(intervalMs) {
      if (timer) return;
      const run = () => {
        void tick().then(
          () => {
            if (!outageInTick) ctx.dbOutage.reached("lottery");
          },
          (err: unknown) => failed(err, {}, "lottery tick failed"),
        );
      };
      run();
      timer = setInterval(run, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}
