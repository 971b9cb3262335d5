import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { at, createdAt, id } from "./columns.ts";

/**
 * One row per SMS handed to the gateway and how its delivery went. Holds neither the message text
 * nor any code (the demo outbox, sms_outbox, is the only place a text is kept, in demo mode only).
 */
export const smsDeliveries = pgTable(
  "sms_deliveries",
  {
    id: id(),
    phone: text("phone").notNull(),
    /** Why it was sent, e.g. otp_register, otp_reset. */
    purpose: text("purpose").notNull(),
    /** The adapter that carried it: console (demo) or http. */
    gateway: text("gateway").notNull(),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    providerMessageId: text("provider_message_id"),
    /** The last gateway problem (status, network error), never the message. */
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("sms_deliveries_phone_idx").on(t.phone, t.createdAt),
    index("sms_deliveries_status_idx").on(t.status, t.createdAt),
    check("sms_deliveries_status_known", sql`${t.status} in ('queued', 'sent', 'failed')`),
    check("sms_deliveries_attempts_nonneg", sql`${t.attempts} >= 0`),
  ],
);
