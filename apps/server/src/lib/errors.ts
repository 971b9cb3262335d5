/**
 * The one error type of the server. Thrown anywhere, it becomes the api.md error body
 * `{message, code, details?}` with its status.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/**
 * A refusal kept behind an Idempotency-Key, answered again to a repeat of its request (api.md
 * "Idempotency"): its stored status and body, sent with `Idempotent-Replayed: true` as every replay is.
 */
export class ReplayedRefusal extends AppError {
  constructor(status: number, code: string, message: string, details?: Record<string, unknown>) {
    super(status, code, message, details);
    this.name = "ReplayedRefusal";
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) => new AppError(400, "VALIDATION_FAILED", message, details);
export const unauthenticated = (message = "Please sign in.") => new AppError(401, "UNAUTHENTICATED", message);
export const forbidden = (message = "You are not allowed to do this.") => new AppError(403, "FORBIDDEN", message);
export const notFound = (message = "Not found.") => new AppError(404, "NOT_FOUND", message);
export const conflict = (code: string, message: string, details?: Record<string, unknown>) => new AppError(409, code, message, details);
export const refused = (code: string, message: string, details?: Record<string, unknown>) => new AppError(422, code, message, details);
