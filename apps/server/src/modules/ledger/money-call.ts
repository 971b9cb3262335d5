import { idempotencyKeySchema } from "@shwe/contracts";
import type { Refusal } from "@shwe/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { createStatementBatch, type StatementBatch } from "../../db/statement-batch.ts";
import { sha256Hex } from "../../lib/crypto.ts";
import { AppError, badRequest, conflict, ReplayedRefusal } from "../../lib/errors.ts";
import type { PlayerQueue } from "../../lib/player-queue.ts";
import {
  claimIdempotencyKey,
  claimIdempotencyKeysWithAnswers,
  claimIdempotencyKeyWithAnswer,
  findIdempotencyKey,
  type KeyWithAnswer,
  storeIdempotentResponse,
} from "./idempotency.repository.ts";
import { inSavepoint, withMoneyTx } from "./ledger.service.ts";

/**
 * Money-moving calls and the Idempotency-Key header (api.md "Idempotency"): the key is claimed in
 * the money transaction itself, before anything else. Same key and same body → the stored first
 * answer (success or refusal) with `Idempotent-Replayed: true`, nothing applied twice; same key, different body → 409
 * IDEMPOTENCY_MISMATCH. A key answers so for 24 h from its first use; after that any request with
 * it is refused with 409 IDEMPOTENCY_KEY_EXPIRED (its row stays as a tombstone, see migration
 * 0009). Without the header the call simply runs once.
 */
export const idempotencyHeadersSchema = z.object({ "idempotency-key": idempotencyKeySchema.optional() });

/** The request's Idempotency-Key (1–64 characters), or undefined when the header is absent. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers["idempotency-key"];
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw.join(",") : raw;
  const parsed = idempotencyKeySchema.safeParse(value);
  if (!parsed.success) {
    throw badRequest("Invalid input: Idempotency-Key must be 1 to 64 characters.", {
      fields: [{ field: "idempotency-key", message: "must be 1 to 64 characters" }],
    });
  }
  return parsed.data;
}

export interface MoneyCall {
  /** Whose key space the Idempotency-Key lives in (the caller). */
  userId: number;
  /** Method and path, part of the request fingerprint. */
  route: string;
  key: string | undefined;
  /** The validated body; secrets (passwords) must be left out by the caller. */
  body: unknown;
  /** Status of a successful answer (200 or 201). */
  status?: number;
}

export interface MoneyCallResult<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/** JSON with sorted keys: the same body always hashes the same way. */
export function canonicalJson(value: unknown): string {
  // Built by appending (no entries array, no sort callback, no intermediate arrays): every money call
  // and every GSC+ transaction is hashed through here. The text is exactly as before, holes of a
  // sparse array included (empty), so stored request hashes still match.
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ",";
      // A hole, a function or a symbol adds nothing, as Array.prototype.join wrote them.
      const item: string | undefined = i in value ? canonicalJson(value[i]) : undefined;
      if (item !== undefined) out += item;
    }
    return `${out}]`;
  }
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    // Default sort: UTF-16 code unit order, as the comparison of two strings with < is.
    const keys = Object.keys(record).sort();
    let out = "{";
    let first = true;
    for (const key of keys) {
      const v = record[key];
      if (v === undefined) continue;
      if (!first) out += ",";
      first = false;
      out += `${JSON.stringify(key)}:${canonicalJson(v)}`;
    }
    return `${out}}`;
  }
  return JSON.stringify(value ?? null);
}

interface ErrorBody {
  message: string;
  code: string;
  details?: Record<string, unknown>;
}

function errorBodyOf(err: AppError): ErrorBody {
  return err.details ? { message: err.message, code: err.code, details: err.details } : { message: err.message, code: err.code };
}

/** The fingerprint of a money call's request: its route and canonical body. */
export function requestHashOf(call: Pick<MoneyCall, "route" | "body">): string {
  return sha256Hex(`${call.route}\n${canonicalJson(call.body)}`);
}

/**
 * Runs `work` in a money transaction, behind the Idempotency-Key when one is given. The work runs
 * in a savepoint so that a refusal (any 4xx AppError) is stored with the key and replayed too.
 */
