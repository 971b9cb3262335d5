import type { ExclusionPeriodName, LimitKindName, LimitPeriodName, PlayerLimit, Protection } from "@shwe/contracts";
import { EXCLUSION_PERIODS, formatAmount, formatDisplayDateTime, LIMIT_KINDS, LIMIT_PERIODS, REALITY_CHECK_MINUTES } from "@shwe/domain";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { Card } from "../../../components/card.tsx";
import { Field } from "../../../components/field.tsx";
import { PopupBox } from "../../../components/popup-box.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { errorMessage } from "../../../lib/error-message.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { toast } from "../../../lib/toast.ts";
import { useProtection, useSelfExclude, useSetLimit, useSetRealityCheck } from "../api/protection.ts";

const selectClass =
  "block w-full min-h-12 rounded-xl border border-line bg-surface-2 px-3 text-base text-text focus:border-gold focus:outline-none focus:ring-2 focus:ring-gold/30";

/**
 * "Play safely" on the profile page: the player's own deposit, loss and stake limits (per day,
 * week, month: lower at once, higher or removed after 24 hours), the reality-check reminder, and a
 * break from play (self-exclusion, confirmed with the password; nobody can end it early).
 */
export function ProtectionCard() {
  const { t } = useTranslation("protection");
  const protection = useProtection();

  return (
    <Card title={t("title")}>
      {protection.isPending ? (
        <Spinner variant="centered" />
      ) : protection.isError ? (
        <div className="flex flex-col items-start gap-2">
          <p className="text-sm text-muted">{t("load_failed")}</p>
          <Button variant="secondary" onClick={() => void protection.refetch()}>
            {t("retry")}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-5">
          <ExclusionStatus view={protection.data} />
          <LimitsSection limits={protection.data.limits} />
          <RealityCheckSection minutes={protection.data.reality_check_minutes} />
          <BreakSection view={protection.data} />
        </div>
      )}
    </Card>
  );
}

function ExclusionStatus({ view }: { view: Protection }) {
  const { t } = useTranslation("protection");
  const ex = view.self_exclusion;
  if (!ex) return null;
  return (
    <p role="status" className="rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm text-text">
      {ex.indefinite || !ex.until ? t("break.active_indefinite") : t("break.active_until", { date: formatDisplayDateTime(ex.until) })}
    </p>
  );
}

function limitLabel(t: (key: string, o?: Record<string, unknown>) => string, l: Pick<PlayerLimit, "kind" | "period">): string {
  return t("limits.label", { period: t(`period.${l.period}`), kind: t(`kind.${l.kind}`) });
}

