import { type ReferralFlag, type ReferralFlagGroup, referralSettingsSchema } from "@shwe/contracts";
import { formatDisplayDate, formatDisplayDateTime } from "@shwe/domain";
import { type FormEvent, useState } from "react";
import { Button } from "../../../../components/button.tsx";
import { Skeleton } from "../../../../components/skeleton.tsx";
import { adminPaths } from "../../../../config/console-paths.ts";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { Link } from "../../../../lib/router.tsx";
import { toast } from "../../../../lib/toast.ts";
import { TextField } from "../../components/fields.tsx";
import { Money } from "../../components/money.tsx";
import { PageHeader, Panel } from "../../components/panel.tsx";
import { EmptyState, ListSkeleton, LoadError } from "../../components/query-state.tsx";
import { ReasonDialog } from "../../components/reason-dialog.tsx";
import { useBusy } from "../../hooks/use-busy.ts";
import { useErrorToast } from "../../hooks/use-error-text.ts";
import {
  type FlagFilter,
  useDecideReferral,
  useReferralFlags,
  useReferralPayouts,
  useReferralSettings,
  useUpdateReferralSettings,
} from "../api.ts";

const FILTERS: readonly FlagFilter[] = ["held", "forfeited", "cleared", "all"];

function FilterTabs({ value, onChange }: { value: FlagFilter; onChange: (f: FlagFilter) => void }) {
  const { t } = useTranslation("referral");
  return (
    <div role="tablist" aria-label={t("filter")} className="mb-3 flex gap-1 overflow-x-auto rounded-card border border-line bg-surface p-1">
      {FILTERS.map((f) => (
        <button
          key={f}
          type="button"
          role="tab"
          aria-selected={f === value}
          onClick={() => onChange(f)}
          className={`flex min-h-11 flex-1 items-center justify-center rounded-lg px-3 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-gold ${
            f === value ? "bg-surface-2 text-gold" : "text-muted hover:text-text"
          }`}
        >
          {t(`status.${f}`)}
        </button>
      ))}
    </div>
  );
}

const statusTone: Record<ReferralFlag["status"], string> = {
  held: "border-gold/50 text-gold",
  forfeited: "border-danger/50 text-danger",
  cleared: "border-win/50 text-win",
};

