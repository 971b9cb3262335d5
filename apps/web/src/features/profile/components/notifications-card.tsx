import { useEffect, useId, useState } from "react";
import { Card } from "../../../components/card.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { disablePush, enablePush, isPushEnabled, type PushAvailability, pushAvailability } from "../lib/web-push.ts";

type State = "checking" | "on" | "off" | "busy";
type Note = "unsupported" | "denied" | "dismissed" | "failed" | "enabled" | null;

/**
 * The "Notifications" setting: a switch that opts this browser in (permission, subscription saved
 * with the page's language) or out. Where push is unsupported or blocked, it says so and stays off;
 * a failure only shows a line of text.
 */
export function NotificationsCard() {
  const { t, i18n } = useTranslation("push");
  const labelId = useId();
  const noteId = useId();
  const [availability, setAvailability] = useState<PushAvailability>("unsupported");
  const [state, setState] = useState<State>("checking");
  const [note, setNote] = useState<Note>(null);

  useEffect(() => {
    const found = pushAvailability();
    setAvailability(found);
    if (found !== "available") {
      setState("off");
      setNote(found);
      return;
    }
    let live = true;
    isPushEnabled()
      .then((on) => live && setState(on ? "on" : "off"))
      .catch(() => live && setState("off"));
    return () => {
      live = false;
    };
  }, []);

  const toggle = async () => {
    if (state === "busy" || state === "checking" || availability !== "available") return;
    const wasOn = state === "on";
    setState("busy");
    setNote(null);
    try {
      if (wasOn) {
        await disablePush();
        setState("off");
        return;
      }
      const result = await enablePush(i18n.resolvedLanguage ?? i18n.language ?? "mm");
      if (result === "enabled") {
        setState("on");
        setNote("enabled");
        return;
      }
      setState("off");
      setNote(result);
      if (result === "denied") setAvailability("denied");
    } catch {
      setState(wasOn ? "on" : "off");
      setNote("failed");
    }
  };

  const on = state === "on";
  const disabled = availability !== "available" || state === "checking" || state === "busy";
  return (
    <Card title={t("title")}>
      <div className="flex items-center justify-between gap-4">
        <p id={labelId} className="min-w-0 text-sm text-muted">
          {t("description")}
        </p>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={labelId}
          aria-describedby={note ? noteId : undefined}
          aria-busy={state === "busy" || undefined}
          disabled={disabled}
          onClick={() => void toggle()}
          className={`relative inline-flex h-8 w-14 shrink-0 items-center rounded-full border transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold disabled:cursor-not-allowed disabled:opacity-50 ${
            on ? "border-gold bg-gold" : "border-line bg-surface-2"
          }`}
        >
          <span className="sr-only">{t(on ? "on" : "off")}</span>
          <span
            aria-hidden="true"
            className={`inline-block h-6 w-6 rounded-full shadow transition-transform ${on ? "translate-x-7 bg-bg" : "translate-x-1 bg-muted"}`}
          />
        </button>
      </div>
      {note ? (
        <p
          id={noteId}
          role="status"
          className={`mt-3 text-sm ${note === "enabled" ? "text-win" : note === "failed" ? "text-danger" : "text-muted"}`}
        >
          {t(`note.${note}`)}
        </p>
      ) : null}
    </Card>
  );
}
