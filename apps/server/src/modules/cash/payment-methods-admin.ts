import {
  type AdminPaymentMethod,
  type AdminPaymentMethods,
  adminPaymentMethodSchema,
  adminPaymentMethodsSchema,
  type CreatePaymentMethodBody,
  createPaymentMethodBodySchema,
  errorBodySchema,
  type PaymentChipsBody,
  paymentChipsBodySchema,
  type UpdatePaymentMethodBody,
  updatePaymentMethodBodySchema,
} from "@shwe/contracts";
import { asc, eq, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { type Executor, rowsOf } from "../../db/client.ts";
import { paymentMethods } from "../../db/schema/index.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { type Actor, actorOf, recordAudit } from "../content/audit.service.ts";
import { withMoneyTx } from "../ledger/ledger.service.ts";
import { readMoneySettings, writeMoneySetting } from "../ledger/money-settings.repository.ts";

/**
 * Payment methods as admins run them (console → Payment methods): add the wallet accounts players
 * pay into, change their logos, limits, directions and order, and the amount chips of the cash-in
 * and cash-out forms. Every change is audited with before and after. Reading is open to operators.
 */

type Row = typeof paymentMethods.$inferSelect;

function view(r: Row): AdminPaymentMethod {
  return {
    id: r.id,
    name: r.name,
    logo: r.logo,
    account_name: r.accountName,
    account_number: r.accountNumber,
    min_amount: r.minAmount,
    max_amount: r.maxAmount,
    cashin_enabled: r.cashinEnabled,
    cashout_enabled: r.cashoutEnabled,
    sort: r.sort,
  };
}

export async function listPaymentMethodsForAdmins(ctx: AppContext): Promise<AdminPaymentMethods> {
  const rows = await ctx.db.select().from(paymentMethods).orderBy(asc(paymentMethods.sort), asc(paymentMethods.id));
  const settings = await readMoneySettings(ctx.db);
  return { data: rows.map(view), chips: { cash_in: settings.cashinAmounts, cash_out: settings.cashoutAmounts } };
}

async function lockMethod(tx: Executor, id: number): Promise<Row | undefined> {
  const rows = await tx.select().from(paymentMethods).where(eq(paymentMethods.id, id)).for("update");
  return rows[0];
}

export async function updatePaymentMethod(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: UpdatePaymentMethodBody,
): Promise<AdminPaymentMethod> {
  return withMoneyTx(ctx.db, async (tx) => {
    const before = await lockMethod(tx, id);
    if (!before) throw notFound("Payment method not found.");
    const next = {
      name: body.name ?? before.name,
      logo: body.logo ?? before.logo,
      accountName: body.account_name ?? before.accountName,
      accountNumber: body.account_number ?? before.accountNumber,
      minAmount: body.min_amount ?? before.minAmount,
      maxAmount: body.max_amount ?? before.maxAmount,
      cashinEnabled: body.cashin_enabled ?? before.cashinEnabled,
      cashoutEnabled: body.cashout_enabled ?? before.cashoutEnabled,
      sort: body.sort ?? before.sort,
    };
    if (next.minAmount > next.maxAmount) {
      throw badRequest("Invalid input: min_amount must not be above max_amount.", {
        fields: [{ field: "min_amount", message: "must not be above max_amount" }],
      });
    }
    const [after] = await tx.update(paymentMethods).set(next).where(eq(paymentMethods.id, id)).returning();
    if (!after) throw new Error(`payment method ${id} vanished`);
    await recordAudit(tx, actor, "payment_method.update", { type: "payment_method", id }, view(before), view(after));
    return view(after);
  });
}

/**
 * Adds a payment method (a new installation starts with none). Ids are small numbers the ledger's
 * wallet accounts are named after (external:wallet:<id>), given in order: the table is locked
 * against other additions for the moment the next id is taken.
 */
export async function createPaymentMethod(ctx: AppContext, actor: Actor, body: CreatePaymentMethodBody): Promise<AdminPaymentMethod> {
  return withMoneyTx(ctx.db, async (tx) => {
    await tx.execute(sql`lock table payment_methods in share row exclusive mode`);
    const [next] = rowsOf<{ id: number | string; sort: number | string }>(
      await tx.execute(sql`select coalesce(max(id), 0) + 1 as id, coalesce(max(sort), 0) + 1 as sort from payment_methods`),
    );
    const id = Number(next?.id ?? 1);
    const [row] = await tx
      .insert(paymentMethods)
      .values({
        id,
        name: body.name,
        logo: body.logo,
        accountName: body.account_name,
        accountNumber: body.account_number,
        qrImage: null,
        minAmount: body.min_amount,
        maxAmount: body.max_amount,
        cashinEnabled: body.cashin_enabled ?? true,
        cashoutEnabled: body.cashout_enabled ?? true,
        sort: body.sort ?? Number(next?.sort ?? 1),
      })
      .returning();
    if (!row) throw new Error("payment method insert returned nothing");
    await recordAudit(tx, actor, "payment_method.create", { type: "payment_method", id }, null, view(row));
    return view(row);
  });
}

export async function setPaymentChips(ctx: AppContext, actor: Actor, body: PaymentChipsBody): Promise<AdminPaymentMethods> {
  const sorted = { cash_in: [...new Set(body.cash_in)].sort((a, b) => a - b), cash_out: [...new Set(body.cash_out)].sort((a, b) => a - b) };
  await withMoneyTx(ctx.db, async (tx) => {
    const before = await readMoneySettings(tx);
    await writeMoneySetting(tx, "cash.cashin_amounts", sorted.cash_in);
    await writeMoneySetting(tx, "cash.cashout_amounts", sorted.cash_out);
    await recordAudit(
      tx,
      actor,
      "payment_method.chips",
      { type: "setting", id: "cash.amounts" },
      { cash_in: before.cashinAmounts, cash_out: before.cashoutAmounts },
      sorted,
    );
  });
  return listPaymentMethodsForAdmins(ctx);
}

async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header("cache-control", "no-store");
}

