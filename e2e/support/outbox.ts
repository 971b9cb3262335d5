/** Demo-mode SMS outbox (GET /api/dev/outbox): how the journeys read the codes a player would receive. */

export interface OutboxMessage {
  to: string;
  text: string;
  created_at: string;
}

export async function readOutbox(baseUrl: string, phone: string): Promise<OutboxMessage[]> {
  const res = await fetch(`${baseUrl}/api/dev/outbox?phone=${encodeURIComponent(phone)}`);
  if (!res.ok) throw new Error(`GET /api/dev/outbox answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: OutboxMessage[] }).data;
}

/**
 * The newest 6-digit code sent to a phone, waiting up to `timeoutMs` for it to arrive. With
 * `newerThan` (a count of messages already seen), only a message sent after those counts.
 */
export async function latestOtp(baseUrl: string, phone: string, opts: { newerThan?: number; timeoutMs?: number } = {}): Promise<string> {
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  for (;;) {
    const messages = await readOutbox(baseUrl, phone);
    const newest = messages[0];
    if (newest && messages.length > (opts.newerThan ?? 0)) {
      const code = /\b(\d{6})\b/.exec(newest.text)?.[1];
      if (!code) throw new Error(`The newest SMS to ${phone} carries no 6-digit code: ${newest.text}`);
      return code;
    }
    if (Date.now() > deadline) throw new Error(`No verification code reached ${phone} in time.`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A valid Myanmar mobile number nobody has registered yet (outside the demo accounts' 094/095 ranges). */
export function newPhone(): string {
  const rest = String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0");
  return `0979${rest}`;
}
