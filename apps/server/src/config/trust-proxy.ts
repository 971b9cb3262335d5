import { isIP } from "node:net";

/**
 * Which proxies may set X-Forwarded-For (Fastify's trustProxy): none (false), a number of proxy hops
 * counted from this server, or a list of proxy addresses / CIDR ranges. `true` (every address) is
 * accepted in demo mode only: anyone could then choose the address their rate limits count under.
 */
export type TrustProxy = boolean | number | string[];

/** Named ranges proxy-addr (Fastify) understands in a list. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);
const MAX_HOPS = 10;

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const slash = entry.indexOf("/");
  if (slash === -1) return isIP(entry) !== 0;
  const family = isIP(entry.slice(0, slash));
  const bits = entry.slice(slash + 1);
  if (family === 0 || !/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false` (default), a hop count (`1` = one proxy in front, whose X-Forwarded-For entry
 * is used; `0` = none), or a comma-separated list of proxy addresses / CIDR ranges (X-Forwarded-For is
 * honoured only on connections from them, and entries added by them). Throws a message fit for a
 * start-up error.
 */
export function parseTrustProxy(raw: string, mode: "demo" | "production"): TrustProxy {
  const value = raw.trim();
  if (value === "" || value === "false") return false;
  if (value === "true") {
    if (mode === "production") {
      throw new Error(
        "TRUST_PROXY=true would trust an X-Forwarded-For sent by anyone; set the number of proxy hops in front of the server (e.g. TRUST_PROXY=1) or the proxy addresses (e.g. TRUST_PROXY=10.0.0.0/8)",
      );
    }
    return true;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS) throw new Error(`TRUST_PROXY: at most ${MAX_HOPS} proxy hops`);
    return hops === 0 ? false : hops;
  }
  const entries = value.split(",").map((s) => s.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    throw new Error(
      `TRUST_PROXY: not false, a hop count or a list of IP addresses / CIDR ranges: ${bad.map((b) => JSON.stringify(b)).join(", ")}`,
    );
  }
  return entries;
}

/**
 * Fastify's trustProxy for a TrustProxy. Fastify itself no longer honours a bare hop count, so hops
 * become a trust function: the first `hops` addresses, counted from the connection inward (the
 * connecting proxy, then the entries it and the proxies before it appended, right to left), are
 * proxies; the next one is the client. Only right when the server cannot be reached but through
 * those proxies: prefer the list of proxy addresses.
 */
export function fastifyTrustProxy(tp: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof tp !== "number") return tp;
  const hops = tp;
  return (_address, hop) => hop < hops;
}
