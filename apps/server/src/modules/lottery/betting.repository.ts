import type { LotteryType } from "@shwe/contracts";
import { type AnyColumn, and, asc, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import type { MoneyBatcher } from "../../db/money-batch.ts";
import { draws, ledgerAccounts, numberExposure, numberRules } from "../../db/schema/index.ts";
import { pgRaisedMessage } from "../ledger/ledger.service.ts";
import type { DrawRow } from "./draws.repository.ts";

/** Writes of a bet: the exposure rows of the slip's numbers, the slip and its lines. */

export interface BetReadings {
  /** The draw row, held FOR SHARE until the transaction ends; undefined when it does not exist. */
  draw: DrawRow | undefined;
  /** Both clocks are before the draw's cut-off (openAt). */
  open: boolean;
  /** The game's hot and blocked numbers. */
  rules: { hot: Set<string>; blocked: Set<string> };
  /** What is already staked on the slip's numbers. */
  staked: Map<string, number>;
  /** The player's main balance (0 when the account does not exist yet). */
  balance: number;
}

/**
 * Whether a draw still takes bets at the server's instant `now`: the later of `now` and the database
 * clock is before its cut-off (decision 0025). A server whose clock runs late cannot accept a bet
 * after the real cut-off (the database clock closes it), and one whose clock is ahead (a test's
 * clock) closes it by its own. bet_place judges the cut-off by the same rule.
 */
function openAt(now: Date, closesAt: SQL | AnyColumn) {
  return sql<boolean>`greatest(${now.toISOString()}::timestamptz, clock_timestamp()) < ${closesAt}`;
}

/**
 * In one statement: the draw row locked FOR SHARE (results, voids and settlement wait for the bets in
 * flight), and everything a bet checks before it takes any hot row, read without locks: the cut-off
 * at `now` (openAt), the game's hot and blocked numbers, the stakes already on the slip's numbers
 * and the player's main balance. These reads only decide early refusals; the cut-off and the caps
 * are checked again under the exposure row locks (raiseExposure), the balance by the conditional debit.
 */
export async function lockDrawForBet(
  tx: Executor,
  q: { drawId: number; type: LotteryType; userId: number; numbers: readonly string[]; now: Date },
): Promise<BetReadings> {
  const numbers = sql.param([...new Set(q.numbers)]);
  const rows = await tx
    .select({
      draw: getTableColumns(draws),
      open: openAt(q.now, draws.closesAt),
      rules: sql<unknown>`(select coalesce(json_agg(json_build_array(${numberRules.number}, ${numberRules.hot}, ${numberRules.blocked})), '[]'::json)
              from ${numberRules} where ${numberRules.type} = ${q.type} and (${numberRules.hot} or ${numberRules.blocked}))`,
      staked: sql<unknown>`(select coalesce(json_agg(json_build_array(${numberExposure.number}, ${numberExposure.staked}::text)), '[]'::json)
              from ${numberExposure} where ${numberExposure.drawId} = ${q.drawId} and ${numberExposure.number} = any(${numbers}::text[]))`,
      balance: sql<number | string | null>`(select ${ledgerAccounts.balance} from ${ledgerAccounts}
              where ${ledgerAccounts.userId} = ${q.userId} and ${ledgerAccounts.kind} = 'main')`,
    })
    .from(draws)
    .where(eq(draws.id, q.drawId))
    .for("share", { of: draws });
  const row = rows[0];
  const json = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;
  const rules = json<[string, boolean, boolean][]>(row?.rules ?? []);
  return {
    draw: row?.draw,
    open: row?.open === true,
    rules: { hot: new Set(rules.filter((r) => r[1]).map((r) => r[0])), blocked: new Set(rules.filter((r) => r[2]).map((r) => r[0])) },
    staked: new Map(json<[string, string][]>(row?.staked ?? []).map(([n, v]) => [n, Number(v)])),
    balance: Number(row?.balance ?? 0),
  };
}

/** What is already staked on these numbers of a draw, read without locks (a first, optimistic check). */
export async function readExposure(tx: Executor, drawId: number, numbers: readonly string[]): Promise<Map<string, number>> {
  if (numbers.length === 0) return new Map();
  const rows = await tx
    .select({ number: numberExposure.number, staked: numberExposure.staked })
    .from(numberExposure)
    .where(and(eq(numberExposure.drawId, drawId), inArray(numberExposure.number, [...new Set(numbers)])));
  return new Map(rows.map((r) => [r.number, r.staked]));
}

/** Locks existing exposure rows in ascending number order (slips of several numbers never wait on each other in a circle). */
export async function lockExposureRows(tx: Executor, drawId: number, numbers: readonly string[]): Promise<void> {
  const sorted = [...new Set(numbers)].sort();
  if (sorted.length < 2) return;
  await tx
    .select({ number: numberExposure.number })
    .from(numberExposure)
    .where(and(eq(numberExposure.drawId, drawId), inArray(numberExposure.number, sorted)))
    .orderBy(asc(numberExposure.number))
    .for("update");
}

/**
 * In one statement, at the last moment before commit: checks that the draw is still open at `now`
 * (openAt: neither clock past the cut-off) and adds each line's stake to its number only where the
 * total stays within that number's cap. Answers whether the draw was still open and how many
 * numbers took their stake.
 */
export async function raiseExposure(
  tx: Executor,
  drawId: number,
  lines: readonly { number: string; amount: number; cap: number }[],
  now: Date,
): Promise<{ open: boolean; raised: number }> {
  const values = sql.join(
    lines.map((l) => sql`(${l.number}::text, ${l.amount}::bigint, ${l.cap}::bigint)`),
    sql`, `,
  );
  const res = await tx.execute(sql`
    with d as (select ${openAt(now, sql`closes_at`)} as open from draws where id = ${drawId}),
    v(number, amount, cap) as (values ${values}),
    u as (
      update number_exposure e set staked = e.staked + v.amount
        from v, d
       where d.open and e.draw_id = ${drawId} and e.number = v.number and e.staked + v.amount <= v.cap
      returning e.number)
    select coalesce((select open from d), false) as open, (select count(*) from u)::int as raised`);
  const row = rowsOf<{ open: boolean; raised: number }>(res)[0];
  return { open: row?.open === true, raised: Number(row?.raised ?? 0) };
}

export interface NewSlip {
  userId: number;
  drawId: number;
  type: LotteryType;
  total: number;
  uniqueKey: string | null;
}

/**
 * Inserts the slip (stamped with the database clock at this moment) and its lines in one statement,
 * together with the missing exposure rows of `exposureNumbers` (ascending, as ensureExposureRows):
 * a row another bet has just created is waited for there, before this bet holds any hot row.
 */
export async function insertSlipWithLines(
  tx: Executor,
  slip: NewSlip,
  lines: readonly { number: string; amount: number; odds: number }[],
  exposureNumbers: readonly string[] = [],
): Promise<{ id: number; createdAt: Date }> {
  const values = sql.join(
    lines.map((l) => sql`(${l.number}::text, ${l.amount}::bigint, ${l.odds}::int)`),
    sql`, `,
  );
  const exposure = [...new Set(exposureNumbers)].sort();
  const res = await tx.execute(sql`
    with x as (
      insert into number_exposure (draw_id, number, staked)
      select ${slip.drawId}, n.number, 0 from unnest(${sql.param(exposure)}::text[]) as n(number)
      on conflict do nothing
      returning 1),
    s as (
      insert into bet_slips (user_id, draw_id, type, total, unique_key, created_at)
      values (${slip.userId}, ${slip.drawId}, ${slip.type}, ${slip.total}, ${slip.uniqueKey}, clock_timestamp())
      returning id, created_at),
    l as (
      insert into bet_lines (slip_id, draw_id, user_id, number, amount, odds)
      select s.id, ${slip.drawId}, ${slip.userId}, v.number, v.amount, v.odds from s cross join (values ${values}) as v(number, amount, odds)
      returning 1)
    select id, created_at, (select count(*) from l)::int as lines, (select count(*) from x)::int as exposure_rows from s`);
  const row = rowsOf<{ id: number | string; created_at: Date | string; lines: number }>(res)[0];
  if (!row || Number(row.lines) !== lines.length) throw new Error("bet slip insert failed");
  return { id: Number(row.id), createdAt: new Date(row.created_at) };
}

export interface OneCallBet {
  userId: number;
  type: LotteryType;
  drawId: number;
  lines: readonly { number: string; amount: number }[];
  /** The cap of a number that is not hot, and of a hot one (already the smaller of the two). */
  numberCap: number;
  hotCap: number;
  /** The game's off days (YYYY-MM-DD, Asia/Yangon): a draw on one of them takes no bets. */
  offDays: readonly string[];
  fingerprint: { game: string; limits: string | null; limitsKey: string };
  idempotency: { key: string; route: string; requestHash: string } | null;
  house: string;
  accountKinds: number;
  /** The server's instant (ctx.clock): the break is judged by it, the cut-off by openAt's rule. */
  now: Date;
}

/** bet_place handed a slip back (SQLSTATE SWB01); its message says why (betPlaceReasonOf). */
export const BET_PLACE_FALLBACK = "SWB01";

/**
 * Why bet_place hands a slip back, in the order the general path judges a slip (migration 0039,
 * decision 0023). A reason is either final (the general path would refuse the slip, and the server
 * answers the refusal from the reason and its data) or sends the slip to the general path.
 */
export const BET_PLACE_REASONS = [
  "SHAPE",
  "SELF_EXCLUDED",
  "PROTECTED",
  "KEY_TAKEN",
  "STALE_CONFIG",
  "DRAW_MISSING",
  "WRONG_GAME",
  "OFF_DAY",
  "DRAW_CLOSED",
  "BLOCKED",
  "ACCOUNTS",
  "HOUSE_ACCOUNT",
  "FUNDS",
  "CLOSED_LATE",
  "OVER_LIMIT",
] as const;
export type BetPlaceReasonCode = (typeof BET_PLACE_REASONS)[number];

/**
 * What the general path judges a slip's lines and balance by, as bet_place read it at the refusal:
 * the slip's hot and blocked numbers, what the draw held on each of its numbers before this slip,
 * and the player's main balance before this slip.
 */
export interface BetPlaceReadings {
  hot: string[];
  blocked: string[];
  staked: Record<string, number>;
  balance: number;
}

export type BetPlaceReason =
  | { code: "SELF_EXCLUDED"; until: Date | null; indefinite: boolean }
  | { code: "WRONG_GAME"; drawType: string }
  | { code: "BLOCKED" | "FUNDS" | "OVER_LIMIT"; readings: BetPlaceReadings }
  | { code: Exclude<BetPlaceReasonCode, "SELF_EXCLUDED" | "WRONG_GAME" | "BLOCKED" | "FUNDS" | "OVER_LIMIT"> };

const REASON_MESSAGE = /^bet_place: ([A-Z_]+)(?: (\{.*\}))?$/s;

/**
 * The reason of a bet_place hand-back (SQLSTATE SWB01, through the money batch or a statement of its
 * own), or undefined for any other error or a message this server does not know (the caller then
 * takes the general path, as for every hand-back before reasons existed).
 */
export function betPlaceReasonOf(err: unknown): BetPlaceReason | undefined {
  const message = pgRaisedMessage(err, BET_PLACE_FALLBACK);
  return message === undefined ? undefined : reasonOfMessage(message);
}

function reasonOfMessage(message: string): BetPlaceReason | undefined {
  const m = REASON_MESSAGE.exec(message);
  const code = m?.[1] as BetPlaceReasonCode | undefined;
  if (!code || !(BET_PLACE_REASONS as readonly string[]).includes(code)) return undefined;
  const data = m?.[2] === undefined ? {} : (JSON.parse(m[2]) as Record<string, unknown>);
  switch (code) {
    case "SELF_EXCLUDED":
      return {
        code,
        until: typeof data.until_ms === "number" ? new Date(data.until_ms) : null,
        indefinite: data.indefinite === true,
      };
    case "WRONG_GAME":
      return typeof data.draw_type === "string" ? { code, drawType: data.draw_type } : undefined;
    case "BLOCKED":
    case "FUNDS":
    case "OVER_LIMIT": {
      const staked = (data.staked ?? {}) as Record<string, number | string>;
      return {
        code,
        readings: {
          hot: (data.hot ?? []) as string[],
          blocked: (data.blocked ?? []) as string[],
          staked: Object.fromEntries(Object.entries(staked).map(([n, v]) => [n, Number(v)])),
          balance: Number(data.balance ?? 0),
        },
      };
    }
    default:
      return { code };
  }
}

/**
 * A whole bet in one statement: bet_place (migration 0006) takes the same locks in the same order as
 * placeBet and writes the same rows, or raises SWB01 having written nothing, saying why (betPlaceReasonOf).
 */
export async function placeBetInOneCall(
  db: Executor,
  b: OneCallBet,
  batcher?: MoneyBatcher,
): Promise<{ slipId: number; total: number; balance: number; journalId: number }> {
  if (batcher) {
    // Group commit: the same call, in the next shared statement (money_batch, migration 0022).
    const args = [
      b.userId,
      b.type,
      b.drawId,
      b.lines.map((l) => l.number),
      b.lines.map((l) => l.amount),
      b.numberCap,
      b.hotCap,
      [...b.offDays],
      b.fingerprint.game,
      b.fingerprint.limitsKey,
      b.fingerprint.limits,
      b.idempotency?.key ?? null,
      b.idempotency?.route ?? null,
      b.idempotency?.requestHash ?? null,
      b.house,
      b.accountKinds,
      b.now.toISOString(),
    ];
    return placedOf(await batcher.run({ fn: "bet_place", args }));
  }
  const res = await db.execute(sql`
    select out_slip_id, out_total, out_balance, out_journal_id from bet_place(
      ${b.userId}::bigint, ${b.type}::text, ${b.drawId}::bigint,
      ${sql.param(b.lines.map((l) => l.number))}::text[], ${sql.param(b.lines.map((l) => l.amount))}::bigint[],
      ${b.numberCap}::bigint, ${b.hotCap}::bigint, ${sql.param([...b.offDays])}::text[],
      ${b.fingerprint.game}::text, ${b.fingerprint.limitsKey}::text, ${b.fingerprint.limits}::text,
      ${b.idempotency?.key ?? null}::text, ${b.idempotency?.route ?? null}::text, ${b.idempotency?.requestHash ?? null}::text,
      ${b.house}::text, ${b.accountKinds}::int, ${b.now.toISOString()}::timestamptz)`);
  const row = rowsOf<{
    out_slip_id: number | string;
    out_total: number | string;
    out_balance: number | string;
    out_journal_id: number | string;
  }>(res)[0];
  if (!row) throw new Error("bet_place answered nothing");
  return placedOf(row);
}

function placedOf(row: Record<string, unknown>): { slipId: number; total: number; balance: number; journalId: number } {
  return {
    slipId: Number(row.out_slip_id),
    total: Number(row.out_total),
    balance: Number(row.out_balance),
    journalId: Number(row.out_journal_id),
  };
}
