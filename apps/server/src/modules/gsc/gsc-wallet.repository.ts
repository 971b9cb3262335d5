import { sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";

/**
 * Rows of the GSC+ seamless wallet (schema/gsc.ts). Exact amounts travel as bigint (ten-thousandths of
 * a kyat) and are sent to the database as decimal text cast to bigint, so no driver ever sees a float.
 */

const big = (v: bigint) => sql`${v.toString()}::bigint`;
const toBig = (v: unknown): bigint => (v === null || v === undefined ? 0n : BigInt(v as string | number | bigint));

export interface GscParties {
  /** The product's catalogue row (p_code GSC<product_code>), if catalogued. */
  provider: { active: boolean; maintenance: boolean; freeRoundCredits: boolean } | undefined;
  player: { id: number; blocked: boolean } | undefined;
  /** The ledger's game balance (whole kyat), the remainder and the debt: the exact balance's parts. */
  kyat: bigint;
  remainder: bigint;
  debt: bigint;
  pointsSetting: unknown;
}

/** The member's user id (user_code = member_account), if there is such a player. */
export async function findMemberId(db: Executor, userCode: string): Promise<number | undefined> {
  const res = await db.execute(sql`select id from users where user_code = ${userCode} limit 1`);
  const row = rowsOf<{ id: number | string }>(res)[0];
  return row ? Number(row.id) : undefined;
}

/**
 * The product, the member (user_code) and the member's exact balance parts, in one read; with the
 * stored value of the points rate setting (its key: `pointsSettingKey`).
 */
export async function findGscParties(db: Executor, providerCode: string, userCode: string, pointsSettingKey: string): Promise<GscParties> {
  const res = await db.execute(sql`
    select p.active, p.maintenance, p.free_round_credits, u.id as user_id, u.blocked,
           (select a.balance from ledger_accounts a where a.user_id = u.id and a.kind = 'game') as game_balance,
           w.remainder_e4, w.debt_e4,
           (select s.value from settings s where s.key = ${pointsSettingKey}) as points_setting
      from (select 1) as one
      left join lateral (select active, maintenance, free_round_credits from providers where upper(code) = ${providerCode.toUpperCase()} limit 1) as p on true
      left join lateral (select id, blocked from users where user_code = ${userCode} limit 1) as u on true
      left join gsc_wallets w on w.user_id = u.id`);
  const row = rowsOf<{
    active: boolean | null;
    maintenance: boolean | null;
    free_round_credits: boolean | null;
    user_id: number | string | null;
    blocked: boolean | null;
    game_balance: number | string | null;
    remainder_e4: number | string | null;
    debt_e4: number | string | null;
    points_setting: unknown;
  }>(res)[0];
  return {
    provider:
      row && row.active !== null
        ? { active: row.active === true, maintenance: row.maintenance === true, freeRoundCredits: row.free_round_credits === true }
        : undefined,
    player: row && row.user_id !== null ? { id: Number(row.user_id), blocked: row.blocked === true } : undefined,
    kyat: toBig(row?.game_balance),
    remainder: toBig(row?.remainder_e4),
    debt: toBig(row?.debt_e4),
    pointsSetting: row?.points_setting ?? null,
  };
}

/** The exact balance parts of a player, unlocked (answers after a refusal). */
export async function readExactParts(db: Executor, userId: number): Promise<{ kyat: bigint; remainder: bigint; debt: bigint }> {
  const res = await db.execute(sql`
    select (select a.balance from ledger_accounts a where a.user_id = ${userId} and a.kind = 'game') as game_balance,
           (select w.remainder_e4 from gsc_wallets w where w.user_id = ${userId}) as remainder_e4,
           (select w.debt_e4 from gsc_wallets w where w.user_id = ${userId}) as debt_e4`);
  const row = rowsOf<{ game_balance: unknown; remainder_e4: unknown; debt_e4: unknown }>(res)[0];
  return { kyat: toBig(row?.game_balance), remainder: toBig(row?.remainder_e4), debt: toBig(row?.debt_e4) };
}

export interface GscClaim {
  transactionId: string;
  userId: number;
  productCode: number;
  action: string;
  wagerCode: string | null;
  roundId: string | null;
  gameCode: string | null;
  currency: string;
  requestHash: string;
  request: unknown;
}

/**
 * Claims an aggregator transaction id (INSERT … ON CONFLICT DO NOTHING). A concurrent claim of the
 * same id waits here until the first commits (then finds it taken) or rolls back (then takes it).
 * Answers the new row's id, or undefined when the id is already applied.
 */
export async function claimGscTransaction(tx: Executor, c: GscClaim): Promise<number | undefined> {
  const res = await tx.execute(sql`
    insert into gsc_transactions (transaction_id, user_id, product_code, action, wager_code, round_id, game_code, currency,
                                  amount_e4, request_hash, request)
    values (${c.transactionId}, ${c.userId}, ${c.productCode}, ${c.action}, ${c.wagerCode}, ${c.roundId}, ${c.gameCode},
            ${c.currency}, 0, ${c.requestHash}, ${JSON.stringify(c.request)}::jsonb)
    on conflict (transaction_id) do nothing
    returning id`);
  const row = rowsOf<{ id: number | string }>(res)[0];
  return row === undefined ? undefined : Number(row.id);
}

export async function findGscTransaction(
  db: Executor,
  transactionId: string,
): Promise<{ requestHash: string; userId: number; action: string } | undefined> {
  const res = await db.execute(
    sql`select request_hash, user_id, action from gsc_transactions where transaction_id = ${transactionId} limit 1`,
  );
  const row = rowsOf<{ request_hash: string; user_id: number | string; action: string }>(res)[0];
  return row ? { requestHash: row.request_hash, userId: Number(row.user_id), action: row.action } : undefined;
}

export interface GscFinish {
  amountE4: bigint;
  kyatMoved: bigint;
  journalId: number | null;
  roundRef: number | null;
  beforeE4: bigint;
  afterE4: bigint;
}

export async function finishGscTransaction(tx: Executor, id: number, f: GscFinish): Promise<void> {
  await tx.execute(sql`
    update gsc_transactions
       set amount_e4 = ${big(f.amountE4)}, kyat_moved = ${big(f.kyatMoved)}, journal_id = ${f.journalId}, round_ref = ${f.roundRef},
           balance_before_e4 = ${big(f.beforeE4)}, balance_after_e4 = ${big(f.afterE4)}
     where id = ${id}`);
}

/** The player's remainder and debt row, created if new, locked (after the users row, before the ledger accounts). */
export async function lockGscWallet(tx: Executor, userId: number): Promise<{ remainder: bigint; debt: bigint }> {
  const res = await tx.execute(sql`
    insert into gsc_wallets (user_id) values (${userId})
    on conflict (user_id) do update set updated_at = gsc_wallets.updated_at
    returning remainder_e4, debt_e4`);
  const row = rowsOf<{ remainder_e4: unknown; debt_e4: unknown }>(res)[0];
  return { remainder: toBig(row?.remainder_e4), debt: toBig(row?.debt_e4) };
}

export async function saveGscWallet(tx: Executor, userId: number, s: { remainder: bigint; debt: bigint }): Promise<void> {
  await tx.execute(sql`
    update gsc_wallets
       set remainder_e4 = ${big(s.remainder)}, debt_e4 = ${big(s.debt)}, updated_at = now(),
           debt_since = case when ${big(s.debt)} = 0 then null else coalesce(debt_since, now()) end
     where user_id = ${userId}`);
}

export interface WagerRow {
  id: number;
  userId: number;
  roundRef: number | null;
  betE4: bigint;
  payoutE4: bigint;
  hasBet: boolean;
  cancelledBeforeBet: boolean;
  currency: string | null;
  wagerStatus: string | null;
}

type RawWager = {
  id: number | string;
  user_id: number | string;
  round_ref: number | string | null;
  bet_e4: unknown;
  payout_e4: unknown;
  has_bet: boolean;
  cancelled_before_bet: boolean;
  currency: string | null;
  wager_status: string | null;
};

function wagerOf(r: RawWager | undefined): WagerRow | undefined {
  if (!r) return undefined;
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    roundRef: r.round_ref === null ? null : Number(r.round_ref),
    betE4: toBig(r.bet_e4),
    payoutE4: toBig(r.payout_e4),
    hasBet: r.has_bet === true,
    cancelledBeforeBet: r.cancelled_before_bet === true,
    currency: r.currency,
    wagerStatus: r.wager_status,
  };
}

