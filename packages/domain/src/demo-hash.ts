/**
 * The demo's stable randomness: a 32-bit FNV-1a hash of a text, so that demo data (past results,
 * the simulated market feed) is a fixed function of its key and every start, every process and
 * every test sees the same numbers. Not for anything a player could gain by predicting.
 */

/**
 * FNV-1a (32 bits, unsigned) of the text's UTF-16 code units. With `mixed`, the bits are then
 * spread (xor-shift and multiply), for callers that take the low bits directly (`hash % n`).
 */
export function demoHash(text: string, options: { mixed?: boolean } = {}): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  if (options.mixed) {
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 12;
  }
  return h >>> 0;
}
