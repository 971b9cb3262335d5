import type { Executor } from "../../db/client.ts";
import { providerCallbacks } from "../../db/schema/index.ts";

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
