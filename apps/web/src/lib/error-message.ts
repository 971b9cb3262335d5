import { ApiError } from "./api-client.ts";
import i18n from "./i18n-core.ts";

/**
 * What to tell the player about a failed call: the translation of its error code
 * (common:errors.<CODE>) when there is one, else the server's message; a network failure or an
 * unexpected error gets the generic texts.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const key = `common:errors.${error.code}`;
    if (i18n.exists(key)) return i18n.t(key);
    if (error.message) return error.message;
    return i18n.t("common:errors.UNKNOWN");
  }
  if (error instanceof TypeError) return i18n.t("common:errors.NETWORK");
  return i18n.t("common:errors.UNKNOWN");
}
