import type { FastifyBaseLogger } from "fastify";
import { type Config, ConfigError } from "../../config/env.ts";
import type { Db } from "../../db/client.ts";
import type { SmsDeliveryResult, SmsGateway, SmsMeta } from "./sms-gateway.ts";
import { HttpSmsGateway } from "./sms-http.ts";
import { insertSms } from "./sms-outbox.repository.ts";

/**
 * Demo mode only: sends nothing. The message goes to the sms_outbox table, which demo mode shows
 * at GET /api/dev/outbox (tests read codes there), and to the server log.
 */
export class ConsoleSmsGateway implements SmsGateway {
  readonly name = "console";

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    mode: Config["mode"],
  ) {
    if (mode !== "demo") throw new ConfigError("The console SMS adapter exists only in demo mode.");
  }

  async send(to: string, text: string, meta: SmsMeta): Promise<SmsDeliveryResult> {
    await insertSms(this.db, to, text);
    this.log.info({ sms: { to, text, delivery: meta.reference } }, "demo sms kept in the outbox (not sent)");
    return { status: "sent", attempts: 1 };
  }
}

/** Production without SMS settings (loadConfig refuses to start so; only a hand-built Config gets here): nothing can be sent. */
const noGateway: SmsGateway = {
  name: "none",
  async send() {
    return { status: "failed", attempts: 0, error: "no SMS gateway configured (SMS_GATEWAY_URL, SMS_GATEWAY_TOKEN)" };
  },
};

/** Demo mode: the console adapter. Production: the HTTP gateway of config.sms, never the console adapter. */
export function createSmsGateway(config: Config, db: Db, log: FastifyBaseLogger): SmsGateway {
  if (config.mode === "demo") return new ConsoleSmsGateway(db, log, config.mode);
  if (config.sms) return new HttpSmsGateway(config.sms);
  log.error("no SMS gateway configured: every SMS code request will fail");
  return noGateway;
}
