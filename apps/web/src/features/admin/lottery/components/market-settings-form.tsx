import { type Market, type MarketSettings, marketSettingsSchema } from "@shwe/contracts";
import { type ComponentProps, type FormEvent, useEffect, useState } from "react";
import { Button } from "../../../../components/button.tsx";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { toast } from "../../../../lib/toast.ts";
import { TextField } from "../../components/fields.tsx";
import { Panel } from "../../components/panel.tsx";
import { useErrorToast } from "../../hooks/use-error-text.ts";
import { useUpdateMarketSettings } from "../api/market.ts";

/** The most trading sessions a market has (the settings' schema allows four). */
const MAX_SESSIONS = 4;

interface Form {
  enabled: boolean;
  /** Seconds between readings, as typed. */
  interval: string;
  /** Minutes of "opening soon", as typed. */
  soon: string;
  sessions: { open: string; close: string }[];
}

interface Errors {
  interval?: string;
  soon?: string;
  /** Per session row. */
  session: Record<number, string>;
  /** About the sessions together (overlap, how many). */
  sessions?: string;
}

function formOf(settings: MarketSettings): Form {
  return {
    enabled: settings.enabled,
    interval: String(settings.interval_ms / 1000),
    soon: String(settings.opening_soon_minutes),
    sessions: settings.sessions.map((s) => ({ ...s })),
  };
}

/**
 * A field typed on the number pad (seconds, minutes, a time), kept as typed: the settings' schema
 * checks it on save.
 */
function PadField({
  onValue,
  ...field
}: Omit<ComponentProps<typeof TextField>, "onChange" | "inputMode"> & {
  value: string;
  maxLength: number;
  onValue: (value: string) => void;
}) {
  return <TextField {...field} inputMode="numeric" onChange={(e) => onValue(e.target.value)} />;
}

/** A whole number as typed, or NaN (which the settings' schema refuses). */
const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * A market's reading settings: on or off, the interval in seconds, the minutes of "opening soon" and
 * the trading sessions in Yangon time (add, edit, remove). Checked with the settings' own schema
 * before anything is sent; an operator who is not an admin sees them read-only.
 */
export function MarketSettingsForm({ market, settings, editable }: { market: Market; settings: MarketSettings; editable: boolean }) {
  const { t } = useTranslation("market");
  const { t: ta } = useTranslation("admin");
  const update = useUpdateMarketSettings(market);
  const showError = useErrorToast();
  const [form, setForm] = useState<Form>(() => formOf(settings));
  const [errors, setErrors] = useState<Errors>({ session: {} });
  useEffect(() => setForm(formOf(settings)), [settings]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const candidate = {
      enabled: form.enabled,
      interval_ms: whole(form.interval) * 1000,
      sessions: form.sessions.map((s) => ({ open: s.open.trim(), close: s.close.trim() })),
      opening_soon_minutes: whole(form.soon),
    };
    const parsed = marketSettingsSchema.safeParse(candidate);
    if (!parsed.success) {
      const next: Errors = { session: {} };
      for (const issue of parsed.error.issues) {
        const [field, index, part] = issue.path;
        if (field === "interval_ms") next.interval = t("console.intervalInvalid");
        else if (field === "opening_soon_minutes") next.soon = t("console.soonInvalid");
        else if (field === "sessions" && typeof index === "number") {
          next.session[index] = part === undefined ? t("console.openBeforeClose") : t("console.timeInvalid");
        } else if (field === "sessions") {
          next.sessions = issue.code === "custom" ? t("console.overlap") : t("console.sessionCount", { count: MAX_SESSIONS });
        }
      }
      setErrors(next);
      return;
    }
    setErrors({ session: {} });
    if (JSON.stringify(parsed.data) === JSON.stringify(settings)) {
      toast.info(ta("lottery.nothingChanged"));
      return;
    }
    update.mutate(parsed.data, { onSuccess: () => toast.success(t("console.saved")), onError: showError });
  };

  const setSession = (i: number, part: "open" | "close", value: string) =>
    setForm((f) => ({ ...f, sessions: f.sessions.map((s, j) => (j === i ? { ...s, [part]: value } : s)) }));

  return (
    <Panel title={t("console.settingsTitle")}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <fieldset disabled={!editable} className="space-y-4">
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={form.enabled}
              onChange={(e) => setForm((f) => ({ ...f, enabled: e.target.checked }))}
              className="size-5 accent-gold"
            />
            {t("console.enabled")}
          </label>
          <div className="grid gap-3 sm:grid-cols-2">
            <PadField
              label={t("console.interval")}
              value={form.interval}
              maxLength={2}
              onValue={(interval) => setForm((f) => ({ ...f, interval }))}
              error={errors.interval}
              hint={t("console.intervalHint")}
            />
            <PadField
              label={t("console.soon")}
              value={form.soon}
              maxLength={3}
              onValue={(soon) => setForm((f) => ({ ...f, soon }))}
              error={errors.soon}
              hint={t("console.soonHint")}
            />
          </div>
          <fieldset className="space-y-3">
            <legend className="mb-1 text-sm font-semibold">{t("console.sessions")}</legend>
            <p className="text-xs text-muted">{t("console.sessionsHint")}</p>
            <ol className="space-y-3">
              {form.sessions.map((session, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a session row is its place in the list (rows have no identity of their own)
                <li key={i} className="rounded-xl border border-line bg-surface-2/40 p-3">
                  <div className="flex items-end gap-2">
                    <PadField
                      className="min-w-0 flex-1"
                      label={t("console.opens", { n: i + 1 })}
                      value={session.open}
                      placeholder="09:30"
                      maxLength={5}
                      onValue={(open) => setSession(i, "open", open)}
                    />
                    <PadField
                      className="min-w-0 flex-1"
                      label={t("console.closes", { n: i + 1 })}
                      value={session.close}
                      placeholder="12:01"
                      maxLength={5}
                      onValue={(close) => setSession(i, "close", close)}
                    />
                    {editable && form.sessions.length > 1 ? (
                      <Button
                        type="button"
                        variant="ghost"
                        aria-label={t("console.remove", { n: i + 1 })}
                        onClick={() => {
                          setForm((f) => ({ ...f, sessions: f.sessions.filter((_, j) => j !== i) }));
                          // The rows below move up: their errors no longer belong to them.
                          setErrors((e) => ({ ...e, session: {}, sessions: undefined }));
                        }}
                      >
                        <span aria-hidden="true">✕</span>
                      </Button>
                    ) : null}
                  </div>
                  {errors.session[i] ? (
                    <p role="alert" className="mt-1.5 text-sm text-danger">
                      {errors.session[i]}
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
            {errors.sessions ? (
              <p role="alert" className="text-sm text-danger">
                {errors.sessions}
              </p>
            ) : null}
            {editable && form.sessions.length < MAX_SESSIONS ? (
              <Button
                type="button"
                variant="secondary"
                onClick={() => setForm((f) => ({ ...f, sessions: [...f.sessions, { open: "", close: "" }] }))}
              >
                {t("console.add")}
              </Button>
            ) : null}
          </fieldset>
        </fieldset>
        {editable ? (
          <Button type="submit" loading={update.isPending}>
            {ta("actions.save")}
          </Button>
        ) : null}
      </form>
    </Panel>
  );
}
