/**
 * Settings of the GSC+ aggregator connection (spec/gsc-plus.md). Read from the environment by
 * config/env.ts only; every other module receives this object. Nothing of it ever reaches the browser
 * or the logs (the secret key is redacted by lib/log-safety.ts like every other secret).
 *
 * The points that the public implementations disagree on (gsc-plus.md §9) are settings here, each
 * with the default the contract recommends.
 */
export interface GscConfig {
  /**
   * Base URL of the aggregator's operator API (`<api_base>`): launch, product list, game list, wager
   * list. `undefined` only in demo mode, where the built-in simulator plays the aggregator in-process.
   */
  apiBaseUrl: string | undefined;
  /** True in demo mode without GSC_* settings: the in-process simulator plays the aggregator. */
  simulated: boolean;
  /** The operator (agent) code the aggregator gave us, sent in every call and checked in every webhook. */
  operatorCode: string;
  /** The shared secret key of the MD5 signs (§2). */
  secretKey: string;
  /** Currency sent at launch for products whose currency the catalogue does not name (§5.1). */
  defaultCurrency: string;
  /** Accepted webhook currencies and their ratio: kyat per one API unit (MMK 1, MMK2 1000, MMK3 100). */
  currencies: Readonly<Record<string, number>>;
  /**
   * Site path in front of the fixed tail `/v1/api/seamless/{balance|withdraw|deposit|pushbetdata}`;
   * the callback base URL handed to the aggregator is the site's public origin followed by it.
   */
  callbackPrefix: string;
  /**
   * Webhook freshness window in seconds (§2.3): 0 (the default) checks none, as no public
   * implementation does; otherwise a `request_time` further than this from our clock answers 1004.
   * The unit of `request_time` is detected by magnitude (≥ 10^12: milliseconds).
   */
  requestTimeWindowS: number;
  /** Products whose winnings come only by push bet data (§3.4; WBet 1040). */
  manualPayoutProducts: readonly number[];
  /** Whether a SETTLED push of a manual-payout product credits its prize (once per wager_code). */
  manualPayout: boolean;
  /** Signed actions that may take more than the balance holds (§3.1 rule 3); the rest answer 1001. */
  overdrawActions: readonly string[];
  /** Round scaled balances in answers to 4 decimal places (§5.2 switch; default: shortest exact value). */
  roundQuotientTo4dp: boolean;
  /** Timeout of one outbound call in milliseconds. */
  timeoutMs: number;
  /** Where a game's home/exit button returns (`operator_lobby_url`); undefined: the site's own origin. */
  lobbyUrl: string | undefined;
}

/** The contract's ratio table for the currencies a Myanmar operator meets (gsc-plus.md §5.1). */
export const DEFAULT_GSC_CURRENCIES: Readonly<Record<string, number>> = { MMK: 1, MMK2: 1000, MMK3: 100 };

export const DEFAULT_GSC_CALLBACK_PREFIX = "/api/gsc";

/** Fixed tail the aggregator appends to the callback base (gsc-plus.md §1). */
export const GSC_WEBHOOK_TAIL = "/v1/api/seamless";

/** Demo mode's simulator credentials: published, so production refuses them (config/production-secrets.ts). */
export const DEMO_GSC_OPERATOR_CODE = "SWDM";
export const DEMO_GSC_SECRET_KEY = "demo-gsc-secret-key";

export class GscConfigError extends Error {}

/**
 * Parses GSC_CURRENCIES: `CODE:ratio` pairs separated by commas, e.g. `MMK:1,MMK2:1000,MMK3:100`.
 * Codes are upper-case letters and digits; ratios are whole kyat per API unit (1 … 1,000,000).
 */
export function parseGscCurrencies(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of text.split(",")) {
    const item = part.trim();
    if (item === "") continue;
    const m = /^([A-Za-z]{3}[0-9]?):([0-9]{1,7})$/.exec(item);
    if (!m) throw new GscConfigError(`GSC_CURRENCIES: "${item}" is not CODE:ratio (e.g. MMK2:1000)`);
    const code = (m[1] as string).toUpperCase();
    const ratio = Number(m[2]);
    if (ratio < 1 || ratio > 1_000_000) throw new GscConfigError(`GSC_CURRENCIES: the ratio of ${code} must be 1 … 1,000,000`);
    if (code in out) throw new GscConfigError(`GSC_CURRENCIES: ${code} is listed twice`);
    out[code] = ratio;
  }
  if (Object.keys(out).length === 0) throw new GscConfigError("GSC_CURRENCIES: at least one currency is needed");
  return out;
}

/** Parses a comma-separated list of product codes (GSC_MANUAL_PAYOUT_PRODUCTS). */
export function parseProductCodes(text: string): number[] {
  const out: number[] = [];
  for (const part of text.split(",")) {
    const item = part.trim();
    if (item === "") continue;
    if (!/^[0-9]{1,9}$/.test(item)) throw new GscConfigError(`GSC_MANUAL_PAYOUT_PRODUCTS: "${item}" is not a product code`);
    out.push(Number(item));
  }
  return out;
}

/** Parses a comma-separated list of action names (GSC_OVERDRAW_ACTIONS), upper-cased. */
export function parseActionNames(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(",")) {
    const item = part.trim().toUpperCase();
    if (item === "") continue;
    if (!/^[A-Z_]{2,40}$/.test(item)) throw new GscConfigError(`GSC_OVERDRAW_ACTIONS: "${item}" is not an action name`);
    out.push(item);
  }
  return out;
}

/** The settings of tests and of demo mode without GSC_* variables: the in-process simulator. */
export function simulatedGscConfig(overrides: Partial<GscConfig> = {}): GscConfig {
  return {
    apiBaseUrl: undefined,
    simulated: true,
    operatorCode: DEMO_GSC_OPERATOR_CODE,
    secretKey: DEMO_GSC_SECRET_KEY,
    defaultCurrency: "MMK",
    currencies: DEFAULT_GSC_CURRENCIES,
    callbackPrefix: DEFAULT_GSC_CALLBACK_PREFIX,
    requestTimeWindowS: 0,
    manualPayoutProducts: [1040],
    manualPayout: true,
    overdrawActions: ["RESETTLED"],
    roundQuotientTo4dp: false,
    timeoutMs: 8000,
    lobbyUrl: undefined,
    ...overrides,
  };
}
