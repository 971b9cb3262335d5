import type { AppContext } from "../../app-context.ts";
import { clean, insertCallback, retryWhenBusy } from "../providers/providers.service.ts";
import { kyatPerPointOf, POINTS_SETTING_KEY } from "../rewards/points.service.ts";
import { answerDecimals, apiUnitsToKyat4, formatGscBalance, parseGscAmount } from "./gsc-amount.ts";
import type { GscConfig } from "./gsc-config.ts";
import { DEBIT_ACTIONS, GSC, type GscTx, gscProviderCode, runElement } from "./gsc-element.ts";
import { exactBalance } from "./gsc-exact.ts";
import { playerLanes, webhookGate } from "./gsc-lanes.ts";
import { countGeneralGscElement, gscElementInOneCall, oneCallFits } from "./gsc-one-call.ts";
import { GSC_INBOUND_KEYWORDS, type GscWebhookName, gscInboundSignValid } from "./gsc-sign.ts";
import { findGscParties } from "./gsc-wallet.repository.ts";

/**
 * The GSC+ seamless wallet webhooks /balance, /withdraw and /deposit (gsc-plus.md §1–§6;
 * docs/provider-wallet.md "GSC+ seamless wallet"). Always HTTP 200; the outcome is in `code`.
 * Checks in the contract's order (§4.1): 1002 operator code → 1004 sign (and the freshness window,
 * when one is configured) → 999 currency, all before anything is read from the database; then per
 * batch element: 1000 member → 2000 maintenance → the transactions (gsc-element.ts). A single BET,
 * SETTLED or WIN tries one database call first (gsc-one-call.ts, decisions 0020 and 0021), which applies
 * it or answers a repeat (1003), a short bet (1001) or a result without a bet (1006) as those checks
 * would, and hands every other case back to them unchanged.
 * One answer row per batch element, in order, balances in the request currency.
 */
export interface GscRow {
  member_account: string;
  product_code: number;
  before_balance?: number;
  balance: number;
  code: number;
  message: string;
}

export interface GscAnswer {
  code: number;
  message: string;
  data?: GscRow[];
}

export interface GscCallInput {
  name: GscWebhookName;
  rawBody: Buffer;
  headers: Record<string, string | null>;
  ip: string | null;
  log?: { warn(obj: unknown, msg: string): void };
}

const RAW_BODY_KEPT = 64 * 1024;
const MAX_ELEMENTS = 500;
const MAX_TXS = 500;
const TEXT = /^[\x21-\x7e]{1,200}$/;

export type Envelope = {
  operatorCode: string;
  requestTime: string;
  sign: unknown;
  body: Record<string, unknown>;
};

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The body as JSON, or undefined when it is not a JSON object. */
export function parseBody(rawBody: Buffer): Record<string, unknown> | undefined {
  try {
    const json: unknown = JSON.parse(rawBody.toString("utf8"));
    return isObject(json) ? json : undefined;
  } catch {
    return undefined;
  }
}

/** operator_code and request_time as received (digits verbatim), or undefined when malformed. */
export function envelopeOf(body: Record<string, unknown>): Envelope | undefined {
  const op = body.operator_code;
  const rt = body.request_time;
  if (typeof op !== "string" || op.length === 0 || op.length > 64) return undefined;
  let requestTime: string;
  if (typeof rt === "number" && Number.isSafeInteger(rt) && rt >= 0) requestTime = String(rt);
  else if (typeof rt === "string" && /^[0-9]{1,20}$/.test(rt)) requestTime = rt;
  else return undefined;
  return { operatorCode: op, requestTime, sign: body.sign, body };
}

/**
 * 1002 or 1004 for a call that is not the aggregator's (or undefined when it is): operator code
 * (case-insensitive), then the sign over the received values, then the freshness window if set.
 */
