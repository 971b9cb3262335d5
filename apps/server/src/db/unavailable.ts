import { AppError } from "../lib/errors.ts";
import { isConnectFailure } from "./prepared-client.ts";

/**
 * SQLSTATEs and socket codes of a database that is away for a moment: a terminated backend (57P01),
 * a crash or start-up (57P02, 57P03), too many connections (53300), a refused, reset or unreachable
 * server. Every connection exception (SQLSTATE class 08) counts too, and the refusals of
 * CONNECT_REFUSED_CODES when they come from opening a connection.
 */
const UNAVAILABLE_CODES = new Set([
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
/**
 * SQLSTATEs of a server that refuses new connections for a while: the database is not accepting
 * connections (55000, during maintenance or a restore), does not exist (3D000, being re-created),
 * or refuses the credentials or role (28P01, 28000: a password being rotated, a role re-created). Only at connect: a statement
 * raising them means something else (a sequence's currval, for one) and stays a 500.
 */
const CONNECT_REFUSED_CODES = new Set(["55000", "3D000", "28P01", "28000"]);
/** node-postgres' message for a pool that gave no connection within its wait (connectionTimeoutMillis). */
const POOL_TIMEOUT = "timeout exceeded when trying to connect";
/** node-postgres' own messages for a lost connection, a client broken by one, or a pool that cannot connect. */
const UNAVAILABLE_MESSAGE = new RegExp(
  `^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|${POOL_TIMEOUT})`,
);

/**
 * True when the error means the database cannot be reached right now (the answer is 503 with a
 * retry hint). Follows `cause` (Drizzle wraps every failed query, and a failed ROLLBACK after it, in
 * DrizzleQueryError) and the errors of an AggregateError (a host name with several addresses).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return someCause(err, (e) => {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof code === "string" && CONNECT_REFUSED_CODES.has(code) && isConnectFailure(e)) return true;
    return UNAVAILABLE_MESSAGE.test(e.message);
  });
}

/**
 * True when the connection pool gave no connection in time: the statement never ran, so trying again
 * is safe. Drizzle wraps the pool's error in the failed query's (DrizzleQueryError, the pool's as `cause`).
 */
export function isPoolTimeout(err: unknown): boolean {
  return someCause(err, (e) => e.message === POOL_TIMEOUT);
}

/** Whether `err`, an error in its `cause` chain or one of an AggregateError's errors (AppErrors aside) matches. */
function someCause(err: unknown, matches: (e: Error) => boolean): boolean {
  const queue: unknown[] = [err];
  const seen = new Set<unknown>();
  while (queue.length > 0 && seen.size < 20) {
    const e = queue.shift();
    if (!(e instanceof Error) || e instanceof AppError || seen.has(e)) continue;
    seen.add(e);
    if (matches(e)) return true;
    queue.push(e.cause);
    if (e instanceof AggregateError) queue.push(...e.errors);
  }
  return false;
}
