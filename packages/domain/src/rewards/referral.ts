/**
 * Referral rules (domain-rules §7): what a referrer earns from a referee's casino play, and the
 * signs of referral farming.
 *
 * Earnings follow the referee's NET casino loss since joining, with a high-water mark: each settled
 * round adds its net (stake − payout, negative for a win) to the referee's running net loss; the
 * referrer earns the share only of the part that rises above the highest net loss already paid on.
 * So wins cancel earlier losses before anything more is paid, the earnings never go negative and
 * no kyat of loss is paid on twice. Fractions of a kyat are carried to the next rise (in units of
 * 1/10,000 kyat), so nothing is lost to rounding either, even when the share setting changes.
 */

/** A referee's running state: running net loss, the high-water mark paid on, and the carried fraction. */
export interface ReferralAccrual {
  /** Σ (stake − payout) of the referee's settled rounds; negative while the referee is ahead. */
  netLoss: number;
  /** The highest net loss the share has been computed on (≥ 0, ≥ netLoss). */
  paidLoss: number;
  /** Fraction of a kyat owed, in 1/10,000 kyat (0 … 9,999). */
  carry: number;
}

export const EMPTY_ACCRUAL: ReferralAccrual = { netLoss: 0, paidLoss: 0, carry: 0 };

const UNITS = 10_000n;

/**
 * One settled round of a referee: `roundNet` = stake − payout (negative for a win), `basisPoints` the
 * share in force (5 % = 500). Answers the new state and the whole kyat earned now (≥ 0).
 */
export function accrueReferral(state: ReferralAccrual, roundNet: number, basisPoints: number): { state: ReferralAccrual; share: number } {
  if (!Number.isSafeInteger(roundNet)) throw new RangeError("roundNet must be a safe integer");
  if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > 10_000) throw new RangeError("basisPoints must be 0 … 10,000");
  const netLoss = state.netLoss + roundNet;
  if (netLoss <= state.paidLoss) return { state: { ...state, netLoss }, share: 0 };
  const units = BigInt(netLoss - state.paidLoss) * BigInt(basisPoints) + BigInt(state.carry);
  return {
    state: { netLoss, paidLoss: netLoss, carry: Number(units % UNITS) },
    share: Number(units / UNITS),
  };
}

/**
 * The network a sign-up came from: IPv4 → its /24 ("203.0.113.0/24"), IPv6 → its /64
 * ("2001:db8:0:1::/64"); IPv4-mapped IPv6 counts as IPv4. Anything else → null.
 */
export function ipRangeOf(ip: string): string | null {
  const raw = ip.trim().toLowerCase();
  const v4 = ipv4Octets(raw.startsWith("::ffff:") ? raw.slice(7) : raw);
  if (v4) return `${v4[0]}.${v4[1]}.${v4[2]}.0/24`;
  const groups = ipv6Groups(raw.split("%")[0] ?? "");
  if (!groups) return null;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const hi = groups[6] ?? 0;
    return `${hi >> 8}.${hi & 0xff}.${(groups[7] ?? 0) >> 8}.0/24`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

function ipv4Octets(s: string): number[] | null {
  const parts = s.split(".");
  if (parts.length !== 4) return null;
  const octets = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : -1));
  return octets.every((o) => o >= 0 && o <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address (with "::" and a trailing dotted IPv4), or null. */
function ipv6Groups(s: string): number[] | null {
  if (!s.includes(":")) return null;
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === "") return [];
    const out: number[] = [];
    const pieces = part.split(":");
    for (let i = 0; i < pieces.length; i++) {
      const p = pieces[i] as string;
      if (i === pieces.length - 1 && p.includes(".")) {
        const v4 = ipv4Octets(p);
        if (!v4) return null;
        out.push(((v4[0] as number) << 8) | (v4[1] as number), ((v4[2] as number) << 8) | (v4[3] as number));
      } else if (/^[0-9a-f]{1,4}$/.test(p)) out.push(Number.parseInt(p, 16));
      else return null;
    }
    return out;
  };
  const head = parse(halves[0] as string);
  const tail = halves.length === 2 ? parse(halves[1] as string) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : null;
}

/** Where one referee signed up from. */
export interface RefereeOrigin {
  id: number;
  /** Sign-up time, epoch ms. */
  at: number;
  deviceId: string | null;
  ipRange: string | null;
}

export interface FarmingRule {
  /** How many referees on one device or network make a pattern (≥ 2). */
  threshold: number;
  /** …within this many milliseconds. */
  windowMs: number;
}

export const DEFAULT_FARMING_RULE: FarmingRule = { threshold: 3, windowMs: 24 * 3_600_000 };

/**
 * A set of one referrer's referees that signed up from one device or one network within the window;
 * or (`shared_sign_in`, key: the client address) referees whose sign-up or sign-ins came from the
 * referrer's own browser on the referrer's own network (same address and user agent, within days).
 */
export interface FarmingGroup {
  kind: "device" | "ip_range" | "shared_sign_in";
  key: string;
  /** The referees of the densest window, oldest first. */
  refereeIds: number[];
  from: number;
  to: number;
}

/**
 * Referral farming: `threshold` or more referees of one referrer sharing a device id or an IP range
 * and signing up within `windowMs` of each other. Answers each such device / range once, with the
 * referees of its densest window (the earliest such window on a tie); devices first, then ranges.
 */
export function farmingGroups(referees: readonly RefereeOrigin[], rule: FarmingRule): FarmingGroup[] {
  const out: FarmingGroup[] = [];
  for (const kind of ["device", "ip_range"] as const) {
    const byKey = new Map<string, RefereeOrigin[]>();
    for (const r of referees) {
      const key = kind === "device" ? r.deviceId : r.ipRange;
      if (key === null || key === "") continue;
      const list = byKey.get(key) ?? [];
      list.push(r);
      byKey.set(key, list);
    }
    for (const key of [...byKey.keys()].sort()) {
      const list = [...(byKey.get(key) as RefereeOrigin[])].sort((a, b) => a.at - b.at || a.id - b.id);
      let best: RefereeOrigin[] = [];
      let start = 0;
      for (let end = 0; end < list.length; end++) {
        while ((list[end] as RefereeOrigin).at - (list[start] as RefereeOrigin).at > rule.windowMs) start++;
        if (end - start + 1 > best.length) best = list.slice(start, end + 1);
      }
      if (best.length >= rule.threshold) {
        out.push({
          kind,
          key,
          refereeIds: best.map((r) => r.id),
          from: (best[0] as RefereeOrigin).at,
          to: (best[best.length - 1] as RefereeOrigin).at,
        });
      }
    }
  }
  return out;
}

/** A per-browser id the web app sends on sign-up (X-Device-Id): 16 … 64 of [A-Za-z0-9_-]. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