const WAGER_COLUMNS = sql.raw("id, user_id, round_ref, bet_e4, payout_e4, has_bet, cancelled_before_bet, currency, wager_status");

/** The wager, created if new (for this player), locked. A wager of another player is answered as it is. */
export async function ensureAndLockWager(
  tx: Executor,
  w: { productCode: number; wagerCode: string; userId: number; currency: string | null },
): Promise<WagerRow> {
  const res = await tx.execute(sql`
    insert into gsc_wagers (product_code, wager_code, user_id, currency) values (${w.productCode}, ${w.wagerCode}, ${w.userId}, ${w.currency})
    on conflict (product_code, wager_code) do update set updated_at = gsc_wagers.updated_at
    returning ${WAGER_COLUMNS}`);
  const row = wagerOf(rowsOf<RawWager>(res)[0]);
  if (!row) throw new Error(`wager ${w.productCode}/${w.wagerCode} vanished`);
  return row;
}

/** The wager, locked, if it exists. */
export async function lockWager(tx: Executor, productCode: number, wagerCode: string): Promise<WagerRow | undefined> {
  const res = await tx.execute(
    sql`select ${WAGER_COLUMNS} from gsc_wagers where product_code = ${productCode} and wager_code = ${wagerCode} for update`,
  );
  return wagerOf(rowsOf<RawWager>(res)[0]);
}

