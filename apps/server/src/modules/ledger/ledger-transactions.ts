import type { Db, Tx } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { rollbackToSavepoint, setSavepoint } from "./ledger.repository.ts";

/**
 * The transactions money moves in (reliability.md "How a money movement is written", step 3):
 * withMoneyTx commits, retrying the whole transaction on 40001 / 40P01 only; inSavepoint lets a
 * refusal be undone while the rest of the transaction stays. Used through ledger.service.ts.
 */

/** The PostgreSQL SQLSTATE of an error, looking through driver wrappers. */
export function pgErrorCode(err: unknown): string | undefined {
  let cur: unknown = err;
  for (let depth = 0; depth < 5 && cur && typeof cur === "object"; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The message of the first error in `err`'s cause chain raised with SQLSTATE `code` (a money function
 * handing a call back says why in it), or undefined when none was.
 */
export function pgRaisedMessage(err: unknown, code: string): string | undefined {
  let cur: unknown = err;
  for (let depth = 0; depth < 5 && cur && typeof cur === "object"; depth++) {
    const { code: raised, message, cause } = cur as { code?: unknown; message?: unknown; cause?: unknown };
    if (raised === code && typeof message === "string") return message;
    cur = cause;
  }
  return undefined;
}

/**
 * Runs `work` in a savepoint of the caller's transaction: if it throws, everything it did is rolled
 * back (ROLLBACK TO SAVEPOINT) and the error goes on; if it succeeds its changes simply stay part of
 * the transaction and commit with it (no RELEASE round trip). A refusal can so be undone while the
 * rest of the transaction (an idempotency claim) stays.
 */
export async function inSavepoint<T>(tx: Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
  await setSavepoint(tx);
  try {
    return await work(tx);
  } catch (err) {
    await rollbackToSavepoint(tx);
    throw err;
  }
}

const RETRYABLE = new Set(["40001", "40P01"]);
const MAX_ATTEMPTS = 5;

/**
 * Runs a money transaction (Read Committed), retrying it whole on a serialization failure or a
 * deadlock only. When every attempt fails the client gets a 503 with a retry hint, never a 500.
 */
export async function withMoneyTx<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx as unknown as Tx));
    } catch (err) {
      const code = pgErrorCode(err);
      if (code === undefined || !RETRYABLE.has(code)) throw err;
      if (attempt >= MAX_ATTEMPTS) {
        throw new AppError(503, "BUSY", "Service is busy. Please try again shortly.", { retry_after: 1 });
      }
      await new Promise((r) => setTimeout(r, 5 * attempt + Math.floor(Math.random() * 20)));
    }
  }
}
