import { yangonDayBounds } from "@shwe/domain";
import type { Db } from "../../db/client.ts";
import { apiUnitsToKyat4, KYAT, parseGscAmount } from "./gsc-amount.ts";
import type { GscClient, GscWager } from "./gsc-client.ts";
import type { GscConfig } from "./gsc-config.ts";
import { type MismatchInsert, type OurWager, type OurWagerSource, replaceMismatches } from "./gsc-reconcile.repository.ts";

/**
 * The daily reconciliation (spec/gsc-plus.md §7.4): the aggregator's wager list for a Yangon day, read
 * in 5-minute windows, against our own GSC+ wagers of the same day, by wager_code. A mismatch is a
 * wager missing on either side, a different stake or payout (by a whole kyat or more: our ledger
 * keeps whole kyat) or a different status; each is stored with both sides' raw rows.
 */

export const WINDOW_MS = 5 * 60 * 1000;
/** Wagers asked per page of the wager list (the aggregator allows up to 5,000). */
export const WAGER_PAGE_SIZE = 1000;
const MAX_WAGER_PAGES = 50;

export interface ReconcileSummary {
  day: string;
  windows: number;
  theirs: number;
  ours: number;
  matched: number;
  mismatched: number;
  missing_ours: number;
  missing_theirs: number;
  amount: number;
  status: number;
}

/** The aggregator's status in our words: open, settled, rolled_back; undefined when it names none of them. */
export function statusOfWager(raw: string | undefined): string | undefined {
  switch ((raw ?? "").trim().toUpperCase()) {
    case "BET":
    case "UNSETTLED":
    case "PENDING":
      return "open";
    case "SETTLED":
    case "RESETTLED":
    case "BONUS":
      return "settled";
    case "VOID":
    case "CANCEL":
    case "CANCELLED":
    case "CANCELED":
      return "rolled_back";
    default:
      return undefined;
  }
}

/** An amount of their row in ten-thousandths of a kyat, by the wager's currency (undefined: unreadable or unknown currency). */
function kyat4Of(
  value: unknown,
  currency: string | undefined,
  config: Pick<GscConfig, "currencies" | "defaultCurrency">,
): bigint | undefined {
  const ratio = config.currencies[(currency ?? config.defaultCurrency).trim().toUpperCase()];
  if (ratio === undefined) return undefined;
  const units = parseGscAmount(value ?? 0);
  if (units === undefined) return undefined;
  const kyat4 = apiUnitsToKyat4(units, ratio);
  return kyat4 < 0n ? -kyat4 : kyat4;
}

/** Differs by a whole kyat or more. */
const differs = (theirs: bigint | undefined, oursKyat: number) =>
  theirs === undefined || theirs - BigInt(oursKyat) * KYAT >= KYAT || BigInt(oursKyat) * KYAT - theirs >= KYAT;

/** The comparison itself (pure): their wagers against ours, both of the same day. */
export function compareWagers(
  day: string,
  theirs: readonly GscWager[],
  ours: readonly OurWager[],
  config: Pick<GscConfig, "currencies" | "defaultCurrency">,
): { mismatches: MismatchInsert[]; matched: number } {
  const mine = new Map(ours.map((w) => [w.wager_code, w]));
  const seen = new Set<string>();
  const mismatches: MismatchInsert[] = [];
  let matched = 0;
  for (const wager of theirs) {
    if (seen.has(wager.wager_code)) continue;
    seen.add(wager.wager_code);
    const our = mine.get(wager.wager_code);
    const base = {
      day,
      wagerCode: wager.wager_code,
      memberAccount: wager.member_account ?? our?.member_account ?? null,
      productCode: wager.product_code ?? our?.product_code ?? null,
      theirs: wager,
      ours: our ?? null,
    };
    if (!our) {
      mismatches.push({ ...base, kind: "missing_ours" });
      continue;
    }
    const bet = kyat4Of(wager.bet_amount, wager.currency, config);
    const payout = kyat4Of(wager.prize_amount, wager.currency, config);
    const theirStatus = statusOfWager(wager.wager_status);
    if (differs(bet, our.bet) || differs(payout, our.payout)) mismatches.push({ ...base, kind: "amount" });
    else if (theirStatus !== undefined && theirStatus !== our.status) mismatches.push({ ...base, kind: "status" });
    else matched++;
  }
  for (const our of ours) {
    if (seen.has(our.wager_code)) continue;
    seen.add(our.wager_code);
    mismatches.push({
      day,
      kind: "missing_theirs",
      wagerCode: our.wager_code,
      memberAccount: our.member_account,
      productCode: our.product_code,
      ours: our,
      theirs: null,
    });
  }
  return { mismatches, matched };
}

/** Every wager of [start, end) in 5-minute windows, each read page by page. */
export async function fetchDayWagers(
  client: Pick<GscClient, "wagers">,
  start: Date,
  end: Date,
  signal?: AbortSignal,
): Promise<{ wagers: GscWager[]; windows: number }> {
  const wagers: GscWager[] = [];
  let windows = 0;
  for (let from = start.getTime(); from < end.getTime(); from += WINDOW_MS) {
    // A server shutting down stops between windows instead of reading the rest of the day.
    signal?.throwIfAborted();
    const to = Math.min(from + WINDOW_MS, end.getTime());
    windows++;
    let offset = 0;
    for (let page = 0; page < MAX_WAGER_PAGES; page++) {
      const result = await client.wagers(from, to, offset, WAGER_PAGE_SIZE);
      wagers.push(...result.wagers);
      offset += result.rows;
      if (result.rows === 0) break;
      if (result.total !== undefined ? offset >= result.total : result.rows < WAGER_PAGE_SIZE) break;
    }
  }
  return { wagers, windows };
}

export interface ReconcileDeps {
  db: Db;
  config: GscConfig;
  client: Pick<GscClient, "wagers">;
  ours: OurWagerSource;
  /** Aborted when the server shuts down: the run stops between two windows and is not recorded as done. */
  signal?: AbortSignal;
}

/** Reconciles one Yangon day and stores its mismatches (replacing an earlier run's); answers the summary. */
export async function reconcileDay(deps: ReconcileDeps, day: string): Promise<ReconcileSummary> {
  const { start, end } = yangonDayBounds(day);
  const { wagers, windows } = await fetchDayWagers(deps.client, start, end, deps.signal);
  const ours = await deps.ours(start, end);
  const { mismatches, matched } = compareWagers(day, wagers, ours, deps.config);
  await deps.db.transaction(async (tx) => replaceMismatches(tx, day, mismatches));
  const count = (kind: MismatchInsert["kind"]) => mismatches.filter((m) => m.kind === kind).length;
  return {
    day,
    windows,
    theirs: new Set(wagers.map((w) => w.wager_code)).size,
    ours: new Set(ours.map((w) => w.wager_code)).size,
    matched,
    mismatched: mismatches.length,
    missing_ours: count("missing_ours"),
    missing_theirs: count("missing_theirs"),
    amount: count("amount"),
    status: count("status"),
  };
}
