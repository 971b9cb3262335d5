import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { insertSms } from "./sms-outbox.repository.ts";

/**
 * The SMS gateway. The product talks to it only through this interface, so a real gateway
 * (a Myanmar SMS aggregator's HTTP API) plugs in as another adapter.
 */
export interface SmsSender {
  /** Sends `text` to a normalised phone (09…). Rejects when the gateway refuses the message. */
  send(to: string, text: string): Promise<void>;
}

/**
 * The default adapter: writes the message to the server log and to the sms_outbox table, where
 * demo mode shows it at GET /api/dev/outbox (and tests read OTP codes from it).
 */
export function createConsoleSms(db: Db, log: FastifyBaseLogger): SmsSender {
  return {
    async send(to, text) {
      log.info({ sms: { to, text } }, "sms sent (console adapter)");
      await insertSms(db, to, text);
    },
  };
}
