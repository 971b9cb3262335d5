import type { PlayerAccess, PlayerPlay } from "@shwe/contracts";
import { isExcluded, limitInForce } from "@shwe/domain";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../app-context.ts";
import { rowsOf } from "../../db/client.ts";
import { notFound } from "../../lib/errors.ts";
import { TOKEN_TTL_DAYS } from "../auth/auth.service.ts";
import { type Actor, recordAudit } from "../content/audit.service.ts";
import { withMoneyTx } from "../ledger/ledger.service.ts";
import { readProtection } from "../protection/protection.repository.ts";

type Time = Date | string;
const iso = (v: Time) => new Date(v).toISOString();
const DAY_MS = 86_400_000;

/**
 * What an operator needs to judge an account's access and ties (console player page): its live
 * sign-ins, the addresses of its last sign-ins (from the audit log), where it was made, its
 * referrer and referees, how many accounts were made on the same device, and its own limits and
 * self-exclusion (shown, never changed here: operators cannot lift a self-exclusion).
 */
export async function playerAccess(ctx: AppContext, userId: number): Promise<PlayerAccess> {
  const exists = rowsOf<{ id: number }>(await ctx.db.execute(sql`select id from users where id = ${userId}`));
  if (exists.length === 0) throw notFound("Player not found.");
  const now = ctx.clock.now();

  const sessions = rowsOf<{ id: number | string; created_at: Time; expires_at: Time }>(
    await ctx.db.execute(sql`
      select id, created_at, expires_at from auth_tokens
       where user_id = ${userId} and revoked_at is null and expires_at > now()
       order by expires_at desc limit 50`),
  );
  const signIns = rowsOf<{ action: string; ip: string | null; created_at: Time }>(
    await ctx.db.execute(sql`
      select action, ip, created_at from audit_log
       where target_type = 'user' and target_id = ${String(userId)}
         and action in ('auth.register', 'auth.login', 'auth.login_failed', 'auth.login_blocked', 'auth.token_renew')
       order by id desc limit 20`),
  );
  const signup = rowsOf<{ device_id: string | null; ip: string | null; created_at: Time }>(
    await ctx.db.execute(sql`select device_id, ip, created_at from signup_origins where user_id = ${userId}`),
  )[0];
  const referrer = rowsOf<{ id: number | string; phone: string; name: string }>(
    await ctx.db.execute(sql`select r.id, r.phone, r.name from users u join users r on r.id = u.referred_by where u.id = ${userId}`),
  )[0];
  const referees = rowsOf<{
    id: number | string;
    phone: string;
    name: string;
    created_at: Time;
    blocked: boolean;
    referees: number | string;
  }>(
    await ctx.db.execute(sql`
      select u.id, u.phone, u.name, u.created_at, u.blocked,
             (select count(*) from users g where g.referred_by = u.id) as referees
        from users u where u.referred_by = ${userId} order by u.id desc limit 100`),
  );
  const sameDevice = signup?.device_id
    ? Number(
        rowsOf<{ n: number | string }>(
          await ctx.db.execute(
            sql`select count(*) as n from signup_origins where device_id = ${signup.device_id} and user_id <> ${userId}`,
          ),
        )[0]?.n ?? 0,
      )
    : 0;
  const protection = await readProtection(ctx.db, userId);
  const limits = [...(protection?.limits.entries() ?? [])].flatMap(([key, stored]) => {
    const amount = limitInForce(stored, now);
    const [kind, period] = key.split(":") as [string, string];
    return amount === null ? [] : [{ kind, period, amount }];
  });
  const ex = protection?.exclusion;

  return {
    sessions: sessions.map((s) => ({
      id: Number(s.id),
      created_at: iso(s.created_at),
      // A used token's expiry slides to TTL after its use (auth.service.ts).
      last_used_at: new Date(new Date(s.expires_at).getTime() - TOKEN_TTL_DAYS * DAY_MS).toISOString(),
    })),
    sign_ins: signIns.map((s) => ({ action: s.action, ip: s.ip, at: iso(s.created_at) })),
    signup: signup ? { device_id: signup.device_id, ip: signup.ip, at: iso(signup.created_at) } : null,
    referrer: referrer ? { id: Number(referrer.id), phone: referrer.phone, name: referrer.name } : null,
    referees: referees.map((r) => ({
      id: Number(r.id),
      phone: r.phone,
      name: r.name,
      joined_at: iso(r.created_at),
      referees: Number(r.referees),
      blocked: r.blocked,
    })),
    same_device: sameDevice,
    limits,
    self_exclusion:
      ex && isExcluded(ex, now) ? { until: ex.indefinite ? null : (ex.until?.toISOString() ?? null), indefinite: ex.indefinite } : null,
  };
}

