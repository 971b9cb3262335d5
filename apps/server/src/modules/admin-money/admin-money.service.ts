import type { AuditLogQuery } from "@shwe/contracts";
import { normalizePhone } from "@shwe/domain";
import type { AppContext } from "../../app-context.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { listCashRequestsForOperators } from "../cash/cash-review.service.ts";
import { isoOf, yangonDayRange } from "../ledger/history-range.ts";
import { listAuditLog } from "../ledger/operator-audit.repository.ts";
import { drawsWithResultHiddenFrom } from "../lottery/admin-draws.service.ts";
import { findPlayerWithBalances, type PlayerWithBalances, recentJournalsOf, searchPlayers } from "./admin-players.repository.ts";

const summary = (p: PlayerWithBalances) => ({
  id: p.id,
  phone: p.phone,
  name: p.name,
  user_code: p.user_code,
  role: p.role,
  lvl_2: p.lvl_2,
  blocked: p.blocked,
  balance: p.balance,
  game_balance: p.game_balance,
  point: p.point,
  p_balance: p.p_balance,
  game_refer_amt: p.game_refer_amt,
  hold: p.hold,
  turnover: p.turnover,
  created_at: isoOf(p.created_at) ?? "",
});

export async function searchPlayersWithBalances(ctx: AppContext, query: string) {
  const text = query.trim();
  const rows = await searchPlayers(ctx.db, { phone: text ? normalizePhone(text) : null, text }, 50);
  return rows.map(summary);
}

export async function playerDetail(ctx: AppContext, userId: number) {
  const p = await findPlayerWithBalances(ctx.db, userId);
  if (!p) throw notFound("Player not found.");
  const journals = await recentJournalsOf(ctx.db, userId, 50);
  const cash = await listCashRequestsForOperators(ctx, { userId, limit: 50 });
  return {
    ...summary(p),
    has_transferred_in: p.has_transferred_in,
    journals: journals.map((j) => ({ ...j, created_at: isoOf(j.created_at) ?? "" })),
    cash_requests: cash,
  };
}

/** An audit row's values with the draw number blanked (null). */
function withoutResult(values: unknown): unknown {
  if (!values || typeof values !== "object" || Array.isArray(values) || !("result" in values)) return values;
  return { ...(values as Record<string, unknown>), result: null };
}

/** One page of the audit log, newest first, with the filters of the query (a bad actor phone is a 400). */
export async function auditLogPage(ctx: AppContext, query: AuditLogQuery, viewerId: number) {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 50;
  let actorPhone: string | undefined;
  if (query.actor !== undefined) {
    actorPhone = normalizePhone(query.actor) ?? undefined;
    if (!actorPhone) {
      throw badRequest("Invalid input: actor is not a Myanmar mobile number.", {
        fields: [{ field: "actor", message: "is not a Myanmar mobile number" }],
      });
    }
  }
  const range = query.start_date || query.end_date ? yangonDayRange(query.start_date, query.end_date, ctx.clock.now()) : undefined;
  const { rows, total } = await listAuditLog(ctx.db, page, perPage, {
    actorPhone,
    actionPrefix: query.action,
    playerId: query.player,
    from: range?.from,
    to: range?.to,
  });
  // A draw result waiting for its checker stays hidden here as on the draw's page (checkers type it from the official source).
  const hidden = await drawsWithResultHiddenFrom(
    ctx.db,
    rows.filter((r) => r.targetType === "draw" && /^\d+$/.test(r.targetId ?? "")).map((r) => Number(r.targetId)),
    viewerId,
  );
  const shown = (r: (typeof rows)[number], values: unknown) =>
    r.targetType === "draw" && hidden.has(Number(r.targetId)) ? withoutResult(values) : values;
  return {
    data: rows.map((r) => ({
      id: r.id,
      actor_id: r.actorId,
      actor_phone: r.actorPhone,
      actor_role: r.actorRole,
      action: r.action,
      target_type: r.targetType,
      target_id: r.targetId,
      before: shown(r, r.before),
      after: shown(r, r.after),
      ip: r.ip,
      created_at: isoOf(r.createdAt) ?? "",
    })),
    page,
    per_page: perPage,
    total,
  };
}
