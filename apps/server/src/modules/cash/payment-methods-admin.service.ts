import type {
  AdminPaymentMethod,
  AdminPaymentMethods,
  CreatePaymentMethodBody,
  PaymentChipsBody,
  UpdatePaymentMethodBody,
} from "@shwe/contracts";
import type { AppContext } from "../../app-context.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { type Actor, recordAudit } from "../content/audit.service.ts";
import { withMoneyTx } from "../ledger/ledger.service.ts";
import { readMoneySettings, writeMoneySetting } from "../ledger/money-settings.repository.ts";
import {
  insertPaymentMethod,
  lockNextPaymentMethodSlot,
  lockPaymentMethod,
  type PaymentMethodRow,
  selectPaymentMethods,
  updatePaymentMethodRow,
} from "./payment-methods-admin.repository.ts";

/**
 * Payment methods as admins run them (console → Payment methods): add the wallet accounts players
 * pay into, change their logos, limits, directions and order, and the amount chips of the cash-in
 * and cash-out forms. Every change is audited with before and after. Reading is open to operators.
 */

function view(r: PaymentMethodRow): AdminPaymentMethod {
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
  const rows = await selectPaymentMethods(ctx.db);
  const settings = await readMoneySettings(ctx.db);
  return { data: rows.map(view), chips: { cash_in: settings.cashinAmounts, cash_out: settings.cashoutAmounts } };
}

export async function updatePaymentMethod(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: UpdatePaymentMethodBody,
): Promise<AdminPaymentMethod> {
  return withMoneyTx(ctx.db, async (tx) => {
    const before = await lockPaymentMethod(tx, id);
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
    const after = await updatePaymentMethodRow(tx, id, next);
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
    const next = await lockNextPaymentMethodSlot(tx);
    const id = next.id;
    const row = await insertPaymentMethod(tx, {
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
      sort: body.sort ?? next.sort,
    });
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