export async function runMoneyCall<T>(db: Db, call: MoneyCall, work: (tx: Tx) => Promise<T>): Promise<MoneyCallResult<T>> {
  const status = call.status ?? 200;
  const key = call.key;
  if (key === undefined) return { status, body: await withMoneyTx(db, work), replayed: false };

  const requestHash = requestHashOf(call);
  const outcome = await withMoneyTx(db, async (tx) => {
    const claimed = await claimIdempotencyKey(tx, call.userId, key, call.route, requestHash);
    if (!claimed) {
      const stored = await findIdempotencyKey(tx, call.userId, key);
      // Past its 24 h (or with its answer already dropped) a key is refused for good, never applied again.
      if (stored && (stored.expired || (stored.statusCode !== null && stored.response === null))) throw keyExpired();
      if (!stored || stored.requestHash !== requestHash || stored.statusCode === null) {
        throw conflict("IDEMPOTENCY_MISMATCH", "This Idempotency-Key was already used for a different request.");
      }
      return { status: stored.statusCode, body: stored.response, replayed: true };
    }
    try {
      const body = await inSavepoint(tx, work);
      await storeIdempotentResponse(tx, call.userId, key, status, body);
      return { status, body: body as unknown, replayed: false };
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      const body = errorBodyOf(err);
      await storeIdempotentResponse(tx, call.userId, key, err.status, body);
      return { status: err.status, body: body as unknown, replayed: false };
    }
  });
  if (outcome.status >= 400) {
    const e = outcome.body as ErrorBody;
    // A kept refusal answered again is a replay like a kept success: it says so (Idempotent-Replayed).
    if (outcome.replayed) throw new ReplayedRefusal(outcome.status, e.code, e.message, e.details);
    throw new AppError(outcome.status, e.code, e.message, e.details);
  }
  return outcome as MoneyCallResult<T>;
}

/**
 * runMoneyCall for a player's own call (`call.userId` is the player), in the player's turn
 * (lib/player-queue.ts, decision 0029): at most a few of one player's calls hold a connection at a
 * time in this process; the others wait in memory, holding none. A call refused there (429 when too
 * many wait, 503 when it waited too long) ran nothing: its Idempotency-Key stays unused, so a retry is
 * answered as a first try would have been.
 */
export function runPlayerMoneyCall<T>(
  db: Db,
  queue: PlayerQueue,
  call: MoneyCall,
  work: (tx: Tx) => Promise<T>,
): Promise<MoneyCallResult<T>> {
  return queue.run(call.userId, () => runMoneyCall(db, call, work));
}

/**
 * A refusal known before the call's own transaction (bet_place judged it and wrote nothing), kept
 * as runMoneyCall keeps one: behind the call's Idempotency-Key, so a retry replays it. Answers
 * false, having written nothing, when the key is already taken: the caller then runs the call
 * through runMoneyCall, which answers the replay, the mismatch or the expired key. Refusals kept
 * while others are out go together in one statement (claimIdempotencyKeysWithAnswers).
 */
export async function keepRefusal(db: Db, call: MoneyCall & { key: string }, refusal: AppError): Promise<boolean> {
  let batch = refusalKeepers.get(db);
  if (!batch) {
    const claim = async (calls: KeyWithAnswer[]) =>
      calls.length === 1
        ? [await claimIdempotencyKeyWithAnswer(db, calls[0] as KeyWithAnswer)]
        : claimIdempotencyKeysWithAnswers(db, calls);
    batch = createStatementBatch(claim, { maxItems: 128, maxInFlight: 2 });
    refusalKeepers.set(db, batch);
  }
  return batch.run({
    userId: call.userId,
    key: call.key,
    route: call.route,
    requestHash: requestHashOf(call),
    statusCode: refusal.status,
    response: errorBodyOf(refusal),
  });
}
const refusalKeepers = new WeakMap<Db, StatementBatch<KeyWithAnswer, boolean>>();

/** A replay of a key older than 24 h: the client must start a new request with a new key. */
export function keyExpired(): AppError {
  return conflict("IDEMPOTENCY_KEY_EXPIRED", "This request key has expired; start a new request.");
}

/** Sends a money call's answer, marking replays with `Idempotent-Replayed: true`. */
export function sendMoneyResult<T>(reply: FastifyReply, result: MoneyCallResult<T>): FastifyReply {
  if (result.replayed) void reply.header("idempotent-replayed", "true");
  return reply.status(result.status).send(result.body);
}

/** A refusal of the pure rules as the error the API answers. */
export function refusalError(r: Refusal): AppError {
  return new AppError(r.status, r.code, r.message, r.details);
}
