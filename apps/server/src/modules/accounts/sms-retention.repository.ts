import { sql } from "drizzle-orm";
import { type Executor, rowsOf } from "../../db/client.ts";
import { smsDeliveries } from "../../db/schema/index.ts";

/**
 * How long a delivery record (phone, purpose, status) is kept: long enough to answer "did my code
 * arrive?" and to see a gateway's failures, then the phone number goes.
 */
export const SMS_DELIVERY_RETENTION_DAYS = 30;
/** How long a demo outbox message (its whole text, codes included) is kept: codes expire in minutes. */
export const SMS_OUTBOX_RETENTION_DAYS = 1;

/**
 * Every status a delivery can have: naming them lets the (status, created_at) index find the old
 * rows of every status, where a filter on created_at alone would read the whole table.
 */
const DELIVERY_STATUSES = smsDeliveries.status.enumValues;

/** Deletes up to `batch` delivery records older than SMS_DELIVERY_RETENTION_DAYS; answers how many. */
export async function deleteOldSmsDeliveries(db: Executor, batch: number): Promise<number> {
  const statuses = sql.join(
    DELIVERY_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const res = await db.execute(sql`
    delete from sms_deliveries where id in (
      select id from sms_deliveries
       where status in (${statuses}) and created_at <= now() - make_interval(days => ${SMS_DELIVERY_RETENTION_DAYS})
       limit ${batch} for update skip locked)
    returning id`);
  return rowsOf(res).length;
}

/** Deletes up to `batch` demo outbox messages older than SMS_OUTBOX_RETENTION_DAYS, oldest first; answers how many. */
export async function deleteOldSmsOutbox(db: Executor, batch: number): Promise<number> {
  const res = await db.execute(sql`
    delete from sms_outbox where id in (
      select id from sms_outbox
       where created_at <= now() - make_interval(days => ${SMS_OUTBOX_RETENTION_DAYS})
       order by id limit ${batch} for update skip locked)
    returning id`);
  return rowsOf(res).length;
}
