import { useCallback } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { errorMessage } from "../../../lib/error-message.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";

/**
 * Turns any failure of a profile call into a sentence in the player's language: known codes have
 * their own text, an unreadable upload says so, unknown codes fall back to the server's message.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation("profile");
  return useCallback(
    (err: unknown): string => {
      if (err instanceof ApiError) {
        if (err.code === "RATE_LIMITED") {
          const seconds = Number(err.details?.retry_after);
          return Number.isFinite(seconds) && seconds > 0
            ? t("errors.RATE_LIMITED_WAIT", { minutes: Math.max(1, Math.ceil(seconds / 60)) })
            : t("errors.RATE_LIMITED");
        }
        if (err.code === "VALIDATION_FAILED" && fieldOf(err) === "image") return t("errors.IMAGE_INVALID");
        if (i18n.exists(`profile:errors.${err.code}`)) return t(`errors.${err.code}`);
        // Codes shared by the whole site (common:errors), else the server's own sentence.
        return errorMessage(err);
      }
      if (err instanceof TypeError) return t("errors.NETWORK");
      return t("errors.UNKNOWN");
    },
    [t, i18n],
  );
}

/** The first field named by a 400 VALIDATION_FAILED answer, if any. */
export function fieldOf(err: unknown): string | undefined {
  if (!(err instanceof ApiError) || err.code !== "VALIDATION_FAILED") return undefined;
  const fields = err.details?.fields;
  const first = Array.isArray(fields) ? (fields[0] as { field?: unknown } | undefined) : undefined;
  return typeof first?.field === "string" ? first.field : undefined;
}
