import { DEFAULT_FARMING_RULE, type FarmingGroup, type FarmingRule, type RefereeOrigin } from "@shwe/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { auditLog, referralHolds, settings, signInOrigins, signupOrigins, users } from "../../db/schema/index.ts";
import { yangonDayOf, yangonDaysStart } from "../../db/yangon-day.ts";

/** Operator settings of the farming rule (settings table); missing or malformed values read as the defaults. */
export const FARMING_THRESHOLD_KEY = "referral.farming_threshold";
export const FARMING_WINDOW_HOURS_KEY = "referral.farming_window_hours";

const HOUR = 3_600_000;

export async function readFarmingRule(db: Executor): Promise<FarmingRule> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [FARMING_THRESHOLD_KEY, FARMING_WINDOW_HOURS_KEY]));
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const int = (v: unknown, min: number, max: number) =>
    typeof v === "number" && Number.isInteger(v) && v >= min && v <= max ? v : undefined;
  const threshold = int(byKey.get(FARMING_THRESHOLD_KEY), 2, 100) ?? DEFAULT_FARMING_RULE.threshold;
  const hours = int(byKey.get(FARMING_WINDOW_HOURS_KEY), 1, 720);
  return { threshold, windowMs: hours === undefined ? DEFAULT_FARMING_RULE.windowMs : hours * HOUR };
}

export async function writeFarmingRule(tx: Executor, threshold: number, windowHours: number): Promise<void> {
  for (const [key, value] of [
    [FARMING_THRESHOLD_KEY, threshold],
    [FARMING_WINDOW_HOURS_KEY, windowHours],
  ] as const) {
    await tx
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  }
}

export interface SignupOrigin {
  userId: number;
  referredBy: number | null;
  deviceId: string | null;
  ip: string | null;
  ipRange: string | null;
  userAgent: string | null;
}

/** How long sign-in origins are kept (housekeeping). */
export const SIGN_IN_ORIGIN_RETENTION_DAYS = 90;

export async function insertSignInOrigin(tx: Executor, o: { userId: number; ip: string; userAgent: string | null }): Promise<void> {
  await tx.insert(signInOrigins).values(o);
}

/** Housekeeping: sign-in origins past SIGN_IN_ORIGIN_RETENTION_DAYS, deleted (bounded, skips rows another instance holds). */
export async function deleteOldSignInOrigins(db: Executor, batch: number): Promise<number> {
  const res = await db.execute(sql`
    delete from sign_in_origins where id in (
      select id from sign_in_origins
       where created_at <= now() - make_interval(days => ${SIGN_IN_ORIGIN_RETENTION_DAYS})
       order by id limit ${batch} for update skip locked)
    returning id`);
  return rowsOf(res).length;
}

/**
 * The referral pairs (referrer, referee) between `userId` and another account that signed up or
 * signed in from this very address with this very user agent within the last `windowHours`
 * (database clock): `userId`'s referrer, or a referee of `userId`.
 */
export async function sharedOriginPairs(
  db: Executor,
  userId: number,
  ip: string,
  userAgent: string,
  windowHours: number,
): Promise<{ referrerId: number; refereeId: number }[]> {
  const res = await db.execute(sql`
    with me as (select id, referred_by from users where id = ${userId}),
    seen as (
      select user_id from sign_in_origins
       where ip = ${ip} and user_agent = ${userAgent} and created_at >= now() - make_interval(hours => ${windowHours})
      union
      select user_id from signup_origins
       where ip = ${ip} and user_agent = ${userAgent} and created_at >= now() - make_interval(hours => ${windowHours})
    )
    select case when u.referred_by = me.id then me.id else u.id end as referrer_id,
           case when u.referred_by = me.id then u.id else me.id end as referee_id
      from seen
      join users u on u.id = seen.user_id
     cross join me
     where u.id <> me.id and (u.referred_by = me.id or u.id = me.referred_by)
     order by 1, 2`);
  return rowsOf<{ referrer_id: number; referee_id: number }>(res).map((r) => ({
    referrerId: Number(r.referrer_id),
    refereeId: Number(r.referee_id),
  }));
}

export async function insertSignupOrigin(tx: Executor, o: SignupOrigin): Promise<void> {
  await tx.insert(signupOrigins).values(o);
}

/** The device id the account signed up with (null when unknown). */
export async function signupDeviceOf(db: Executor, userId: number): Promise<string | null> {
  const rows = await db.select({ deviceId: signupOrigins.deviceId }).from(signupOrigins).where(eq(signupOrigins.userId, userId)).limit(1);
  return rows[0]?.deviceId ?? null;
}

