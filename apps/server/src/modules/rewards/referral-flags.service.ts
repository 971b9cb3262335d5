import type { ReferralFlag, ReferralFlagGroup, ReferralPayouts, ReferralSettings } from "@shwe/contracts";
import { type FarmingGroup, farmingGroups, ipRangeOf, maskPhone } from "@shwe/domain";
import type { AppContext } from "../../app-context.ts";
import type { Executor } from "../../db/client.ts";
import { conflict, notFound, refused } from "../../lib/errors.ts";
import { type Actor, recordAudit } from "../content/audit.service.ts";
import { lockPlayer, postJournal, withMoneyTx } from "../ledger/ledger.service.ts";
import { lockMoneyUser } from "../ledger/money-user.repository.ts";
import { readReferralShareBasisPoints, writeReferralShare } from "../providers/providers.service.ts";
import {
  auditFlag,
  findHold,
  type HoldStatus,
  insertSignInOrigin,
  insertSignupOrigin,
  listHolds,
  lockReferrer,
  outstandingReferral,
  payoutsByDay,
  readFarmingRule,
  recentRefereeOrigins,
  refereeDetails,
  saveDecision,
  saveHeld,
  sharedOriginPairs,
  signupDeviceOf,
  writeFarmingRule,
} from "./referral-flags.repository.ts";

/** Sign-in origins past their retention, deleted by housekeeping. */
export { deleteOldSignInOrigins } from "./referral-flags.repository.ts";

/**
 * Referral farming (domain-rules §7). Every sign-up records where it came from (the browser's device
 * id, the IP and its /24 or /64). A referral code used from the device its owner signed up on is
 * refused as self-referral. When `threshold` referees of one referrer come from one device or one
 * IP range within the window (operator settings, default 3 in 24 h), the referrer is flagged: the
 * earnings keep accruing but a claim answers 422 REFERRAL_HELD until an operator clears the flag.
 * An operator may instead confirm the abuse: the referral balance is forfeited to the house
 * (house:referral_forfeit, one journal) and the referrer stays held. Every decision is audited.
 */

export const REFERRAL_HELD_MESSAGE = "Your referral earnings are under review.";
export const REFERRAL_FORFEIT_HOUSE_ACCOUNT = "house:referral_forfeit";
const HOUR = 3_600_000;

export const referralHeld = () => refused("REFERRAL_HELD", REFERRAL_HELD_MESSAGE);

/** True while the referrer's earnings may not be claimed (flagged, or confirmed as abuse). */
export async function isReferralHeld(tx: Executor, referrerId: number): Promise<boolean> {
  const hold = await findHold(tx, referrerId);
  return hold !== undefined && hold.status !== "cleared";
}

export interface SignupInput {
  userId: number;
  referredBy: number | null;
  deviceId: string | undefined;
  ip: string;
  /** The User-Agent header, when sent. */
  userAgent?: string | undefined;
}

/** A referrer and a referee seen on one address with one user agent within this many hours look like one person. */
export const SHARED_ORIGIN_WINDOW_HOURS = 7 * 24;
/** Longer User-Agent headers are cut to this length before they are stored or compared. */
const USER_AGENT_MAX = 512;

const userAgentOf = (ua: string | undefined): string | null => (ua ? ua.slice(0, USER_AGENT_MAX) : null);

/**
 * Refuses self-referral before the account is created: the referral code's owner signed up on this
 * very device (422 SELF_REFERRAL).
 */
export async function refuseSelfReferral(tx: Executor, referrerId: number, deviceId: string | undefined): Promise<void> {
  if (deviceId === undefined) return;
  if ((await signupDeviceOf(tx, referrerId)) === deviceId) {
    throw refused("SELF_REFERRAL", "You cannot use your own referral code.");
  }
}

/** Inside the sign-up transaction: records the origin and flags the referrer when the referees look farmed. */
export async function recordSignup(tx: Executor, input: SignupInput): Promise<void> {
  const userAgent = userAgentOf(input.userAgent);
  await insertSignupOrigin(tx, {
    userId: input.userId,
    referredBy: input.referredBy,
    deviceId: input.deviceId ?? null,
    ip: input.ip || null,
    ipRange: input.ip ? ipRangeOf(input.ip) : null,
    userAgent,
  });
  if (input.referredBy !== null) {
    await flagIfFarming(tx, input.referredBy);
    if (input.ip && userAgent) await flagSharedOrigins(tx, input.userId, input.ip, userAgent);
  }
}

