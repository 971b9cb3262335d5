import { useCallback } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { errorMessage } from "../../../lib/error-message.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { toast } from "../../../lib/toast.ts";

/**
 * A failed console call as a sentence in the operator's language: codes of the console have their own
 * text (admin:errors.<CODE>), the rest go through the site-wide translation by code.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation("admin");
  return useCallback(
    (err: unknown): string => {
      if (err instanceof ApiError && i18n.exists(`admin:errors.${err.code}`)) return t(`errors.${err.code}`);
      return errorMessage(err);
    },
    [t, i18n],
  );
}

export function isAlreadyDecided(err: unknown): boolean {
  return err instanceof ApiError && err.code === "ALREADY_DECIDED";
}

/** Shows a failed decision as a toast; "already decided" is a warning (someone else was faster), not a failure. */
export function useErrorToast() {
  const errorText = useErrorText();
  return useCallback(
    (err: unknown) => {
      if (isAlreadyDecided(err)) toast.warning(errorText(err));
      else toast.error(errorText(err));
    },
    [errorText],
  );
}