/** Locks the referrer's users row (FOR NO KEY UPDATE, as money calls do): flagging and claims take turns. */
export async function lockReferrer(tx: Executor, referrerId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, referrerId)).for("no key update");
}

/**
 * Where the referrer's referees signed up from: those that joined within the last `windowMs`
 * (database clock) and after `after` (the last clearing), when given.
 */
export async function recentRefereeOrigins(
  db: Executor,
  referrerId: number,
  windowMs: number,
  after: Date | null,
): Promise<RefereeOrigin[]> {
  const rows = await db
    .select({ id: signupOrigins.userId, at: signupOrigins.createdAt, deviceId: signupOrigins.deviceId, ipRange: signupOrigins.ipRange })
    .from(signupOrigins)
    .where(
      and(
        eq(signupOrigins.referredBy, referrerId),
        sql`${signupOrigins.createdAt} >= now() - make_interval(secs => ${windowMs / 1000})`,
        after === null ? undefined : sql`${signupOrigins.createdAt} > ${after.toISOString()}::timestamptz`,
      ),
    );
  return rows.map((r) => ({ id: Number(r.id), at: r.at.getTime(), deviceId: r.deviceId, ipRange: r.ipRange }));
}

export type HoldStatus = "held" | "cleared" | "forfeited";

/** A group as stored: times as epoch ms. */
export type StoredGroup = FarmingGroup;

export interface HoldRow {
  referrerId: number;
  status: HoldStatus;
  groups: StoredGroup[];
  flaggedAt: Date;
  decidedAt: Date | null;
  decidedBy: number | null;
  decisionReason: string | null;
  forfeitedTotal: number;
}

const holdColumns = {
  referrerId: referralHolds.referrerId,
  status: referralHolds.status,
  groups: referralHolds.groups,
  flaggedAt: referralHolds.flaggedAt,
  decidedAt: referralHolds.decidedAt,
  decidedBy: referralHolds.decidedBy,
  decisionReason: referralHolds.decisionReason,
  forfeitedTotal: referralHolds.forfeitedTotal,
};

const holdOf = (r: Record<keyof typeof holdColumns, unknown>): HoldRow => ({
  ...(r as HoldRow),
  referrerId: Number(r.referrerId),
  decidedBy: r.decidedBy === null ? null : Number(r.decidedBy),
  forfeitedTotal: Number(r.forfeitedTotal),
  groups: (r.groups ?? []) as StoredGroup[],
});

/** The referrer's hold, locked FOR UPDATE when `lock` (the caller holds the referrer's users row). */
export async function findHold(db: Executor, referrerId: number, lock = false): Promise<HoldRow | undefined> {
  const q = db.select(holdColumns).from(referralHolds).where(eq(referralHolds.referrerId, referrerId));
  const rows = lock ? await q.for("update") : await q;
  return rows[0] ? holdOf(rows[0]) : undefined;
}

/** Holds (or holds again) the referrer's earnings with these groups. */
export async function saveHeld(tx: Executor, referrerId: number, groups: StoredGroup[], fresh: boolean): Promise<void> {
  const set = fresh
    ? { status: "held" as const, groups, flaggedAt: new Date(), decidedAt: null, decidedBy: null, decisionReason: null }
    : { groups };
  await tx
    .insert(referralHolds)
    .values({ referrerId, status: "held", groups })
    .onConflictDoUpdate({ target: referralHolds.referrerId, set });
}

export async function saveDecision(
  tx: Executor,
  referrerId: number,
  d: { status: "cleared" | "forfeited"; by: number; reason: string; forfeited: number },
): Promise<void> {
  await tx
    .update(referralHolds)
    .set({
      status: d.status,
      decidedAt: new Date(),
      decidedBy: d.by,
      decisionReason: d.reason,
      forfeitedTotal: sql`${referralHolds.forfeitedTotal} + ${d.forfeited}`,
    })
    .where(eq(referralHolds.referrerId, referrerId));
}

/** The automatic flag, in the audit log without an operator. */
export async function auditFlag(tx: Executor, referrerId: number, before: unknown, after: unknown): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: null,
    action: "referral.flag",
    targetType: "user",
    targetId: String(referrerId),
    before: before ?? null,
    after: after ?? null,
    ip: null,
  });
}