/**
 * After a successful sign-in: records where it came from and holds the referrer's earnings when the
 * account and its referrer (or one of its referees) used this address with this user agent within
 * SHARED_ORIGIN_WINDOW_HOURS, whoever of the two came first.
 */
export async function recordSignIn(tx: Executor, input: { userId: number; ip: string; userAgent: string | undefined }): Promise<void> {
  const userAgent = userAgentOf(input.userAgent);
  await insertSignInOrigin(tx, { userId: input.userId, ip: input.ip, userAgent });
  if (input.ip && userAgent) await flagSharedOrigins(tx, input.userId, input.ip, userAgent);
}

/**
 * Self-referral seen by the server (not the device id the client sends): a `shared_sign_in` group
 * (key: the address) on the referrer's hold for every pair found. A pair an operator already cleared
 * is not flagged again; a held referrer gets the pair added to its groups.
 */
async function flagSharedOrigins(tx: Executor, userId: number, ip: string, userAgent: string): Promise<void> {
  for (const { referrerId, refereeId } of await sharedOriginPairs(tx, userId, ip, userAgent, SHARED_ORIGIN_WINDOW_HOURS)) {
    await lockReferrer(tx, referrerId);
    const hold = await findHold(tx, referrerId, true);
    const now = Date.now();
    const group: FarmingGroup = { kind: "shared_sign_in", key: ip, refereeIds: [refereeId], from: now, to: now };
    const known = hold?.groups.some((g) => g.kind === "shared_sign_in" && g.refereeIds.includes(refereeId)) ?? false;
    if (!hold || hold.status === "cleared") {
      if (hold && known) continue;
      await saveHeld(tx, referrerId, [group], true);
      await auditFlag(tx, referrerId, hold ? { status: hold.status } : null, { status: "held", groups: [group] });
      continue;
    }
    if (known) continue;
    await saveHeld(tx, referrerId, mergeGroups(hold.groups, [group]), false);
  }
}

const sameGroup = (a: FarmingGroup, b: FarmingGroup) => a.kind === b.kind && a.key === b.key;

/** Union of the stored and the new groups (per device / range: all referees, earliest to latest). */
function mergeGroups(stored: FarmingGroup[], found: FarmingGroup[]): FarmingGroup[] {
  const out = stored.map((g) => ({ ...g, refereeIds: [...g.refereeIds] }));
  for (const g of found) {
    const old = out.find((o) => sameGroup(o, g));
    if (!old) {
      out.push(g);
      continue;
    }
    old.refereeIds = [...new Set([...old.refereeIds, ...g.refereeIds])];
    old.from = Math.min(old.from, g.from);
    old.to = Math.max(old.to, g.to);
  }
  return out;
}

/**
 * Looks at the referrer's recent referees (after the last clearing) and holds the earnings when one
 * device or one IP range brought `threshold` of them within the window. Under the referrer's users
 * row lock, so concurrent sign-ups and claims take turns.
 */
export async function flagIfFarming(tx: Executor, referrerId: number): Promise<boolean> {
  await lockReferrer(tx, referrerId);
  const rule = await readFarmingRule(tx);
  const hold = await findHold(tx, referrerId, true);
  const after = hold?.status === "cleared" ? hold.decidedAt : null;
  const groups = farmingGroups(await recentRefereeOrigins(tx, referrerId, rule.windowMs, after), rule);
  if (groups.length === 0) return false;
  if (!hold || hold.status === "cleared") {
    await saveHeld(tx, referrerId, groups, true);
    await auditFlag(tx, referrerId, hold ? { status: hold.status } : null, { status: "held", groups });
    return true;
  }
  const merged = mergeGroups(hold.groups, groups);
  if (JSON.stringify(merged) !== JSON.stringify(hold.groups)) await saveHeld(tx, referrerId, merged, false);
  return true;
}

