import { and, asc, count, eq, gte, isNull, lte, or } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { banners } from "../../db/schema/index.ts";

export type BannerRow = typeof banners.$inferSelect;
export type NewBannerRow = typeof banners.$inferInsert;
export type BannerPatch = Partial<Omit<NewBannerRow, "id" | "createdAt">>;

/** Active banners shown on a day: starts_on ≤ day ≤ ends_on (a null end is open), in display order. */
export async function selectBannersOn(db: Executor, day: string): Promise<BannerRow[]> {
  return db
    .select()
    .from(banners)
    .where(and(eq(banners.active, true), lte(banners.startsOn, day), or(isNull(banners.endsOn), gte(banners.endsOn, day))))
    .orderBy(asc(banners.sort), asc(banners.id));
}

export async function selectAllBanners(db: Executor): Promise<BannerRow[]> {
  return db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id));
}

export async function countBanners(db: Executor): Promise<number> {
  const rows = await db.select({ n: count() }).from(banners);
  return Number(rows[0]?.n ?? 0);
}

export async function lockBanner(tx: Executor, id: number): Promise<BannerRow | undefined> {
  const rows = await tx.select().from(banners).where(eq(banners.id, id)).for("update");
  return rows[0];
}

export async function insertBanner(db: Executor, values: NewBannerRow): Promise<BannerRow> {
  const rows = await db.insert(banners).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error("banner insert returned no row");
  return row;
}

export async function updateBannerRow(tx: Executor, id: number, patch: BannerPatch): Promise<BannerRow> {
  const rows = await tx.update(banners).set(patch).where(eq(banners.id, id)).returning();
  const row = rows[0];
  if (!row) throw new Error("banner update returned no row");
  return row;
}
