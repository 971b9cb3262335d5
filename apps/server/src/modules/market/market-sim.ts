import type { Market } from "@shwe/contracts";
import { demoHash, yangonDate, yangonDayBounds } from "@shwe/domain";

/**
 * The demo feed: a plausible SET index and value (and BTC/USDT price) moving through the Yangon
 * day, the same for every server process at the same instant. Each 5-second step moves the index by
 * up to ±0.40 and adds 1 to 9 million baht of turnover, so the running number changes most steps.
 * Answers documents shaped like a real feed's ({"setIndex": "1,402.35", "setValue": "23,456.78"} and
 * {"price": "65432.17"}), read through the same feed paths and result rules as a real one.
 * `extraSteps` moves it ahead (the demo and test hook); nothing else changes it.
 */
export const SIM_STEP_MS = 5000;

/** mulberry32: a small deterministic generator seeded from the market and the day. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Cents as "1,234.56" (with separators) or "1234.56". */
function cents(value: number, separators: boolean): string {
  const integer = Math.floor(value / 100);
  const fraction = String(value % 100).padStart(2, "0");
  return `${separators ? integer.toLocaleString("en-US") : String(integer)}.${fraction}`;
}

export interface SimulatorState {
  /** Steps added by the hook, by market. */
  extraSteps: Record<Market, number>;
}

export function createSimulatorState(): SimulatorState {
  return { extraSteps: { set: 0, crypto: 0 } };
}

/** The simulated feed document of `market` at `now`. */
export function simulatedFeed(market: Market, now: Date, extraSteps = 0): Record<string, string> {
  const day = yangonDate(now);
  const sinceMidnight = now.getTime() - yangonDayBounds(day).start.getTime();
  const steps = Math.floor(sinceMidnight / SIM_STEP_MS) + Math.max(0, Math.floor(extraSteps));
  const random = generator(demoHash(`${market}:${day}`));
  if (market === "crypto") {
    let price = 6_500_000 + Math.floor(random() * 400_000);
    for (let i = 0; i < steps; i++) price = Math.max(100_000, price + Math.floor((random() - 0.5) * 3_000));
    return { price: cents(price, false) };
  }
  let index = 138_000 + Math.floor(random() * 8_000);
  let value = 0;
  for (let i = 0; i < steps; i++) {
    index = Math.max(50_000, index + Math.floor((random() - 0.5) * 81));
    value += 100 * (1 + Math.floor(random() * 9)) + Math.floor(random() * 100);
  }
  return { setIndex: cents(index, true), setValue: cents(value, true) };
}