function GroupBlock({ group }: { group: ReferralFlagGroup }) {
  const { t } = useTranslation("referral");
  return (
    <div className="rounded-xl border border-line bg-surface-2/60 p-3">
      <p className="text-sm font-semibold">
        {t(`group.${group.kind}`)} <span className="tabular break-all text-gold">{group.key}</span>
      </p>
      <p className="tabular mb-2 text-xs text-muted">
        {t("group.span", { from: formatDisplayDateTime(group.from), to: formatDisplayDateTime(group.to), count: group.referees.length })}
      </p>
      <ul className="divide-y divide-line/60 text-sm">
        {group.referees.map((r) => (
          <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-1.5">
            <span className="tabular font-semibold">{r.phone}</span>
            <span className="tabular text-xs text-muted">{formatDisplayDateTime(r.joined_at)}</span>
            <span className="tabular w-full text-xs text-faint">
              {t("group.device")}: {r.device ?? "—"} · {t("group.network")}: {r.ip_range ?? "—"}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function FlagCard({ flag }: { flag: ReferralFlag }) {
  const { t } = useTranslation("referral");
  const decide = useDecideReferral();
  const showError = useErrorToast();
  const [dialog, setDialog] = useState<"clear" | "forfeit" | null>(null);
  const canClear = flag.status !== "cleared";
  const canForfeit = flag.status === "held" || (flag.status === "forfeited" && flag.game_refer_amt > 0);

  const submit = (reason: string) =>
    decide.mutateAsync({ referrerId: flag.referrer_id, decision: dialog ?? "clear", reason }).then(() => {
      toast.success(t(dialog === "forfeit" ? "forfeited" : "cleared"));
      setDialog(null);
    }, showError);

  return (
    <li className="rounded-card border border-line bg-surface p-4 shadow-card">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Link
            to={adminPaths.player(flag.referrer_id)}
            className="font-semibold text-text hover:text-gold focus-visible:outline-2 focus-visible:outline-gold"
          >
            {flag.referrer_name} <span className="tabular text-muted">· {flag.referrer_phone}</span>
          </Link>
          <p className="tabular text-xs text-muted">
            {t("flaggedAt", { at: formatDisplayDateTime(flag.flagged_at) })} · {t("referees", { count: flag.refer_count })}
          </p>
        </div>
        <span className={`rounded-full border px-2.5 py-0.5 text-xs font-semibold ${statusTone[flag.status]}`}>
          {t(`status.${flag.status}`)}
        </span>
      </div>
      <dl className="mb-3 grid grid-cols-2 gap-2 text-sm">
        <div className="rounded-xl bg-surface-2/60 px-3 py-2">
          <dt className="text-xs text-muted">{t("heldAmount")}</dt>
          <dd>
            <Money value={flag.game_refer_amt} className="font-semibold text-gold" />
          </dd>
        </div>
        <div className="rounded-xl bg-surface-2/60 px-3 py-2">
          <dt className="text-xs text-muted">{t("forfeitedTotal")}</dt>
          <dd>
            <Money value={flag.forfeited_total} className="font-semibold" />
          </dd>
        </div>
      </dl>
      {flag.decided_at ? (
        <p className="mb-3 text-xs text-muted">
          {t("decision", { at: formatDisplayDateTime(flag.decided_at), by: flag.decided_by_phone ?? "—" })}
          {flag.decision_reason ? <span className="block text-text">“{flag.decision_reason}”</span> : null}
        </p>
      ) : null}
      <div className="grid gap-2 lg:grid-cols-2">
        {flag.groups.map((g) => (
          <GroupBlock key={`${g.kind}:${g.key}`} group={g} />
        ))}
      </div>
      {canClear || canForfeit ? (
        <div className="mt-3 grid grid-cols-2 gap-2 sm:flex sm:justify-end">
          {canClear ? (
            <Button variant="secondary" onClick={() => setDialog("clear")}>
              {t("clear")}
            </Button>
          ) : null}
          {canForfeit ? (
            <Button variant="danger" onClick={() => setDialog("forfeit")}>
              {t("forfeit")}
            </Button>
          ) : null}
        </div>
      ) : null}
      <ReasonDialog
        open={dialog !== null}
        onClose={() => setDialog(null)}
        title={t(dialog === "forfeit" ? "forfeitTitle" : "clearTitle")}
        submitLabel={t(dialog === "forfeit" ? "forfeit" : "clear")}
        tone={dialog === "forfeit" ? "danger" : "primary"}
        onSubmit={submit}
      >
        {dialog === "forfeit" ? t("forfeitExplain", { amount: flag.game_refer_amt.toLocaleString("en-US") }) : t("clearExplain")}
      </ReasonDialog>
    </li>
  );
}

function FlagsPanel() {
  const { t } = useTranslation("referral");
  const [filter, setFilter] = useState<FlagFilter>("held");
  const flags = useReferralFlags(filter);
  return (
    <section aria-labelledby="referral-flags-title" className="lg:col-span-2">
      <h2 id="referral-flags-title" className="mb-2 text-base font-semibold">
        {t("flagsTitle")}
      </h2>
      <FilterTabs value={filter} onChange={setFilter} />
      {flags.isError ? (
        <LoadError error={flags.error} onRetry={() => void flags.refetch()} />
      ) : !flags.data ? (
        <ListSkeleton rows={2} className="h-48" />
      ) : flags.data.length === 0 ? (
        <EmptyState>{t(filter === "held" ? "emptyHeld" : "empty")}</EmptyState>
      ) : (
        <ul className="space-y-3">
          {flags.data.map((f) => (
            <FlagCard key={f.referrer_id} flag={f} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SettingsForm({ current }: { current: { share_percent: number; farming_threshold: number; farming_window_hours: number } }) {
  const { t } = useTranslation("referral");
  const save = useUpdateReferralSettings();
  const showError = useErrorToast();
  const [busy, run] = useBusy();
  const [share, setShare] = useState(String(current.share_percent));
  const [threshold, setThreshold] = useState(String(current.farming_threshold));
  const [hours, setHours] = useState(String(current.farming_window_hours));
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const num = (s: string) => (s.trim() === "" ? Number.NaN : Number(s.trim()));
    const parsed = referralSettingsSchema.safeParse({
      share_percent: num(share),
      farming_threshold: num(threshold),
      farming_window_hours: num(hours),
    });
    if (!parsed.success) {
      setError(t("settings.invalid"));
      return;
    }
    void run(() => save.mutateAsync(parsed.data).then(() => toast.success(t("settings.saved")), showError));
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <TextField
        label={t("settings.share")}
        inputMode="decimal"
        value={share}
        onChange={(e) => setShare(e.target.value)}
        hint={t("settings.shareHint")}
      />
      <div className="grid grid-cols-2 items-end gap-3">
        <TextField label={t("settings.threshold")} inputMode="numeric" value={threshold} onChange={(e) => setThreshold(e.target.value)} />
        <TextField label={t("settings.window")} inputMode="numeric" value={hours} onChange={(e) => setHours(e.target.value)} />
      </div>
      <p className="text-xs text-faint">{t("settings.ruleHint")}</p>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <Button type="submit" loading={busy}>
        {t("admin:actions.save")}
      </Button>
    </form>
  );
}

function PayoutsPanel() {
  const { t } = useTranslation("referral");
  const payouts = useReferralPayouts(30);
  if (payouts.isError) return <LoadError error={payouts.error} onRetry={() => void payouts.refetch()} />;
  const d = payouts.data;
  if (!d) return <Skeleton className="h-40 w-full" />;
  return (
    <>
      <dl className="mb-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {(
          [
            ["earned", d.totals.earned],
            ["claimed", d.totals.claimed],
            ["outstanding", d.outstanding],
            ["held", d.held],
          ] as const
        ).map(([key, value]) => (
          <div key={key} className="rounded-xl bg-surface-2/60 px-3 py-2">
            <dt className="text-xs text-muted">{t(`payouts.${key}`)}</dt>
            <dd>
              <Money value={value} className="font-semibold" />
            </dd>
          </div>
        ))}
      </dl>
      {d.data.length === 0 ? (
        <EmptyState>{t("payouts.empty")}</EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[30rem] text-sm">
            <thead>
              <tr className="border-b border-line text-left text-xs text-muted">
                <th className="py-2 pr-3 font-medium">{t("payouts.day")}</th>
                <th className="py-2 pr-3 text-right font-medium">{t("payouts.earned")}</th>
                <th className="py-2 pr-3 text-right font-medium">{t("payouts.claims")}</th>
                <th className="py-2 pr-3 text-right font-medium">{t("payouts.claimed")}</th>
                <th className="py-2 text-right font-medium">{t("payouts.forfeited")}</th>
              </tr>
            </thead>
            <tbody>
              {d.data.map((row) => (
                <tr key={row.day} className="border-b border-line/60 last:border-0">
                  <td className="tabular py-2 pr-3 whitespace-nowrap">{formatDisplayDate(row.day)}</td>
                  <td className="py-2 pr-3 text-right">
                    <Money value={row.earned} />
                  </td>
                  <td className="tabular py-2 pr-3 text-right">{row.claims}</td>
                  <td className="py-2 pr-3 text-right">
                    <Money value={row.claimed} className="font-semibold text-gold" />
                  </td>
                  <td className="py-2 text-right">
                    <Money value={row.forfeited} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** /admin/referral: flagged referrers (clear / forfeit with a reason), the referral share and farming rule, payouts per day. */
export function ReferralPage() {
  const { t } = useTranslation("referral");
  const settings = useReferralSettings();
  return (
    <>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <div className="grid gap-4 lg:grid-cols-2">
        <FlagsPanel />
        <Panel title={t("settings.title")}>
          {settings.isError ? (
            <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
          ) : settings.data ? (
            <SettingsForm key={JSON.stringify(settings.data)} current={settings.data} />
          ) : (
            <Skeleton className="h-56 w-full" />
          )}
        </Panel>
        <Panel title={t("payouts.title")}>
          <PayoutsPanel />
        </Panel>
      </div>
    </>
  );
}
