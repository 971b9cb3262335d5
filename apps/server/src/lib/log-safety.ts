import type { LoggerOptions } from "pino";

/**
 * What an error log line may hold. A failed query's error carries the query's parameters (phone
 * numbers, names, wallet account numbers) in its message, its `params` and, from PostgreSQL, in
 * `detail` ("Key (phone)=(09…) already exists"); none of those is ever written. Kept: the error
 * class, the PostgreSQL code, constraint, table and column, the message and the SQL text with every
 * quoted value and long digit run masked, and the stack frames (without the message line).
 */
export interface ErrorSummary {
  type: string;
  message: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  severity?: string;
  /** The statement with placeholders ($1 …) and any quoted literal masked. */
  query?: string;
  stack?: string;
  cause?: ErrorSummary;
}

const MAX_TEXT = 500;
const MAX_CAUSES = 4;

/**
 * Masks every '…' and "…" literal (values a message or statement may quote) and every run of seven
 * or more digits (a phone or wallet account number), and caps the length.
 */
export function maskQuoted(value: string): string {
  return capped(maskSql(value).replace(/"[^"]*"/g, '"…"'));
}

/** The same for SQL text, where double quotes name tables and columns and stay readable. */
export function maskSql(value: string): string {
  return capped(value.replace(/'(?:[^']|'')*'/g, "'…'").replace(/\d{7,}/g, "#…"));
}

function capped(value: string): string {
  return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
}

function stringField(source: Record<string, unknown>, key: string): string | undefined {
  const value = source[key];
  return typeof value === "string" && value.length > 0 ? value.slice(0, 200) : undefined;
}

function framesOf(stack: unknown): string | undefined {
  if (typeof stack !== "string") return undefined;
  const frames = stack.split("\n").filter((line) => /^\s+at /.test(line));
  return frames.length > 0 ? frames.slice(0, 15).join("\n") : undefined;
}

/** The error class, without trusting a `name` a message could have been folded into. */
function typeOf(err: object): string {
  const ctor = (err as { constructor?: { name?: unknown } }).constructor;
  const ctorName = typeof ctor?.name === "string" && ctor.name !== "Object" ? ctor.name : undefined;
  const name = stringField(err as Record<string, unknown>, "name");
  return ctorName && ctorName !== "Error" ? ctorName : (name ?? ctorName ?? "Error");
}

/** A failed query's error: the SQL was sent with parameters that must not be logged. */
function isQueryError(err: Record<string, unknown>): boolean {
  return typeof err.query === "string" || "params" in err || typeof err.code === "string" || "constraint" in err;
}

/** A loggable summary of any thrown value (see ErrorSummary); never its parameters. */
export function summarizeError(err: unknown, depth = 0): ErrorSummary {
  if (err === null || typeof err !== "object") {
    return { type: typeof err, message: maskQuoted(String(err)) };
  }
  const e = err as Record<string, unknown>;
  const rawMessage = typeof e.message === "string" ? e.message : "";
  // A wrapped query error repeats the statement and its parameters in its message: keep the first
  // line only, and mask quoted values in every message that came from the database.
  const firstLine = rawMessage.split("\n")[0] ?? "";
  const message = isQueryError(e) || e.cause !== undefined ? maskQuoted(firstLine) : maskQuoted(rawMessage);
  const summary: ErrorSummary = { type: typeOf(err), message };
  const code = stringField(e, "code");
  if (code) summary.code = code;
  for (const key of ["constraint", "table", "column", "severity"] as const) {
    const value = stringField(e, key);
    if (value) summary[key] = value;
  }
  if (typeof e.query === "string") summary.query = maskSql(e.query);
  if (summary.message.startsWith("Failed query: ")) summary.message = "Failed query";
  const stack = framesOf(e.stack);
  if (stack) summary.stack = stack;
  if (e.cause !== undefined && e.cause !== null && depth < MAX_CAUSES) summary.cause = summarizeError(e.cause, depth + 1);
  return summary;
}

/** Serializer for the `err` / `error` keys: an already summarized value passes unchanged. */
function errorSerializer(value: unknown): unknown {
  if (value !== null && typeof value === "object" && !(value instanceof Error) && "type" in value && "message" in value) {
    return value;
  }
  return summarizeError(value);
}

/** Request headers and body fields that hold credentials; never written even if a line includes them. */
export const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-house-session"]',
  'req.headers["x-signature"]',
  'res.headers["set-cookie"]',
  "headers.authorization",
  "headers.cookie",
  "password",
  "old_password",
  "otp_token",
  "token",
  "*.password",
  "*.old_password",
  "*.otp_token",
  "*.token",
  "secretKey",
  "*.secretKey",
  "sign",
  "*.sign",
  "body.code",
  "*.body.code",
  "params",
  "*.params",
];

/**
 * The error a log call carries: `log.error(err)` or `log.error({ err })`. Without a message of its
 * own, pino would write that error's raw message (a failed query's parameters included).
 */
function loggedError(first: unknown): unknown {
  if (first instanceof Error) return first;
  if (first !== null && typeof first === "object" && "err" in first) return (first as { err: unknown }).err;
  return undefined;
}

/** The pino options of every logger of the server: the level, the safe error serializer, redaction. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: { err: errorSerializer, error: errorSerializer },
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    hooks: {
      logMethod(args, method) {
        const err = loggedError(args[0]);
        if (err !== undefined && err !== null && typeof err === "object" && typeof args[1] !== "string") {
          return method.apply(this, [args[0], summarizeError(err).message] as unknown as Parameters<typeof method>);
        }
        return method.apply(this, args);
      },
    },
  };
}