export interface FlagListRow {
  referrer_id: number;
  phone: string;
  name: string;
  status: HoldStatus;
  groups: StoredGroup[];
  flagged_at: Date | string;
  decided_at: Date | string | null;
  decided_by_phone: string | null;
  decision_reason: string | null;
  forfeited_total: number;
  game_refer_amt: number;
  refer_count: number;
}

/** Flagged referrers (newest flag first, at most 200) with their current referral balance. */
export async function listHolds(db: Executor, status: HoldStatus | "all", referrerId?: number): Promise<FlagListRow[]> {
  const res = await db.execute(sql`
    select h.referrer_id, u.phone, u.name, h.status, h.groups, h.flagged_at, h.decided_at, d.phone as decided_by_phone,
           h.decision_reason, h.forfeited_total,
           coalesce((select balance from ledger_accounts a where a.user_id = h.referrer_id and a.kind = 'referral'), 0)::bigint as game_refer_amt,
           (select count(*) from users r where r.referred_by = h.referrer_id)::int as refer_count
      from referral_holds h
      join users u on u.id = h.referrer_id
      left join users d on d.id = h.decided_by
     where ${status === "all" ? sql`true` : sql`h.status = ${status}`}
       and ${referrerId === undefined ? sql`true` : sql`h.referrer_id = ${referrerId}`}
     order by h.flagged_at desc, h.referrer_id desc
     limit 200`);
  return rowsOf<FlagListRow>(res).map((r) => ({
    ...r,
    referrer_id: Number(r.referrer_id),
    forfeited_total: Number(r.forfeited_total),
    game_refer_amt: Number(r.game_refer_amt),
    refer_count: Number(r.refer_count),
  }));
}

export interface RefereeDetail {
  id: number;
  phone: string;
  joinedAt: Date;
  deviceId: string | null;
  ipRange: string | null;
}

export async function refereeDetails(db: Executor, ids: readonly number[]): Promise<Map<number, RefereeDetail>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      phone: users.phone,
      joinedAt: users.createdAt,
      deviceId: signupOrigins.deviceId,
      ipRange: signupOrigins.ipRange,
    })
    .from(users)
    .leftJoin(signupOrigins, eq(signupOrigins.userId, users.id))
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [Number(r.id), { ...r, id: Number(r.id) }]));
}

export interface PayoutDayRow {
  day: string;
  earned: number;
  claims: number;
  claimed: number;
  forfeited: number;
}

/**
 * Referral money per Asia/Yangon day over the last `days` days up to the one holding `now` (the
 * server's clock; days with nothing left out), newest first.
 */
export async function payoutsByDay(db: Executor, days: number, now: Date): Promise<PayoutDayRow[]> {
  const res = await db.execute(sql`
    select ${yangonDayOf(sql`j.created_at`)} as day,
           coalesce(sum(e.amount) filter (where j.kind = 'referral_share'), 0)::bigint as earned,
           (count(*) filter (where j.kind = 'referral_claim'))::int as claims,
           coalesce(-sum(e.amount) filter (where j.kind = 'referral_claim'), 0)::bigint as claimed,
           coalesce(-sum(e.amount) filter (where j.kind = 'referral_forfeit'), 0)::bigint as forfeited
      from journals j
      join journal_entries e on e.journal_id = j.id
      join ledger_accounts a on a.id = e.account_id and a.kind = 'referral'
     where j.kind in ('referral_share', 'referral_claim', 'referral_forfeit')
       and j.created_at >= ${yangonDaysStart(now, days)}
     group by 1
     order by 1 desc`);
  return rowsOf<PayoutDayRow>(res).map((r) => ({
    day: r.day,
    earned: Number(r.earned),
    claims: Number(r.claims),
    claimed: Number(r.claimed),
    forfeited: Number(r.forfeited),
  }));
}

/** What all referrers hold now, and the part held for review (status held or forfeited). */
export async function outstandingReferral(db: Executor): Promise<{ outstanding: number; held: number }> {
  const res = await db.execute(sql`
    select coalesce(sum(a.balance), 0)::bigint as outstanding,
           coalesce(sum(a.balance) filter (where h.status in ('held', 'forfeited')), 0)::bigint as held
      from ledger_accounts a
      left join referral_holds h on h.referrer_id = a.user_id
     where a.kind = 'referral'`);
  const row = rowsOf<{ outstanding: number; held: number }>(res)[0];
  return { outstanding: Number(row?.outstanding ?? 0), held: Number(row?.held ?? 0) };
}
