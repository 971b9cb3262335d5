import {
  type ProviderWalletAction,
  type ProviderWalletBody,
  providerWalletActionSchema,
  providerWalletRequestSchemas,
} from "@shwe/contracts";
import type { AppContext } from "../../../app-context.ts";
import type { Tx } from "../../../db/client.ts";
import { kyatPerPointOf } from "../../rewards/points.service.ts";
import { type CallbackRecord, insertCallback } from "./provider-callbacks.repository.ts";
import { findWalletParties } from "./provider-rounds.repository.ts";
import { applyCredit } from "./wallet-credit.ts";
import { applyDebit } from "./wallet-debit.ts";
import { countGeneralWalletCall, walletInOneCall } from "./wallet-one-call.ts";
import { applyRollback } from "./wallet-rollback.ts";
import { verifyWalletSignature } from "./wallet-signature.ts";
import {
  answerOf,
  requestHashOf,
  retryWhenBusy,
  runWalletCall,
  storedAnswerOf,
  type WalletAnswer,
  type WalletCall,
} from "./wallet-transaction.ts";

/**
 * One call of the seamless wallet API (api.md "Provider wallet API"), in this order:
 *   1. the provider code of the path must have a wallet connection (an adapter with a secret), else
 *      PROVIDER_DISABLED;
 *   2. X-Timestamp and X-Signature are checked against the raw body before anything is read from it
 *      (INVALID_SIGNATURE);
 *   3. the body is parsed and validated for the action (INVALID_REQUEST);
 *   4. the provider must be in the catalogue (PROVIDER_DISABLED) and the player known (UNKNOWN_PLAYER);
 *   5. balance and debit need the provider open (not in maintenance, active): PROVIDER_DISABLED;
 *      credit and rollback are accepted during maintenance so that open rounds still end;
 *   6. the action runs at most once per transaction id: in one database call for the common case
 *      (wallet-one-call.ts), which also answers the refusals its functions give a final reason for
 *      (decision 0024), else on the general path (wallet-transaction.ts), which answers every refusal.
 * Every call, whatever its answer, is kept in provider_callbacks: a debit, credit or rollback in its
 * money transaction (the record commits with the money, one commit per call), any other answer after.
 */
export interface WalletCallbackInput {
  code: string;
  action: string;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: Buffer;
  headers: Record<string, string | null>;
  ip: string | null;
  /** Where a failure to keep the raw callback is reported. */
  log?: { warn(obj: unknown, msg: string): void };
}

const CODE = /^[A-Za-z0-9_-]{1,40}$/;
const RAW_BODY_KEPT = 16 * 1024;

type Parsed = { ok: true; action: ProviderWalletAction; body: ProviderWalletBody } | { ok: false };

function parseCall(action: string, rawBody: Buffer): Parsed {
  const act = providerWalletActionSchema.safeParse(action);
  if (!act.success) return { ok: false };
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString("utf8"));
  } catch {
    return { ok: false };
  }
  const body = providerWalletRequestSchemas[act.data].safeParse(json);
  return body.success ? { ok: true, action: act.data, body: body.data } : { ok: false };
}

export async function handleWalletCallback(ctx: AppContext, input: WalletCallbackInput): Promise<WalletAnswer> {
  const code = CODE.test(input.code) ? input.code.toUpperCase() : undefined;
  const adapter = code === undefined ? undefined : ctx.providers.get(code);
  let signatureOk = false;
  let transactionId: string | null = null;
  let answer: WalletAnswer;
  try {
    if (code === undefined || !adapter || adapter.secret.length === 0) {
      answer = answerOf("PROVIDER_DISABLED", undefined, undefined);
    } else if (
      !verifyWalletSignature({
        secret: adapter.secret,
        timestamp: input.timestamp,
        signature: input.signature,
        rawBody: input.rawBody,
        now: ctx.clock.now(),
      })
    ) {
      answer = answerOf("INVALID_SIGNATURE", undefined, undefined);
    } else {
      signatureOk = true;
      const parsed = parseCall(input.action, input.rawBody);
      if (!parsed.ok) {
        answer = answerOf("INVALID_REQUEST", undefined, undefined);
      } else {
        transactionId = parsed.body.transaction_id ?? null;
        const body = parsed.body;
        const kept = { signatureOk, transactionId };
        const action = parsed.action;
        answer = await retryWhenBusy(async () => {
          if (action === "balance") return dispatch(ctx, code, action, body, (tx, a) => keepInTx(tx, input, kept, a));
          // The common case in one database call, its raw callback kept in the same statement.
          const one = await walletInOneCall(ctx, {
            provider: code,
            action,
            body,
            requestHash: requestHashOf(action, body),
            callback: callbackRecord(input, { ...kept, status: "PENDING", answer: null }),
          });
          if (one) {
            // A refusal answered before any claim (unknown provider or player) is kept below, as the general path's.
            if (one.recorded) recordedInTx.add(one.answer);
            return one.answer;
          }
          countGeneralWalletCall(ctx);
          return dispatch(ctx, code, action, body, (tx, a) => keepInTx(tx, input, kept, a));
        }, ctx.database.served);
        // A money call keeps its raw callback in its own transaction (below); every other answer here.
        if (recordedInTx.has(answer)) return answer;
      }
    }
  } catch (err) {
    await record(ctx, input, { signatureOk, transactionId, status: "ERROR", answer: { status: "ERROR" } });
    throw err;
  }
  await record(ctx, input, { signatureOk, transactionId, status: answer.status, answer });
  return answer;
}