export function envelopeRefusal(config: GscConfig, env: Envelope, keyword: string, nowMs: number): number | undefined {
  if (env.operatorCode.toUpperCase() !== config.operatorCode.toUpperCase()) return GSC.OPERATOR;
  const signOk = gscInboundSignValid({
    operatorCode: env.operatorCode,
    requestTime: env.requestTime,
    keyword,
    secretKey: config.secretKey,
    sign: env.sign,
  });
  if (!signOk) return GSC.SIGN;
  if (config.requestTimeWindowS > 0) {
    const n = Number(env.requestTime);
    const ms = n >= 1e12 ? n : n * 1000;
    if (Math.abs(nowMs - ms) > config.requestTimeWindowS * 1000) return GSC.SIGN;
  }
  return undefined;
}

const MESSAGES: Record<number, string> = {
  [GSC.OK]: "",
  [GSC.ERROR]: "internal error",
  [GSC.NO_MEMBER]: "member does not exist",
  [GSC.INSUFFICIENT]: "member balance insufficient",
  [GSC.OPERATOR]: "proxy key error",
  [GSC.DUPLICATE]: "duplicate transaction",
  [GSC.SIGN]: "invalid signature",
  [GSC.NO_BET]: "bet does not exist",
  [GSC.MAINTENANCE]: "product under maintenance",
};

interface Echo {
  member: string;
  product: number;
}

function echoOf(element: unknown): Echo {
  const e = isObject(element) ? element : {};
  const member = typeof e.member_account === "string" ? e.member_account : "";
  const p = e.product_code ?? e.Product_code;
  const product = typeof p === "number" && Number.isSafeInteger(p) ? p : typeof p === "string" && /^[0-9]{1,9}$/.test(p) ? Number(p) : 0;
  return { member, product };
}

function rowOf(echo: Echo, code: number, withBefore: boolean, before: number, after: number, message?: string): GscRow {
  const text = message ?? MESSAGES[code] ?? "";
  if (withBefore)
    return { member_account: echo.member, product_code: echo.product, before_balance: before, balance: after, code, message: text };
  return { member_account: echo.member, product_code: echo.product, balance: after, code, message: text };
}

function str(v: unknown, max = 200): string | null {
  if (typeof v === "string" && v.length > 0) return v.slice(0, max);
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  return null;
}

/** The transactions of an element, or the reason they cannot be read. */
function parseTransactions(list: unknown, ratio: number): { ok: true; txs: GscTx[] } | { ok: false; message: string } {
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_TXS) return { ok: false, message: "transactions missing" };
  const txs: GscTx[] = [];
  for (const item of list) {
    if (!isObject(item)) return { ok: false, message: "transaction is not an object" };
    const id = item.id;
    if (typeof id !== "string" || !TEXT.test(id)) return { ok: false, message: "transaction id missing" };
    if (typeof item.action !== "string" || item.action.length === 0) return { ok: false, message: "action missing" };
    const amount = parseGscAmount(item.amount);
    if (amount === undefined) return { ok: false, message: "amount is not a decimal" };
    txs.push({
      id,
      action: item.action.trim().toUpperCase(),
      amountE4: apiUnitsToKyat4(amount, ratio),
      wagerCode: str(item.wager_code),
      roundId: str(item.round_id),
      gameCode: str(item.game_code, 100),
      wagerStatus: str(item.wager_status, 40),
      raw: item,
    });
  }
  return { ok: true, txs };
}

export async function handleGscWallet(ctx: AppContext, config: GscConfig, input: GscCallInput): Promise<GscAnswer> {
  let signatureOk = false;
  let kept = false;
  let answer: GscAnswer;
  try {
    const result = await answerCall(ctx, config, input);
    signatureOk = result.signatureOk;
    kept = result.kept;
    answer = result.answer;
  } catch (err) {
    input.log?.warn({ err }, "GSC+ webhook failed");
    // Still one row per element: elements applied before the failure answer 1003 to the retry.
    const elements = parseBody(input.rawBody)?.batch_requests;
    const data = Array.isArray(elements) ? elements.map((e) => rowOf(echoOf(e), GSC.ERROR, input.name !== "balance", 0, 0)) : [];
    answer = { code: GSC.ERROR, message: MESSAGES[GSC.ERROR] as string, data };
  }
  // An element applied in one call keeps its webhook's callback in the same statement.
  if (!kept) await webhookGate(ctx).run(() => keepCallback(ctx, input, signatureOk, answer));
  return answer;
}