/**
 * Ends every sign-in of a player (a stolen phone, a shared account): their tokens are revoked, open
 * sockets and house sessions close at commit (session_end triggers), audited. Staff accounts are
 * not ended from here.
 */
export async function endPlayerSessions(ctx: AppContext, actor: Actor, userId: number): Promise<{ id: number; ended: number }> {
  return withMoneyTx(ctx.db, async (tx) => {
    const user = rowsOf<{ role: string }>(await tx.execute(sql`select role from users where id = ${userId} for no key update`))[0];
    if (user?.role !== "player") throw notFound("Player not found.");
    const ended = rowsOf(
      await tx.execute(
        sql`update auth_tokens set revoked_at = now() where user_id = ${userId} and revoked_at is null and expires_at > now() returning id`,
      ),
    ).length;
    await recordAudit(tx, actor, "admin.user_sessions_end", { type: "user", id: userId }, { sessions: ended }, { sessions: 0 });
    return { id: userId, ended };
  });
}

/** The player's latest 50 lottery slips (with their lines' outcome) and 50 casino rounds, newest first. */
export async function playerPlay(ctx: AppContext, userId: number): Promise<PlayerPlay> {
  const exists = rowsOf<{ id: number }>(await ctx.db.execute(sql`select id from users where id = ${userId}`));
  if (exists.length === 0) throw notFound("Player not found.");
  const slips = rowsOf<{
    id: number | string;
    type: string;
    draw_id: number | string;
    draw_at: Time;
    numbers: string[];
    total: number | string;
    won: number | string;
    statuses: string[];
    created_at: Time;
  }>(
    await ctx.db.execute(sql`
      select s.id, s.type, s.draw_id, d.draw_at, s.total, s.created_at,
             array_agg(l.number order by l.number) as numbers,
             coalesce(sum(l.win_amount), 0) as won,
             array_agg(distinct l.status) as statuses
        from bet_slips s
        join draws d on d.id = s.draw_id
        join bet_lines l on l.slip_id = s.id
       where s.user_id = ${userId}
       group by s.id, d.draw_at
       order by s.created_at desc, s.id desc
       limit 50`),
  );
  const rounds = rowsOf<{
    provider: string;
    round_id: string;
    game_code: string | null;
    bet: number | string;
    payout: number | string;
    status: string;
    created_at: Time;
  }>(
    await ctx.db.execute(sql`
      select provider, round_id, game_code, bet, payout, status, created_at from provider_rounds
       where user_id = ${userId} order by created_at desc, id desc limit 50`),
  );
  return {
    slips: slips.map((s) => ({
      id: Number(s.id),
      type: s.type,
      draw_id: Number(s.draw_id),
      draw_at: iso(s.draw_at),
      numbers: s.numbers,
      total: Number(s.total),
      won: Number(s.won),
      status: s.statuses.length === 1 ? (s.statuses[0] ?? "pending") : s.statuses.includes("pending") ? "pending" : "mixed",
      created_at: iso(s.created_at),
    })),
    rounds: rounds.map((r) => ({
      provider: r.provider,
      round_id: r.round_id,
      game_code: r.game_code,
      bet: Number(r.bet),
      payout: Number(r.payout),
      status: r.status,
      created_at: iso(r.created_at),
    })),
  };
}
