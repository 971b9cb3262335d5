import type { FeedConfig, LotteryType } from "@shwe/contracts";
import { FEED_FIELDS, type FeedValues } from "@shwe/domain";

/**
 * The `feed` result source: an HTTP(S) JSON document the operator configured per game, and the
 * dotted paths of the values in it ("data.0.price"). Fetched at draw time, outside any transaction.
 */

/** Fetches a URL and answers its parsed JSON body; throws with a message fit for operators. */
export type FeedFetcher = (url: string, timeoutMs: number) => Promise<unknown>;

const MAX_FEED_BYTES = 1024 * 1024;

export const fetchFeedJson: FeedFetcher = async (url, timeoutMs) => {
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw new Error("The feed URL must be http or https.");
  let response: Response;
  try {
    response = await fetch(parsed, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json" } });
  } catch (err) {
    const name = (err as { name?: string }).name;
    throw new Error(name === "TimeoutError" ? `The feed did not answer within ${timeoutMs} ms.` : "The feed could not be reached.");
  }
  if (!response.ok) throw new Error(`The feed answered HTTP ${response.status}.`);
  const text = await response.text();
  if (Buffer.byteLength(text) > MAX_FEED_BYTES) throw new Error("The feed answer is larger than 1 MB.");
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error("The feed answer is not JSON.");
  }
};

/** The value at a dotted path ("data.0.price"); undefined when any step is missing. */
export function valueAtPath(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const step of path.split(".")) {
    if (cur === null || typeof cur !== "object") return undefined;
    if (Array.isArray(cur)) {
      if (!/^(0|[1-9][0-9]*)$/.test(step)) return undefined;
      cur = cur[Number(step)];
    } else {
      if (!Object.hasOwn(cur, step)) return undefined;
      cur = (cur as Record<string, unknown>)[step];
    }
  }
  return cur;
}

/** The raw values the game needs, read from the feed document; throws naming the first missing or non-scalar value. */
export function extractFeedValues(type: LotteryType, doc: unknown, paths: FeedConfig["paths"]): FeedValues {
  const out: Record<string, string | number> = {};
  for (const field of FEED_FIELDS[type]) {
    const path = paths[field];
    if (!path) throw new Error(`No path is configured for "${field}".`);
    const value = valueAtPath(doc, path);
    if (typeof value !== "string" && typeof value !== "number") {
      throw new Error(`The feed has no text or number at "${path}" (${field}).`);
    }
    out[field] = value;
  }
  return out as FeedValues;
}
