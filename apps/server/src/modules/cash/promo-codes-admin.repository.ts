import { eq, sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { promoCodes } from "../../db/schema/index.ts";

/** The promo_codes rows as the console edits them, and their use counts (promo-codes-admin.service.ts). */

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type PromoCodeInsert = typeof promoCodes.$inferInsert;

export interface PromoCodeCounts {
  uses: number;
  pending: number;
}

export async function selectPromoCodesNewestFirst(db: Executor): Promise<PromoCodeRow[]> {
  return db.select().from(promoCodes).orderBy(sql`${promoCodes.id} desc`);
}

/** Paid uses and waiting requests per code (all codes, or one). */
export async function selectPromoCodeCounts(db: Executor, id?: number): Promise<Map<number, PromoCodeCounts>> {
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

export async function lockPromoCode(tx: Executor, id: number): Promise<PromoCodeRow | undefined> {
  const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for("update");
  return row;
}

/** Inserts a code; undefined when a code with the same text exists already. */
export async function insertPromoCodeIfNew(tx: Executor, row: PromoCodeInsert): Promise<PromoCodeRow | undefined> {
  const [inserted] = await tx.insert(promoCodes).values(row).onConflictDoNothing({ target: promoCodes.code }).returning();
  return inserted;
}

export async function updatePromoCodeRow(tx: Executor, id: number, patch: Partial<PromoCodeInsert>): Promise<PromoCodeRow | undefined> {
  const [after] = await tx.update(promoCodes).set(patch).where(eq(promoCodes.id, id)).returning();
  return after;
}
