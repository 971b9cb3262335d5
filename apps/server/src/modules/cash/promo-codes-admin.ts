import {
  type AdminPromoCode,
  type AdminPromoCodes,
  adminPromoCodeSchema,
  adminPromoCodesSchema,
  type CreatePromoCodeBody,
  createPromoCodeBodySchema,
  errorBodySchema,
  promoCodeParamsSchema,
  type UpdatePromoCodeBody,
  updatePromoCodeBodySchema,
} from "@shwe/contracts";
import { promoCodeState } from "@shwe/domain";
import { eq, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { type Executor, rowsOf } from "../../db/client.ts";
import { promoCodes } from "../../db/schema/index.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { type Actor, actorOf, recordAudit } from "../content/audit.service.ts";
import { withMoneyTx } from "../ledger/ledger.service.ts";

/**
 * Promo codes as admins run them (console → Promo codes): create a code with its bonus (a percent
 * of the cash-in, optionally capped) and turnover multiplier, limit its uses in total and per
 * player, schedule its start and end, change it, and end it. Every change is audited with before
 * and after. Reading is open to operators.
 */

type Row = typeof promoCodes.$inferSelect;

interface Counts {
  uses: number;
  pending: number;
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());
const dateOf = (s: string | null | undefined) => (s === null || s === undefined ? null : new Date(s));

function view(r: Row, counts: Counts, now: Date): AdminPromoCode {
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
function terms(r: Row) {
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

/** Paid uses and waiting requests per code (all codes, or one). */
async function countsOf(db: Executor, id?: number): Promise<Map<number, Counts>> {
  const only = id === undefined ? sql`` : sql` and promo_code_id = ${id}`;
  const rows = rowsOf<{ id: string | number; uses: string | number; pending: string | number }>(
    await db.execute(sql`
      select promo_code_id as id,
             count(*) filter (where status = 'approved' and promo_applied) as uses,
             count(*) filter (where status = 'pending') as pending
        from cash_requests
       where promo_code_id is not null and kind = 'in'${only}
       group by promo_code_id`),
  );
  return new Map(rows.map((r) => [Number(r.id), { uses: Number(r.uses), pending: Number(r.pending) }]));
}

const noCounts: Counts = { uses: 0, pending: 0 };

export async function listPromoCodesForAdmins(ctx: AppContext): Promise<AdminPromoCodes> {
  const rows = await ctx.db.select().from(promoCodes).orderBy(sql`${promoCodes.id} desc`);
  const counts = await countsOf(ctx.db);
  const now = ctx.clock.now();
  return { data: rows.map((r) => view(r, counts.get(r.id) ?? noCounts, now)) };
}

async function lockCode(tx: Executor, id: number): Promise<Row> {
  const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for("update");
  if (!row) throw notFound("Promo code not found.");
  return row;
}

async function answer(ctx: AppContext, tx: Executor, row: Row): Promise<AdminPromoCode> {
  return view(row, (await countsOf(tx, row.id)).get(row.id) ?? noCounts, ctx.clock.now());
}

export async function createPromoCode(ctx: AppContext, actor: Actor, body: CreatePromoCodeBody): Promise<AdminPromoCode> {
  return withMoneyTx(ctx.db, async (tx) => {
    const [row] = await tx
      .insert(promoCodes)
      .values({
        code: body.code,
        percent: body.percent,
        maxBonus: body.max_bonus ?? null,
        turnoverMultiplier: body.turnover_multiplier,
        maxUses: body.max_uses ?? null,
        maxUsesPerPlayer: body.max_uses_per_player ?? null,
        startsAt: dateOf(body.starts_at),
        endsAt: dateOf(body.ends_at),
        active: true,
      })
      .onConflictDoNothing({ target: promoCodes.code })
      .returning();
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
    const [after] = await tx.update(promoCodes).set(next).where(eq(promoCodes.id, id)).returning();
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
    const [after] = await tx.update(promoCodes).set({ active: false }).where(eq(promoCodes.id, id)).returning();
    if (!after) throw new Error(`promo code ${id} vanished`);
    await recordAudit(tx, actor, "promo_code.end", { type: "promo_code", id }, terms(before), terms(after));
    return answer(ctx, tx, after);
  });
}

async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header("cache-control", "no-store");
}

/** The console's promo code routes (guarded by the /api/admin hook: writes are admins' only). */
export function registerPromoCodeAdminRoutes(app: ZodApp, ctx: AppContext): void {
  const tags = ["admin"];
  const security = [{ bearer: [] }];
  const errors = { "4xx": errorBodySchema };
  app.get(
    "/api/admin/promo-codes",
    {
      onRequest: noStore,
      schema: {
        tags,
        security,
        summary: "Every promo code with its uses, newest first",
        response: { 200: adminPromoCodesSchema, ...errors },
      },
    },
    async () => listPromoCodesForAdmins(ctx),
  );
  app.post(
    "/api/admin/promo-codes",
    {
      onRequest: noStore,
      schema: {
        tags,
        security,
        summary: "A new promo code: bonus, cap, turnover, limits and schedule (admins)",
        body: createPromoCodeBodySchema,
        response: { 201: adminPromoCodeSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createPromoCode(ctx, actorOf(request), request.body)),
  );
  app.put(
    "/api/admin/promo-codes/:id",
    {
      onRequest: noStore,
      schema: {
        tags,
        security,
        summary: "Change a promo code's bonus, turnover, limits, schedule or whether it runs (admins)",
        params: promoCodeParamsSchema,
        body: updatePromoCodeBodySchema,
        response: { 200: adminPromoCodeSchema, ...errors },
      },
    },
    async (request) => updatePromoCode(ctx, actorOf(request), request.params.id, request.body),
  );
  app.post(
    "/api/admin/promo-codes/:id/end",
    {
      onRequest: noStore,
      schema: {
        tags,
        security,
        summary: "End a promo code now (admins)",
        params: promoCodeParamsSchema,
        response: { 200: adminPromoCodeSchema, ...errors },
      },
    },
    async (request) => endPromoCode(ctx, actorOf(request), request.params.id),
  );
}