/** Operators: clear a flag (earnings claimable again) or forfeit the earnings to the house (stays held). */
export async function decideReferralHold(
  ctx: AppContext,
  actor: Actor,
  referrerId: number,
  decision: "clear" | "forfeit",
  reason: string,
): Promise<ReferralFlag> {
  await withMoneyTx(ctx.db, async (tx) => {
    const user = await lockMoneyUser(tx, referrerId);
    const hold = user ? await findHold(tx, referrerId, true) : undefined;
    if (!hold) throw notFound("This referrer is not flagged.");
    if (hold.status === "cleared") throw conflict("REFERRAL_NOT_HELD", "This referrer's earnings are not held.");
    const balance = (await lockPlayer(tx, referrerId)).referral;
    let forfeited = 0;
    if (decision === "forfeit") {
      if (hold.status === "forfeited" && balance <= 0) throw refused("NOTHING_TO_FORFEIT", "There are no held earnings to forfeit.");
      forfeited = Math.max(0, balance);
      if (forfeited > 0) {
        await postJournal(tx, {
          kind: "referral_forfeit",
          userId: referrerId,
          refType: "referral_hold",
          refId: referrerId,
          memo: reason,
          createdBy: actor.id,
          entries: [
            { account: { userId: referrerId, kind: "referral" }, amount: -forfeited },
            { account: { code: REFERRAL_FORFEIT_HOUSE_ACCOUNT }, amount: forfeited },
          ],
        });
      }
    }
    const status = decision === "clear" ? "cleared" : "forfeited";
    await saveDecision(tx, referrerId, { status, by: actor.id, reason, forfeited });
    await recordAudit(
      tx,
      actor,
      `referral.${decision}`,
      { type: "user", id: referrerId },
      { status: hold.status, game_refer_amt: balance },
      { status, game_refer_amt: balance - forfeited, forfeited, reason },
    );
  });
  const [flag] = await rowsToFlags(ctx, await listHolds(ctx.db, "all", referrerId));
  if (!flag) throw notFound("This referrer is not flagged.");
  return flag;
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());
const deviceLabel = (id: string | null) => (id === null ? null : `${id.slice(0, 8)}…`);

/** The operator view of flagged referrers: each group's referees with masked phones. */
async function rowsToFlags(ctx: AppContext, rows: Awaited<ReturnType<typeof listHolds>>): Promise<ReferralFlag[]> {
  const details = await refereeDetails(
    ctx.db,
    rows.flatMap((r) => r.groups.flatMap((g) => g.refereeIds)),
  );
  return rows.map((r) => ({
    referrer_id: r.referrer_id,
    referrer_phone: r.phone,
    referrer_name: r.name,
    status: r.status,
    flagged_at: iso(r.flagged_at) ?? "",
    decided_at: iso(r.decided_at),
    decided_by_phone: r.decided_by_phone,
    decision_reason: r.decision_reason,
    game_refer_amt: r.game_refer_amt,
    forfeited_total: r.forfeited_total,
    refer_count: r.refer_count,
    groups: r.groups.map(
      (g): ReferralFlagGroup => ({
        kind: g.kind,
        key: g.kind === "device" ? (deviceLabel(g.key) ?? "") : g.key,
        from: new Date(g.from).toISOString(),
        to: new Date(g.to).toISOString(),
        referees: g.refereeIds.flatMap((id) => {
          const d = details.get(id);
          return d
            ? [{ id, phone: maskPhone(d.phone), joined_at: d.joinedAt.toISOString(), device: deviceLabel(d.deviceId), ip_range: d.ipRange }]
            : [];
        }),
      }),
    ),
  }));
}

export async function listReferralFlags(ctx: AppContext, status: HoldStatus | "all"): Promise<ReferralFlag[]> {
  return rowsToFlags(ctx, await listHolds(ctx.db, status));
}

export async function readReferralSettings(ctx: AppContext): Promise<ReferralSettings> {
  const [bp, rule] = await Promise.all([readReferralShareBasisPoints(ctx.db), readFarmingRule(ctx.db)]);
  return { share_percent: bp / 100, farming_threshold: rule.threshold, farming_window_hours: Math.round(rule.windowMs / HOUR) };
}

/** Stores the referral share and the farming rule; the change is audited with before and after. */
export async function updateReferralSettings(ctx: AppContext, actor: Actor, next: ReferralSettings): Promise<ReferralSettings> {
  const before = await readReferralSettings(ctx);
  await ctx.db.transaction(async (tx) => {
    await writeReferralShare(tx, next.share_percent);
    await writeFarmingRule(tx, next.farming_threshold, next.farming_window_hours);
    await recordAudit(tx, actor, "referral.settings", { type: "setting", id: "referral" }, before, next);
  });
  return readReferralSettings(ctx);
}

export async function referralPayouts(ctx: AppContext, days: number): Promise<ReferralPayouts> {
  const [data, money] = await Promise.all([payoutsByDay(ctx.db, days, ctx.clock.now()), outstandingReferral(ctx.db)]);
  const totals = data.reduce(
    (t, d) => ({
      earned: t.earned + d.earned,
      claims: t.claims + d.claims,
      claimed: t.claimed + d.claimed,
      forfeited: t.forfeited + d.forfeited,
    }),
    { earned: 0, claims: 0, claimed: 0, forfeited: 0 },
  );
  return { data, totals, ...money };
}
