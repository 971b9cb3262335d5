import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { AppError, ReplayedRefusal } from "../lib/errors.ts";
import { summarizeError } from "../lib/log-safety.ts";

export { isDatabaseUnavailable };

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
      if (err instanceof ReplayedRefusal) void reply.header("idempotent-replayed", "true");
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
