import { setTimeout as sleep } from "node:timers/promises";
import type { SmsGatewayConfig } from "../../config/env.ts";
import type { SmsDeliveryResult, SmsGateway, SmsMeta } from "./sms-gateway.ts";
import { parseSmsBodyTemplate, type SmsBodyTemplate } from "./sms-template.ts";

type Attempt = { ok: true; messageId: string | undefined } | { ok: false; retry: boolean; error: string };

/**
 * An SMS aggregator's HTTP API: one POST per message to the configured URL with
 * `Authorization: Bearer <token>` and the JSON body of the template. Each attempt has a timeout;
 * network errors, timeouts, 429 and 5xx answers are retried a bounded number of times with a
 * doubling wait; any other answer (4xx, redirects) is final.
 */
export class HttpSmsGateway implements SmsGateway {
  readonly name = "http";
  private readonly template: SmsBodyTemplate;

  constructor(private readonly cfg: SmsGatewayConfig) {
    this.template = parseSmsBodyTemplate(cfg.bodyTemplate);
  }

  async send(to: string, text: string, meta: SmsMeta): Promise<SmsDeliveryResult> {
    const body = this.template.render({ to, to_e164: `+95${to.slice(1)}`, text, purpose: meta.purpose, reference: meta.reference });
    let error: string | undefined;
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.post(body);
      if (outcome.ok) {
        return {
          status: "sent",
          attempts: attempt,
          ...(outcome.messageId ? { providerMessageId: outcome.messageId } : {}),
          ...(error ? { error } : {}),
        };
      }
      error = outcome.error;
      if (!outcome.retry || attempt >= this.cfg.maxAttempts) return { status: "failed", attempts: attempt, error };
      await sleep(this.cfg.retryDelayMs * 2 ** (attempt - 1));
    }
  }

  private async post(body: string): Promise<Attempt> {
    const signal = AbortSignal.timeout(this.cfg.timeoutMs);
    let res: Response;
    try {
      res = await fetch(this.cfg.url, {
        method: "POST",
        headers: { authorization: `Bearer ${this.cfg.token}`, "content-type": "application/json", accept: "application/json" },
        body,
        redirect: "manual",
        signal,
      });
    } catch (err) {
      return { ok: false, retry: true, error: this.problem(err) };
    }
    let answer = "";
    try {
      answer = await res.text();
    } catch (err) {
      // The status already tells whether the gateway took the message; only its details are lost.
      if (!res.ok) return { ok: false, retry: res.status === 429 || res.status >= 500, error: `HTTP ${res.status}; ${this.problem(err)}` };
    }
    if (res.ok) return { ok: true, messageId: messageIdOf(answer, this.cfg.messageIdField) };
    const retry = res.status === 429 || res.status >= 500;
    const detail = redact(answer).trim().slice(0, 200);
    return { ok: false, retry, error: detail ? `HTTP ${res.status}: ${detail}` : `HTTP ${res.status}` };
  }

  private problem(err: unknown): string {
    const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
    if (e.name === "TimeoutError") return `timed out after ${this.cfg.timeoutMs} ms`;
    return `network error: ${redact(e.cause?.code ?? e.cause?.message ?? e.message ?? String(err))}`;
  }
}

/** Gateways may echo the message; every run of 4 or more digits (codes, phones) is hidden before it is stored or logged. */
export function redact(s: string): string {
  return s.replace(/\d{4,}/g, "…");
}

/** The gateway's message id at `path` (dot separated) of a JSON answer, when there is one. */
function messageIdOf(answer: string, path: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(answer);
  } catch {
    return undefined;
  }
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === "string" || typeof value === "number" ? String(value).slice(0, 200) : undefined;
}
