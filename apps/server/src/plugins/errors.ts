import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError } from "../lib/errors.ts";

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
      request.log.error({ err, issues: err.cause.issues }, "response does not match its schema");
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
      request.log.warn({ err }, "database unavailable");
      void reply.header("retry-after", "2");
      return reply.status(503).send({ message: "Service is busy. Please try again shortly.", code: "UNAVAILABLE" });
    }
    request.log.error({ err }, "unhandled error");
    return reply.status(500).send({ message: "Something went wrong. Please try again.", code: "INTERNAL" });
  });
}

function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, "").replaceAll("/", ".");
  return path || context || "body";
}

const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "57P01", "57P02", "57P03", "08006", "08001", "08003"]);
function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.code ?? e.cause?.code;
  if (code !== undefined && UNAVAILABLE_CODES.has(code)) return true;
  // node-postgres pool exhausted: the request can be retried shortly.
  const message = `${e.message ?? ""} ${e.cause?.message ?? ""}`;
  return /timeout exceeded when trying to connect|Connection terminated/i.test(message);
}