function LimitsSection({ limits }: { limits: PlayerLimit[] }) {
  const { t } = useTranslation("protection");
  const ids = { kind: useId(), period: useId() };
  const [kind, setKind] = useState<LimitKindName>("deposit");
  const [period, setPeriod] = useState<LimitPeriodName>("day");
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string>();
  const save = useSetLimit();
  const shown = limits.filter((l) => l.amount !== null || l.pending !== null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = amount.replace(/[,\s]/g, "");
    const value = text === "" ? null : Number(text);
    if (value !== null && (!Number.isSafeInteger(value) || value < 1)) {
      setError(t("limits.invalid"));
      return;
    }
    setError(undefined);
    save.mutate(
      { kind, period, amount: value },
      {
        onSuccess: (view) => {
          const row = view.limits.find((l) => l.kind === kind && l.period === period);
          toast.success(row?.pending ? t("limits.saved_later") : t("limits.saved"));
          setAmount("");
        },
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  };

  return (
    <section aria-labelledby={`${ids.kind}-h`} className="flex flex-col gap-3">
      <h3 id={`${ids.kind}-h`} className="text-sm font-semibold text-text">
        {t("limits.title")}
      </h3>
      {shown.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {shown.map((l) => (
            <li key={`${l.kind}-${l.period}`} className="rounded-xl bg-surface-2 p-3 text-sm" data-testid={`limit-${l.kind}-${l.period}`}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-medium text-text">{limitLabel(t, l)}</span>
                <span className="tabular text-text">{l.amount === null ? t("limits.none") : `${formatAmount(l.amount)} Ks`}</span>
              </div>
              {l.amount !== null ? (
                <p className="tabular text-muted">
                  {t("limits.used", { used: formatAmount(l.used), remaining: formatAmount(l.remaining ?? 0) })}
                </p>
              ) : null}
              {l.pending ? (
                <p className="text-muted">
                  {l.pending.amount === null
                    ? t("limits.pending_removal", { date: formatDisplayDateTime(l.pending.at) })
                    : t("limits.pending_raise", { amount: formatAmount(l.pending.amount), date: formatDisplayDateTime(l.pending.at) })}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{t("limits.empty")}</p>
      )}
      <form onSubmit={submit} className="grid grid-cols-2 gap-3" noValidate>
        <div>
          <label htmlFor={ids.kind} className="mb-1.5 block text-sm font-medium text-muted">
            {t("limits.kind")}
          </label>
          <select id={ids.kind} value={kind} onChange={(e) => setKind(e.target.value as LimitKindName)} className={selectClass}>
            {LIMIT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kind.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.period} className="mb-1.5 block text-sm font-medium text-muted">
            {t("limits.period")}
          </label>
          <select id={ids.period} value={period} onChange={(e) => setPeriod(e.target.value as LimitPeriodName)} className={selectClass}>
            {LIMIT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`period.${p}`)}
              </option>
            ))}
          </select>
        </div>
        <Field
          className="col-span-2"
          label={t("limits.amount")}
          inputMode="numeric"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={error}
          hint={t("limits.hint")}
        />
        <Button type="submit" className="col-span-2" loading={save.isPending}>
          {t("limits.save")}
        </Button>
      </form>
    </section>
  );
}

function RealityCheckSection({ minutes }: { minutes: number | null }) {
  const { t } = useTranslation("protection");
  const id = useId();
  const save = useSetRealityCheck();
  return (
    <section className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-text">
        {t("reality.title")}
      </label>
      <p className="text-sm text-muted">{t("reality.description")}</p>
      <select
        id={id}
        value={minutes === null ? "" : String(minutes)}
        disabled={save.isPending}
        onChange={(e) => {
          const value = e.target.value === "" ? null : (Number(e.target.value) as (typeof REALITY_CHECK_MINUTES)[number]);
          save.mutate(
            { minutes: value },
            { onSuccess: () => toast.success(t("reality.saved")), onError: (err) => toast.error(errorMessage(err)) },
          );
        }}
        className={selectClass}
      >
        <option value="">{t("reality.off")}</option>
        {REALITY_CHECK_MINUTES.map((m) => (
          <option key={m} value={m}>
            {t("reality.every", { minutes: m })}
          </option>
        ))}
      </select>
    </section>
  );
}

function BreakSection({ view }: { view: Protection }) {
  const { t } = useTranslation("protection");
  const id = useId();
  const [period, setPeriod] = useState<ExclusionPeriodName>("1w");
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const exclude = useSelfExclude();
  if (view.self_exclusion?.indefinite) return null;

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(t("break.password_required"));
      return;
    }
    exclude.mutate(
      { period, password },
      {
        onSuccess: () => {
          setOpen(false);
          setPassword("");
          toast.success(t("break.started"));
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === "WRONG_PASSWORD") setError(errorMessage(err));
          else toast.error(errorMessage(err));
        },
      },
    );
  };

  return (
    <section className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-text">
        {t("break.title")}
      </label>
      <p className="text-sm text-muted">{t("break.description")}</p>
      <div className="flex gap-3">
        <select id={id} value={period} onChange={(e) => setPeriod(e.target.value as ExclusionPeriodName)} className={selectClass}>
          {EXCLUSION_PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(`break.period.${p}`)}
            </option>
          ))}
        </select>
        <Button variant="danger" className="shrink-0" onClick={() => setOpen(true)}>
          {t("break.start")}
        </Button>
      </div>
      <PopupBox open={open} onClose={() => setOpen(false)} title={t("break.confirm_title")} size="md">
        <form onSubmit={confirm} className="flex flex-col gap-4" noValidate>
          <p className="text-sm text-text">{t("break.confirm_text", { period: t(`break.period.${period}`) })}</p>
          <Field
            label={t("break.password")}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setError(undefined);
            }}
            error={error}
          />
          <div className="flex gap-3">
            <Button variant="secondary" block onClick={() => setOpen(false)}>
              {t("break.cancel")}
            </Button>
            <Button type="submit" variant="danger" block loading={exclude.isPending}>
              {t("break.confirm")}
            </Button>
          </div>
        </form>
      </PopupBox>
    </section>
  );
}
