import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { smsDeliveries } from "../../db/schema/index.ts";
import type { SmsDeliveryResult } from "./sms-gateway.ts";

/** Records a message about to be handed to the gateway (status queued); returns its id. */
export async function insertSmsDelivery(tx: Executor, d: { phone: string; purpose: string; gateway: string }): Promise<number> {
  const [row] = await tx
    .insert(smsDeliveries)
    .values({ phone: d.phone, purpose: d.purpose, gateway: d.gateway })
    .returning({ id: smsDeliveries.id });
  if (!row) throw new Error("sms delivery not recorded");
  return row.id;
}

/** Stores how the gateway handled the message: sent or failed, its message id, the last problem met. */
export async function recordSmsResult(db: Executor, id: number, result: SmsDeliveryResult): Promise<void> {
  await db
    .update(smsDeliveries)
    .set({
      status: result.status,
      attempts: result.attempts,
      providerMessageId: result.providerMessageId ?? null,
      lastError: result.error ?? null,
      updatedAt: sql`now()`,
    })
    .where(eq(smsDeliveries.id, id));
}