export interface WagerPatch {
  roundRef?: number | null;
  betE4?: bigint;
  payoutE4?: bigint;
  hasBet?: boolean;
  wagerStatus?: string | null;
  currency?: string | null;
}

export async function updateWager(tx: Executor, id: number, p: WagerPatch): Promise<void> {
  const sets = [sql`updated_at = now()`];
  if (p.roundRef !== undefined) sets.push(sql`round_ref = ${p.roundRef}`);
  if (p.betE4 !== undefined) sets.push(sql`bet_e4 = ${big(p.betE4)}`);
  if (p.payoutE4 !== undefined) sets.push(sql`payout_e4 = ${big(p.payoutE4)}`);
  if (p.hasBet !== undefined) sets.push(sql`has_bet = ${p.hasBet}`);
  if (p.wagerStatus !== undefined && p.wagerStatus !== null) sets.push(sql`wager_status = ${p.wagerStatus}`);
  if (p.currency !== undefined && p.currency !== null) sets.push(sql`currency = coalesce(currency, ${p.currency})`);
  await tx.execute(sql`update gsc_wagers set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

/**
 * A CANCEL names this wager: the row is created if new, or locked, and marked cancelled-before-bet
 * when no bet was applied on it (answered 1006; a later bet on it is refused). A bet in flight on the
 * same wager is waited for first (the unique index), so a cancel racing its bet either finds the bet
 * (and refunds it) or marks the wager before the bet can take it.
 */
export async function markCancelBeforeBet(
  tx: Executor,
  w: { productCode: number; wagerCode: string; userId: number; currency: string },
): Promise<void> {
  await tx.execute(sql`
    insert into gsc_wagers (product_code, wager_code, user_id, currency, wager_status, cancelled_before_bet)
    values (${w.productCode}, ${w.wagerCode}, ${w.userId}, ${w.currency}, 'CANCELLED', true)
    on conflict (product_code, wager_code) do update
       set cancelled_before_bet = gsc_wagers.cancelled_before_bet or (not gsc_wagers.has_bet and gsc_wagers.user_id = ${w.userId}),
           updated_at = now()`);
}

/** Stores a pushed wager snapshot (upsert by product and wager_code); answers the row. */
export async function upsertPushedWager(
  tx: Executor,
  w: { productCode: number; wagerCode: string; userId: number; currency: string | null; wagerStatus: string | null; pushed: unknown },
): Promise<WagerRow> {
  const res = await tx.execute(sql`
    insert into gsc_wagers (product_code, wager_code, user_id, currency, wager_status, pushed, pushed_at)
    values (${w.productCode}, ${w.wagerCode}, ${w.userId}, ${w.currency}, ${w.wagerStatus}, ${JSON.stringify(w.pushed)}::jsonb, now())
    on conflict (product_code, wager_code) do update
       set wager_status = coalesce(excluded.wager_status, gsc_wagers.wager_status), pushed = excluded.pushed,
           pushed_at = now(), currency = coalesce(gsc_wagers.currency, excluded.currency), updated_at = now()
    returning ${WAGER_COLUMNS}`);
  const row = wagerOf(rowsOf<RawWager>(res)[0]);
  if (!row) throw new Error(`wager ${w.productCode}/${w.wagerCode} vanished`);
  return row;
}

export interface OpenDebt {
  userId: number;
  userCode: string;
  debtE4: bigint;
  since: Date | null;
}

/** Players who owe the house after an overdrawing correction, largest debt first. */
export async function listOpenDebts(db: Executor, limit: number): Promise<OpenDebt[]> {
  const res = await db.execute(sql`
    select w.user_id, u.user_code, w.debt_e4, w.debt_since
      from gsc_wallets w join users u on u.id = w.user_id
     where w.debt_e4 > 0
     order by w.debt_e4 desc, w.user_id
     limit ${limit}`);
  return rowsOf<{ user_id: number | string; user_code: string; debt_e4: unknown; debt_since: Date | string | null }>(res).map((r) => ({
    userId: Number(r.user_id),
    userCode: r.user_code,
    debtE4: toBig(r.debt_e4),
    since: r.debt_since === null ? null : new Date(r.debt_since),
  }));
}
