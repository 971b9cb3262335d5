import type { HolidayImportBody, HolidayImportResult, HolidayMarket, LotteryType } from "@shwe/contracts";
import { HolidayFileError, parseHolidayFile, yangonDate, yangonInstant } from "@shwe/domain";
import type { AppContext } from "../../app-context.ts";
import { refused } from "../../lib/errors.ts";
import type { Actor } from "../content/audit.service.ts";
import { withMoneyTx } from "../ledger/ledger.service.ts";
import { addOffDaysInTx } from "./admin-games.service.ts";
import { selectWaitingDrawsWithBets } from "./holidays.repository.ts";
import { readGame } from "./lottery-config.ts";

/**
 * The exchange's holiday file (CSV or iCalendar) as off days of the games that follow that market:
 * a preview first, then the whole file in one transaction (draws on those days removed, or voided
 * with refunds when they have bets; audited per game).
 */

/** The games that follow each market: 2D and 1D are read from the Stock Exchange of Thailand's SET index. */
export const MARKET_GAMES: Record<HolidayMarket, readonly LotteryType[]> = { SET: ["2D", "1D"] };

const DAY_MS = 86_400_000;

function readFile(ctx: AppContext, body: HolidayImportBody) {
  const bytes = Buffer.from(body.content_base64, "base64");
  try {
    return parseHolidayFile(bytes, { today: yangonDate(ctx.clock.now()), ...(body.file_name ? { fileName: body.file_name } : {}) });
  } catch (err) {
    if (!(err instanceof HolidayFileError)) throw err;
    throw refused(err.code, `The holiday file was refused. ${err.message.charAt(0).toUpperCase()}${err.message.slice(1)}`, {
      ...(err.line === undefined ? {} : { line: err.line }),
    });
  }
}

/** POST /api/admin/lottery/markets/{market}/holidays: previews (apply false) or applies a holiday file. */
export async function importHolidays(
  ctx: AppContext,
  market: HolidayMarket,
  body: HolidayImportBody,
  actor: Actor,
): Promise<HolidayImportResult> {
  const holidays = readFile(ctx, body);
  const games = MARKET_GAMES[market];
  const configs = await Promise.all(games.map((type) => readGame(ctx.db, type)));
  const first = holidays[0]?.day ?? yangonDate(ctx.clock.now());
  const last = holidays[holidays.length - 1]?.day ?? first;
  const withBets = await selectWaitingDrawsWithBets(
    ctx.db,
    games,
    yangonInstant(first, "00:00"),
    new Date(yangonInstant(last, "00:00").getTime() + DAY_MS),
  );
  const rows = holidays.map((h) => {
    const newFor = games.filter((_, i) => !(configs[i]?.schedule?.off_days ?? []).includes(h.day));
    return {
      day: h.day,
      name: h.name,
      line: h.line,
      new_for: newFor,
      draws_with_bets: withBets.filter((d) => newFor.includes(d.type) && yangonDate(d.drawAt) === h.day).length,
    };
  });
  if (!body.apply) return { market, games: [...games], holidays: rows, applied: false, voided_draw_ids: [] };

  const days = holidays.map((h) => h.day);
  const { voided_draw_ids } = await withMoneyTx(ctx.db, (tx) =>
    addOffDaysInTx(
      tx,
      ctx,
      games.map((type) => ({ type, days })),
      actor,
      { market, file_name: body.file_name ?? null, holidays: holidays.map((h) => ({ day: h.day, name: h.name })) },
    ),
  );
  return { market, games: [...games], holidays: rows, applied: true, voided_draw_ids };
}
