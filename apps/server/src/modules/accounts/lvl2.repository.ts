import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { lvl2Uploads } from "../../db/schema/index.ts";

export type Lvl2UploadRow = typeof lvl2Uploads.$inferSelect;

export async function findPendingUploads(tx: Executor, userId: number): Promise<Lvl2UploadRow[]> {
  return tx
    .select()
    .from(lvl2Uploads)
    .where(and(eq(lvl2Uploads.userId, userId), eq(lvl2Uploads.status, "pending")));
}

export async function deleteUpload(tx: Executor, id: number): Promise<void> {
  await tx.delete(lvl2Uploads).where(and(eq(lvl2Uploads.id, id), eq(lvl2Uploads.status, "pending")));
}

export async function insertUpload(tx: Executor, userId: number, path: string): Promise<number> {
  const [row] = await tx.insert(lvl2Uploads).values({ userId, path, mime: "image/jpeg" }).returning({ id: lvl2Uploads.id });
  if (!row) throw new Error("lvl2 upload insert returned nothing");
  return row.id;
}

/** One of the owner's uploads (by id, or the newest); the owner's id is part of the query. */
export async function findOwnUpload(db: Executor, userId: number, uploadId?: number): Promise<Lvl2UploadRow | undefined> {
  const where = uploadId === undefined ? eq(lvl2Uploads.userId, userId) : and(eq(lvl2Uploads.userId, userId), eq(lvl2Uploads.id, uploadId));
  const rows = await db.select().from(lvl2Uploads).where(where).orderBy(desc(lvl2Uploads.id)).limit(1);
  return rows[0];
}