/** Answers whose raw callback was written in the money transaction that produced them. */
const recordedInTx = new WeakSet<WalletAnswer>();

async function keepInTx(
  tx: Tx,
  input: WalletCallbackInput,
  kept: { signatureOk: boolean; transactionId: string | null },
  answer: WalletAnswer,
): Promise<void> {
  await insertCallback(tx, callbackRecord(input, { ...kept, status: answer.status, answer }));
  recordedInTx.add(answer);
}

async function dispatch(
  ctx: AppContext,
  provider: string,
  action: ProviderWalletAction,
  body: ProviderWalletBody,
  keep: (tx: Tx, answer: WalletAnswer) => Promise<void>,
): Promise<WalletAnswer> {
  const txId = body.transaction_id;
  // The catalogue row, the player and the game balance in one read.
  const parties = await findWalletParties(ctx.db, provider, body.player);
  const catalogue = parties.provider;
  if (!catalogue) return answerOf("PROVIDER_DISABLED", undefined, txId);
  const player = parties.player;
  if (!player) return answerOf("UNKNOWN_PLAYER", undefined, txId);
  const open = catalogue.active && !catalogue.maintenance;

  if (action === "balance") {
    return open ? answerOf("OK", parties.gameBalance, txId) : answerOf("PROVIDER_DISABLED", undefined, txId);
  }
  const call: WalletCall = { provider, action, body, userId: player.id, requestHash: requestHashOf(action, body), now: ctx.clock.now() };
  if (action === "debit") {
    if (!open) return (await storedAnswerOf(ctx.db, call)) ?? answerOf("PROVIDER_DISABLED", undefined, txId);
    return runWalletCall(ctx.db, call, (tx) => applyDebit(tx, call), keep);
  }
  if (action === "credit") {
    const rules = { freeRoundCredits: catalogue.freeRoundCredits, kyatPerPoint: kyatPerPointOf(parties.pointsSetting) };
    return runWalletCall(ctx.db, call, (tx) => applyCredit(tx, call, rules), keep);
  }
  return runWalletCall(ctx.db, call, (tx) => applyRollback(tx, call), keep);
}

type Outcome = { signatureOk: boolean; transactionId: string | null; status: string; answer: unknown };

function callbackRecord(input: WalletCallbackInput, outcome: Outcome): CallbackRecord {
  return {
    provider: clean(input.code, 40),
    action: clean(input.action, 20),
    headers: input.headers,
    rawBody: clean(input.rawBody.subarray(0, RAW_BODY_KEPT).toString("utf8"), RAW_BODY_KEPT),
    signatureOk: outcome.signatureOk,
    transactionId: outcome.transactionId,
    status: outcome.status,
    answer: outcome.answer,
    ip: input.ip,
  };
}

async function record(ctx: AppContext, input: WalletCallbackInput, outcome: Outcome): Promise<void> {
  try {
    await insertCallback(ctx.db, callbackRecord(input, outcome));
  } catch (err) {
    // The log of raw callbacks never changes an answer; the money tables hold the truth.
    input.log?.warn({ err }, "provider callback not recorded");
  }
}

/** Text PostgreSQL accepts (no NUL), cut to a length. */
export function clean(value: string, max: number): string {
  return value.slice(0, max).replaceAll("\u0000", "\uFFFD");
}
