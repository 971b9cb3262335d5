import type { AdminPromoCode, AdminPromoCodes, CreatePromoCodeBody, UpdatePromoCodeBody } from "@shwe/contracts";
import { promoCodeState } from "@shwe/domain";
import type { AppContext } from "../../app-context.ts";
import type { Executor } from "../../db/client.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { type Actor, recordAudit } from "../content/audit.service.ts";
import { withMoneyTx } from "../ledger/ledger.service.ts";
import {
  insertPromoCodeIfNew,
  lockPromoCode,
  type PromoCodeCounts,
  type PromoCodeRow,
  selectPromoCodeCounts,
  selectPromoCodesNewestFirst,
  updatePromoCodeRow,
} from "./promo-codes-admin.repository.ts";

/**
 * Promo codes as admins run them (console → Promo codes): create a code with its bonus (a percent
 * of the cash-in, optionally capped) and turnover multiplier, limit its uses in total and per
 * player, schedule its start and end, change it, and end it. Every change is audited with before
 * and after. Reading is open to operators.
 */

const iso = (d: Date | null) => (d === null ? null : d.toISOString());
const dateOf = (s: string | null | undefined) => (s === null || s === undefined ? null : new Date(s));

function view(r: PromoCodeRow, counts: PromoCodeCounts, now: Date): AdminPromoCode {
  return {
    id: r.id,
    code: r.code,
    percent: r.percent,
    max_bonus: r.maxBonus,
    turnover_multiplier: r.turnoverMultiplier,
    max_uses: r.maxUses,
    max_uses_per_player: r.maxUsesPerPlayer,
    starts_at: iso(r.startsAt),
    ends_at: iso(r.endsAt),
    active: r.active,
    state: promoCodeState(r, counts.uses, now),
    uses: counts.uses,
    pending: counts.pending,
    created_at: r.createdAt.toISOString(),
  };
}

/** The audit log's picture of a code: its terms only (use counts change without anyone's action). */
function terms(r: PromoCodeRow) {
  return {
    code: r.code,
    percent: r.percent,
    max_bonus: r.maxBonus,
    turnover_multiplier: r.turnoverMultiplier,
    max_uses: r.maxUses,
    max_uses_per_player: r.maxUsesPerPlayer,
    starts_at: iso(r.startsAt),
    ends_at: iso(r.endsAt),
    active: r.active,
  };
}

const noCounts: PromoCodeCounts = { uses: 0, pending: 0 };

async function lockCode(tx: Executor, id: number): Promise<PromoCodeRow> {
  const row = await lockPromoCode(tx, id);
  if (!row) throw notFound("Promo code not found.");
  return row;
}

export async function listPromoCodesForAdmins(ctx: AppContext): Promise<AdminPromoCodes> {
  const rows = await selectPromoCodesNewestFirst(ctx.db);
  const counts = await selectPromoCodeCounts(ctx.db);
  const now = ctx.clock.now();
  return { data: rows.map((r) => view(r, counts.get(r.id) ?? noCounts, now)) };
}

async function answer(ctx: AppContext, tx: Executor, row: PromoCodeRow): Promise<AdminPromoCode> {
  return view(row, (await selectPromoCodeCounts(tx, row.id)).get(row.id) ?? noCounts, ctx.clock.now());
}

export async function createPromoCode(ctx: AppContext, actor: Actor, body: CreatePromoCodeBody): Promise<AdminPromoCode> {
  return withMoneyTx(ctx.db, async (tx) => {
    const row = await insertPromoCodeIfNew(tx, {
      code: body.code,
      percent: body.percent,
      maxBonus: body.max_bonus ?? null,
      turnoverMultiplier: body.turnover_multiplier,
      maxUses: body.max_uses ?? null,
      maxUsesPerPlayer: body.max_uses_per_player ?? null,
      startsAt: dateOf(body.starts_at),
      endsAt: dateOf(body.ends_at),
      active: true,
    });
    if (!row) throw conflict("DUPLICATE", "A promo code with this code exists already.", { code: body.code });
    await recordAudit(tx, actor, "promo_code.create", { type: "promo_code", id: row.id }, null, terms(row));
    return answer(ctx, tx, row);
  });
}

export async function updatePromoCode(ctx: AppContext, actor: Actor, id: number, body: UpdatePromoCodeBody): Promise<AdminPromoCode> {
  return withMoneyTx(ctx.db, async (tx) => {
    const before = await lockCode(tx, id);
    const next = {
      percent: body.percent ?? before.percent,
      maxBonus: body.max_bonus === undefined ? before.maxBonus : body.max_bonus,
      turnoverMultiplier: body.turnover_multiplier ?? before.turnoverMultiplier,
      maxUses: body.max_uses === undefined ? before.maxUses : body.max_uses,
      maxUsesPerPlayer: body.max_uses_per_player === undefined ? before.maxUsesPerPlayer : body.max_uses_per_player,
      startsAt: body.starts_at === undefined ? before.startsAt : dateOf(body.starts_at),
      endsAt: body.ends_at === undefined ? before.endsAt : dateOf(body.ends_at),
      active: body.active ?? before.active,
    };
    if (next.startsAt !== null && next.endsAt !== null && next.startsAt.getTime() >= next.endsAt.getTime()) {
      throw badRequest("Invalid input: starts_at must be before ends_at.", {
        fields: [{ field: "ends_at", message: "must be after starts_at" }],
      });
    }
    const after = await updatePromoCodeRow(tx, id, next);
    if (!after) throw new Error(`promo code ${id} vanished`);
    await recordAudit(tx, actor, "promo_code.update", { type: "promo_code", id }, terms(before), terms(after));
    return answer(ctx, tx, after);
  });
}

/** Ends a code now: no new request may use it and waiting requests are approved without its bonus. */
export async function endPromoCode(ctx: AppContext, actor: Actor, id: number): Promise<AdminPromoCode> {
  return withMoneyTx(ctx.db, async (tx) => {
    const before = await lockCode(tx, id);
    if (!before.active) throw conflict("ALREADY_ENDED", "This promo code has ended already.");
    const after = await updatePromoCodeRow(tx, id, { active: false });
    if (!after) throw new Error(`promo code ${id} vanished`);
    await recordAudit(tx, actor, "promo_code.end", { type: "promo_code", id }, terms(before), terms(after));
    return answer(ctx, tx, after);
  });
}
