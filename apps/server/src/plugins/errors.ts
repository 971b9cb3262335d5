import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { isConnectFailure } from "../db/prepared-client.ts";
import { AppError } from "../lib/errors.ts";
import { summarizeError } from "../lib/log-safety.ts";

interface ErrorBody {
  message: string;
  code: string;
  details?: Record<string, unknown>;
}

/**
 * Maps every error to the api.md body `{message, code, details?}`. Bad input is always a 4xx;
 * a 5xx never carries a stack trace.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, request, reply) => {
    if (err instanceof AppError) {
      const body: ErrorBody = { message: err.message, code: err.code };
      if (err.details) body.details = err.details;
      if (err.status === 429 && err.details?.retry_after !== undefined) {
        void reply.header("retry-after", String(err.details.retry_after));
      } else if (err.status === 503) {
        // Busy or unreachable for a moment (repeated deadlocks, rate-limit counters unreadable): retry shortly.
        void reply.header("retry-after", String(err.details?.retry_after ?? 2));
      }
      return reply.status(err.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = err.validation.map((v) => ({
        field: fieldName(v.instancePath, err.validationContext),
        message: v.message ?? "is invalid",
      }));
      const first = fields[0];
      const message = first ? `Invalid input: ${first.field} ${first.message}`.trim() : "Invalid input.";
      return reply.status(400).send({ message, code: "VALIDATION_FAILED", details: { fields } } satisfies ErrorBody);
    }
    if (isResponseSerializationError(err)) {
      const issues = err.cause.issues.map((i) => ({ path: i.path.map(String).join("."), code: i.code, message: i.message }));
      request.log.error({ err: summarizeError(err), issues }, "response does not match its schema");
      return reply.status(500).send({ message: "Something went wrong. Please try again.", code: "INTERNAL" });
    }
    const fe = err as FastifyError;
    const status = fe.statusCode ?? 500;
    if (status === 413 || fe.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return reply.status(413).send({ message: "The request is too large.", code: "PAYLOAD_TOO_LARGE" });
    }
    if (fe.code === "FST_REQ_FILE_TOO_LARGE" || fe.code === "FST_FILES_LIMIT" || fe.code === "FST_PARTS_LIMIT") {
      return reply.status(413).send({ message: "The file is too large.", code: "PAYLOAD_TOO_LARGE" });
    }
    if (status === 415 || fe.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return reply.status(415).send({ message: "Unsupported content type.", code: "UNSUPPORTED_MEDIA_TYPE" });
    }
    if (status === 429) {
      return reply.status(429).send({ message: "Too many requests. Please wait and try again.", code: "RATE_LIMITED" });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, empty JSON body, bad multipart and other parser refusals.
      return reply.status(400).send({ message: "The request could not be read.", code: "VALIDATION_FAILED" });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err: summarizeError(err) }, "database unavailable");
      void reply.header("retry-after", "2");
      return reply.status(503).send({ message: "Service is busy. Please try again shortly.", code: "UNAVAILABLE" });
    }
    // Never the error itself: a failed query carries its parameters (phones, names, account numbers).
    request.log.error({ err: summarizeError(err) }, "unhandled error");
    return reply.status(500).send({ message: "Something went wrong. Please try again.", code: "INTERNAL" });
  });
}

function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, "").replaceAll("/", ".");
  return path || context || "body";
}

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
/** node-postgres' own messages for a lost connection, a client broken by one, or a pool that cannot connect. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect)/;

/**
 * True when the error means the database cannot be reached right now (the answer is 503 with a
 * retry hint). Follows `cause` (Drizzle wraps every failed query, and a failed ROLLBACK after it, in
 * DrizzleQueryError) and the errors of an AggregateError (a host name with several addresses).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const queue: unknown[] = [err];
  const seen = new Set<unknown>();
  while (queue.length > 0 && seen.size < 20) {
    const e = queue.shift();
    if (!(e instanceof Error) || e instanceof AppError || seen.has(e)) continue;
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (typeof code === "string" && CONNECT_REFUSED_CODES.has(code) && isConnectFailure(e)) return true;
    if (UNAVAILABLE_MESSAGE.test(e.message)) return true;
    queue.push(e.cause);
    if (e instanceof AggregateError) queue.push(...e.errors);
  }
  return false;
}
