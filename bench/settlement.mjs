import { sql } from "drizzle-orm";
import { rowsOf } from "../apps/server/src/db/client.ts";
import { auditLedger } from "../apps/server/src/modules/ledger/audit.ts";
import { placeBet } from "../apps/server/src/modules/lottery/betting.service.ts";
import { findDraw } from "../apps/server/src/modules/lottery/draws.repository.ts";
import { revealFairDraw } from "../apps/server/src/modules/lottery/results.service.ts";
import { settleDraw } from "../apps/server/src/modules/lottery/settlement.service.ts";
import { createScratchDatabase, serverVersion } from "./lib/database.mjs";
import { count, createOpenDraw, createPlayers, openContext, setLimits } from "./lib/players.mjs";
import { log } from "./lib/setup.mjs";
import { round, writeResult } from "./lib/statistics.mjs";

/**
 * Benchmark 5, settlement: 1,000 players each place one 2D slip of 100 lines (00–99) through the betting
 * service, so the draw holds 100,000 bet lines; the fair result is revealed and settleDraw (the service the
 * scheduler and the operator's confirm call) is timed until the draw is settled; then the ledger auditor
 * must find nothing. Reference in the same run: one bare UPDATE of 100,000 rows on the same server.
 */
const NAME = "settlement";
const PLAYERS = 1000;
const LINES_PER_SLIP = 100;
const PARALLEL = 8;
const TIME_LIMIT_MS = 240_000;

const db = await createScratchDatabase();
let context;
try {
  context = await openContext(db.url, { poolSize: PARALLEL + 2, prepare: true });
  const { ctx } = context;
  log(NAME, `creating ${PLAYERS} players`);
  const players = await createPlayers(ctx, PLAYERS, { main: 1_000_000 });
  await setLimits(ctx, "2D", { max_lines: LINES_PER_SLIP, number_cap: 1_000_000_000_000, hot_cap: 1_000_000_000_000 });
  const drawId = await createOpenDraw(ctx, { closesIn: 3600 });

  log(NAME, `placing ${PLAYERS} slips of ${LINES_PER_SLIP} lines`);
  const lines = Array.from({ length: LINES_PER_SLIP }, (_, i) => ({ number: String(i).padStart(2, "0"), amount: 100 }));
  const betStarted = performance.now();
  let next = 0;
  const deadline = Date.now() + TIME_LIMIT_MS;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < players.length && Date.now() < deadline) {
        const player = players[next++];
        await placeBet(ctx, player.id, "2D", { draw_id: drawId, lines }, `bench-${player.id}`);
      }
    }),
  );
  const betSeconds = (performance.now() - betStarted) / 1000;
  const lineCount = await count(ctx, sql`select count(*)::int as n from bet_lines where draw_id = ${drawId}`);
  log(NAME, `${lineCount} lines placed in ${round(betSeconds)} s`);

  await ctx.db.execute(sql`
    update draws set closes_at = clock_timestamp() - interval '2 seconds', draw_at = clock_timestamp() - interval '1 second'
     where id = ${drawId}`);
  const draw = await findDraw(ctx.db, drawId);
  if (!draw || !(await revealFairDraw(ctx, draw))) throw new Error("the fair result could not be revealed");

  log(NAME, "settling");
  const started = performance.now();
  const outcome = await settleDraw(ctx, drawId);
  const settleSeconds = (performance.now() - started) / 1000;
  const byStatus = rowsOf(
    await ctx.db.execute(sql`select status, count(*)::int as n from bet_lines where draw_id = ${drawId} group by status order by status`),
  );
  const audit = await auditLedger(ctx.db);
  const linesPerS = round(lineCount / settleSeconds);

  // Reference: the bare cost of touching as many rows once, on the same server.
  await ctx.db.execute(sql`create table bench_lines as select g as id, 'pending'::text as status from generate_series(1, ${lineCount}) g`);
  await ctx.db.execute(sql`alter table bench_lines add primary key (id)`);
  const refStarted = performance.now();
  await ctx.db.execute(sql`update bench_lines set status = case when id % 100 = 7 then 'won' else 'lost' end`);
  const refSeconds = (performance.now() - refStarted) / 1000;
  await ctx.db.execute(sql`drop table bench_lines`);

  const passes = outcome === "settled" && lineCount >= 100_000 && settleSeconds <= 5 && audit.violations.length === 0;
  const file = writeResult(NAME, {
    database: await serverVersion(),
    settings: { players: PLAYERS, lines_per_slip: LINES_PER_SLIP, amount: 100, parallel_bettors: PARALLEL },
    placing: { lines: lineCount, seconds: round(betSeconds, 2), lines_per_s: round(lineCount / betSeconds) },
    settlement: { outcome, seconds: round(settleSeconds, 2), lines_per_s: linesPerS, lines_by_status: byStatus },
    audit: { violations: audit.violations.length, sample: audit.violations.slice(0, 5) },
    reference: { what: "one bare UPDATE of the same number of rows (won/lost) on the same server", seconds: round(refSeconds, 3) },
    rows: [
      {
        metric: `settle ${lineCount.toLocaleString("en-US")} lines`,
        figure: round(settleSeconds, 2),
        unit: "s",
        reference_label: "bare UPDATE of as many rows",
        reference: round(refSeconds, 3),
        reference_unit: "s",
        ratio: round(settleSeconds / refSeconds, 1),
        target: "≤ 5 s, auditor clean",
        pass: passes,
      },
      { metric: "settlement lines/s", figure: linesPerS, unit: "lines/s" },
      { metric: "ledger auditor violations after", figure: audit.violations.length, target: "0", pass: audit.violations.length === 0 },
    ],
  });
  log(
    NAME,
    `${outcome}: ${lineCount} lines in ${round(settleSeconds, 2)} s (${linesPerS}/s), auditor ${audit.violations.length} violations; ${file}`,
  );
} finally {
  await context?.close();
  await db.drop();
}
