import { desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { smsOutbox } from "../../db/schema/index.ts";

export async function insertSms(db: Executor, to: string, text: string): Promise<void> {
  await db.insert(smsOutbox).values({ to, text });
}

export interface OutboxRow {
  to: string;
  text: string;
  createdAt: Date;
}

/** The messages sent to one phone, newest first. */
export async function listSmsTo(db: Executor, to: string, limit: number): Promise<OutboxRow[]> {
  return db
    .select({ to: smsOutbox.to, text: smsOutbox.text, createdAt: smsOutbox.createdAt })
    .from(smsOutbox)
    .where(eq(smsOutbox.to, to))
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(limit);
}
