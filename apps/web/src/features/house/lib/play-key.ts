/** A fresh Idempotency-Key for one play (reused if that same play is sent again after a network error). */
export function newPlayKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === "function") return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
