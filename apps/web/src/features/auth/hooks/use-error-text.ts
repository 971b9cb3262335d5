import { useCallback } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { errorMessage } from "../../../lib/error-message.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";

/** Minutes to wait before a rate-limited request may be retried, from the server's details (seconds). */
export function retryMinutes(err: ApiError): number | undefined {
  const seconds = Number(err.details?.retry_after);
  return Number.isFinite(seconds) && seconds > 0 ? Math.max(1, Math.ceil(seconds / 60)) : undefined;
}

/**
 * Turns any failure of an account call into a sentence in the player's language: known codes have
 * their own text, unknown codes fall back to the server's message, and a lost connection says so.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation("auth");
  return useCallback(
    (err: unknown): string => {
      if (err instanceof ApiError) {
        if (err.code === "RATE_LIMITED") {
          const minutes = retryMinutes(err);
          return minutes ? t("errors.RATE_LIMITED_WAIT", { minutes }) : t("errors.RATE_LIMITED");
        }
        if (i18n.exists(`auth:errors.${err.code}`)) return t(`errors.${err.code}`);
        // Codes shared by the whole site (common:errors), else the server's own sentence.
        return errorMessage(err);
      }
      if (err instanceof TypeError) return t("errors.NETWORK");
      return t("errors.UNKNOWN");
    },
    [t, i18n],
  );
}

/** The first field named by a 400 VALIDATION_FAILED answer (details.fields[].field), if any. */
export function invalidField(err: unknown): string | undefined {
  if (!(err instanceof ApiError) || err.code !== "VALIDATION_FAILED") return undefined;
  const fields = err.details?.fields;
  if (!Array.isArray(fields)) return undefined;
  const first = fields[0] as { field?: unknown } | undefined;
  return typeof first?.field === "string" ? first.field : undefined;
}

export function errorCode(err: unknown): string | undefined {
  return err instanceof ApiError ? err.code : undefined;
}