/** The console's payment method routes (guarded by the /api/admin hook: writes are admins' only). */
export function registerPaymentMethodAdminRoutes(app: ZodApp, ctx: AppContext): void {
  const tags = ["admin"];
  const security = [{ bearer: [] }];
  const errors = { "4xx": errorBodySchema };
  app.get(
    "/api/admin/payment-methods",
    {
      onRequest: noStore,
      schema: {
        tags,
        security,
        summary: "Every payment method and the amount chips",
        response: { 200: adminPaymentMethodsSchema, ...errors },
      },
    },
    async () => listPaymentMethodsForAdmins(ctx),
  );
  app.post(
    "/api/admin/payment-methods",
    {
      onRequest: noStore,
      schema: {
        tags,
        security,
        summary: "Add a payment method: name, logo, account, limits, directions (admins)",
        body: createPaymentMethodBodySchema,
        response: { 201: adminPaymentMethodSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createPaymentMethod(ctx, actorOf(request), request.body)),
  );
  app.put(
    "/api/admin/payment-methods/chips",
    {
      onRequest: noStore,
      schema: {
        tags,
        security,
        summary: "The amount chips of the cash-in and cash-out forms (admins)",
        body: paymentChipsBodySchema,
        response: { 200: adminPaymentMethodsSchema, ...errors },
      },
    },
    async (request) => setPaymentChips(ctx, actorOf(request), request.body),
  );
  app.put(
    "/api/admin/payment-methods/:id",
    {
      onRequest: noStore,
      schema: {
        tags,
        security,
        summary: "Change a payment method: name, logo, account, limits, directions, order (admins)",
        params: z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        body: updatePaymentMethodBodySchema,
        response: { 200: adminPaymentMethodSchema, ...errors },
      },
    },
    async (request) => updatePaymentMethod(ctx, actorOf(request), request.params.id, request.body),
  );
}
