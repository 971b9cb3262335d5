import { asc, eq, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { paymentMethods } from "../../db/schema/index.ts";

/** The payment_methods rows as the console edits them (payment-methods-admin.service.ts). */

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type PaymentMethodInsert = typeof paymentMethods.$inferInsert;
export type PaymentMethodChanges = Omit<PaymentMethodInsert, "id" | "qrImage">;

/** Every payment method, in their order. */
export async function selectPaymentMethods(db: Executor): Promise<PaymentMethodRow[]> {
  return db.select().from(paymentMethods).orderBy(asc(paymentMethods.sort), asc(paymentMethods.id));
}

export async function lockPaymentMethod(tx: Executor, id: number): Promise<PaymentMethodRow | undefined> {
  const rows = await tx.select().from(paymentMethods).where(eq(paymentMethods.id, id)).for("update");
  return rows[0];
}

export async function updatePaymentMethodRow(tx: Executor, id: number, next: PaymentMethodChanges): Promise<PaymentMethodRow | undefined> {
  const [after] = await tx.update(paymentMethods).set(next).where(eq(paymentMethods.id, id)).returning();
  return after;
}

/**
 * The next payment method's id and sort (one above the highest), with the table locked against
 * other additions until the transaction ends.
 */
export async function lockNextPaymentMethodSlot(tx: Executor): Promise<{ id: number; sort: number }> {
  await tx.execute(sql`lock table payment_methods in share row exclusive mode`);
  const [next] = rowsOf<{ id: number | string; sort: number | string }>(
    await tx.execute(sql`select coalesce(max(id), 0) + 1 as id, coalesce(max(sort), 0) + 1 as sort from payment_methods`),
  );
  return { id: Number(next?.id ?? 1), sort: Number(next?.sort ?? 1) };
}

export async function insertPaymentMethod(tx: Executor, row: PaymentMethodInsert): Promise<PaymentMethodRow | undefined> {
  const [inserted] = await tx.insert(paymentMethods).values(row).returning();
  return inserted;
}