interface CallResult {
  signatureOk: boolean;
  answer: GscAnswer;
  /** The raw callback is already kept (with the element applied in one call). */
  kept: boolean;
}

async function answerCall(ctx: AppContext, config: GscConfig, input: GscCallInput): Promise<CallResult> {
  const body = parseBody(input.rawBody);
  const env = body && envelopeOf(body);
  const elements = body?.batch_requests;
  if (!body || !env || !Array.isArray(elements) || elements.length > MAX_ELEMENTS) {
    return { signatureOk: false, kept: false, answer: { code: GSC.ERROR, message: "Validation failed", data: [] } };
  }
  const withBefore = input.name !== "balance";
  const echoes = elements.map(echoOf);
  const all = (code: number) => ({ code, message: MESSAGES[code] ?? "", data: echoes.map((e) => rowOf(e, code, withBefore, 0, 0)) });

  const refusal = envelopeRefusal(config, env, GSC_INBOUND_KEYWORDS[input.name], ctx.clock.now().getTime());
  if (refusal !== undefined) return { signatureOk: false, kept: false, answer: all(refusal) };
  const currency = typeof body.currency === "string" ? body.currency.trim().toUpperCase() : "";
  const ratio = Object.hasOwn(config.currencies, currency) ? config.currencies[currency] : undefined;
  if (ratio === undefined) return { signatureOk: true, kept: false, answer: { ...all(GSC.ERROR), message: "invalid currency" } };

  const data: GscRow[] = [];
  let kept = false;
  for (const [i, element] of elements.entries()) {
    const whole = elements.length === 1;
    const result = await answerElement(ctx, config, input, element, echoes[i] as Echo, currency, ratio, whole);
    data.push(result.row);
    kept = kept || result.kept;
  }
  return { signatureOk: true, kept, answer: { code: GSC.OK, message: "", data } };
}

/**
 * One element: a single BET, SETTLED or WIN tries the one call first (gsc-one-call.ts; with the
 * webhook's callback when the element is the whole webhook), which answers it or its common refusal;
 * everything else, and what the one call hands back, takes the general path, at most
 * GSC_WEBHOOKS_AT_ONCE webhooks of this instance at once.
 */
async function answerElement(
  ctx: AppContext,
  config: GscConfig,
  input: GscCallInput,
  element: unknown,
  echo: Echo,
  currency: string,
  ratio: number,
  whole: boolean,
): Promise<{ row: GscRow; kept: boolean }> {
  const withBefore = input.name !== "balance";
  const member = echo.member.trim();
  if (member === "" || member.length > 50 || echo.product <= 0)
    return { row: rowOf(echo, GSC.ERROR, withBefore, 0, 0, "member_account or product_code missing"), kept: false };
  const parsed = withBefore ? parseTransactions(isObject(element) ? element.transactions : undefined, ratio) : undefined;
  if (parsed?.ok && oneCallFits(parsed.txs)) {
    const tx = parsed.txs[0] as GscTx;
    const fmt = (e4: bigint) => formatGscBalance(e4, ratio, config.roundQuotientTo4dp);
    const callback = whole
      ? {
          action: input.name,
          headers: input.headers,
          rawBody: keptRawBody(input.rawBody),
          ip: input.ip,
          member: echo.member,
          product: echo.product,
          ratio,
          decimals: answerDecimals(ratio, config.roundQuotientTo4dp),
        }
      : undefined;
    const one = await gscElementInOneCall(ctx, {
      userCode: member,
      productCode: echo.product,
      currency,
      tx,
      mayOverdraw: config.overdrawActions.includes(tx.action),
      callback,
    });
    if (one) {
      if (one.otherBody) {
        input.log?.warn({ transaction_id: tx.id, user_id: one.userId }, "GSC+ transaction id repeated with a different body");
      }
      return { row: rowOf(echo, one.code, true, fmt(one.beforeE4), fmt(one.afterE4)), kept: callback !== undefined };
    }
  }
  if (withBefore) countGeneralGscElement(ctx);
  const row = await webhookGate(ctx).run(() => answerInGeneral(ctx, config, input, echo, member, currency, ratio, parsed));
  return { row, kept: false };
}

