/** What a message is for and our id of its delivery (sms_deliveries.id). */
export interface SmsMeta {
  purpose: string;
  reference: string;
}

/** How a gateway handled one message. `error` never contains the message text. */
export interface SmsDeliveryResult {
  status: "sent" | "failed";
  /** Requests made to the gateway (0 when none could be made). */
  attempts: number;
  /** The gateway's id of the message, when its answer carries one. */
  providerMessageId?: string;
  /** The last problem met, also when a later attempt succeeded. */
  error?: string;
}

/**
 * The SMS gateway. The product talks to it only through this interface: the demo outbox in demo
 * mode, an SMS aggregator's HTTP API in production.
 */
export interface SmsGateway {
  /** Stored with each delivery: console, http. */
  readonly name: string;
  /**
   * Hands `text` to a normalised phone (09…). A delivery problem does not reject: it answers
   * status failed with the reason.
   */
  send(to: string, text: string, meta: SmsMeta): Promise<SmsDeliveryResult>;
}
