import { sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../../db/client.ts";
import { providerCallbacks } from "../../../db/schema/index.ts";

export interface CallbackRecord {
  provider: string;
  action: string;
  headers: Record<string, string | null>;
  rawBody: string;
  signatureOk: boolean;
  transactionId: string | null;
  status: string;
  answer: unknown;
  ip: string | null;
}

/** Keeps one wallet call as received (bad signatures included). */
export async function insertCallback(db: Executor, record: CallbackRecord): Promise<void> {
  await db.insert(providerCallbacks).values(record);
}

/** How long a call with a bad signature is kept (it moves no money; valid calls are kept for good). */
export const BAD_SIGNATURE_RETENTION_DAYS = 7;

/** Deletes up to `batch` bad-signature calls older than BAD_SIGNATURE_RETENTION_DAYS; answers how many. */
export async function deleteOldBadSignatureCallbacks(db: Executor, batch: number): Promise<number> {
  const res = await db.execute(sql`
    delete from provider_callbacks where id in (
      select id from provider_callbacks
       where not signature_ok and received_at <= now() - make_interval(days => ${BAD_SIGNATURE_RETENTION_DAYS})
       order by received_at limit ${batch} for update skip locked)
    returning id`);
  return rowsOf(res).length;
}