async function answerInGeneral(
  ctx: AppContext,
  config: GscConfig,
  input: GscCallInput,
  echo: Echo,
  member: string,
  currency: string,
  ratio: number,
  parsed: ReturnType<typeof parseTransactions> | undefined,
): Promise<GscRow> {
  const withBefore = input.name !== "balance";
  const fmt = (e4: bigint) => formatGscBalance(e4, ratio, config.roundQuotientTo4dp);
  const parties = await retryWhenBusy(() => findGscParties(ctx.db, gscProviderCode(echo.product), member, POINTS_SETTING_KEY));
  if (!parties.player) return rowOf(echo, GSC.NO_MEMBER, withBefore, 0, 0);
  const current = fmt(exactBalance(parties));
  const open = parties.provider?.active === true && !parties.provider.maintenance;

  if (!parsed) {
    return open ? rowOf(echo, GSC.OK, false, current, current) : rowOf(echo, GSC.MAINTENANCE, false, current, current);
  }
  if (!parsed.ok) return rowOf(echo, GSC.ERROR, true, current, current, parsed.message);
  if (!parties.provider || (!open && parsed.txs.some((t) => DEBIT_ACTIONS.has(t.action)))) {
    return rowOf(echo, GSC.MAINTENANCE, true, current, current);
  }
  const player = parties.player;
  const result = await playerLanes(ctx).run(player.id, () =>
    retryWhenBusy(() =>
      runElement(ctx.db, {
        userId: player.id,
        productCode: echo.product,
        currency,
        freeRoundCredits: parties.provider?.freeRoundCredits === true,
        kyatPerPoint: kyatPerPointOf(parties.pointsSetting),
        overdrawActions: config.overdrawActions,
        txs: parsed.txs,
        now: ctx.clock.now(),
        alert: (msg, detail) => input.log?.warn(detail, msg),
      }),
    ),
  );
  return rowOf(echo, result.code, true, fmt(result.beforeE4), fmt(result.afterE4), result.message || undefined);
}

/** The raw body as provider_callbacks keeps it. */
function keptRawBody(rawBody: Buffer): string {
  return clean(rawBody.subarray(0, RAW_BODY_KEPT).toString("utf8"), RAW_BODY_KEPT);
}

/** Every webhook as received, with its answer, in provider_callbacks (provider "GSC"). */
export async function keepCallback(ctx: AppContext, input: GscCallInput, signatureOk: boolean, answer: GscAnswer): Promise<void> {
  const body = parseBody(input.rawBody);
  const first = body && Array.isArray(body.batch_requests) ? firstTransactionId(body.batch_requests) : null;
  try {
    await insertCallback(ctx.db, {
      provider: "GSC",
      action: input.name,
      headers: input.headers,
      rawBody: keptRawBody(input.rawBody),
      signatureOk,
      transactionId: first,
      status: String(answer.code),
      answer,
      ip: input.ip,
    });
  } catch (err) {
    input.log?.warn({ err }, "GSC+ callback not recorded");
  }
}

function firstTransactionId(elements: unknown[]): string | null {
  for (const e of elements) {
    if (!isObject(e) || !Array.isArray(e.transactions)) continue;
    for (const t of e.transactions) if (isObject(t) && typeof t.id === "string") return clean(t.id, 200);
  }
  return null;
}
