import { type AdminPointReward, POINT_REWARD_NAME_MAX } from "@shwe/contracts";
import { formatAmount, formatDisplayDate, MAX_AMOUNT, yangonDate } from "@shwe/domain";
import { type FormEvent, useState } from "react";
import { Button } from "../../../../components/button.tsx";
import { Skeleton } from "../../../../components/skeleton.tsx";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { toast } from "../../../../lib/toast.ts";
import { TextField } from "../../components/fields.tsx";
import { formsOf, LocalizedTextFields, type TextForms, translationsOf } from "../../components/localized-text-fields.tsx";
import { Money } from "../../components/money.tsx";
import { Badge, PageHeader, Panel } from "../../components/panel.tsx";
import { EmptyState, LoadError } from "../../components/query-state.tsx";
import { useBusy } from "../../hooks/use-busy.ts";
import { useErrorToast } from "../../hooks/use-error-text.ts";
import { useCreatePointReward, usePointPayouts, usePointsOverview, useUpdatePointRate, useUpdatePointReward } from "../api/points.ts";

const whole = (text: string, min: number, max: number): number | undefined => {
  const n = Number(text.trim());
  return text.trim() !== "" && Number.isSafeInteger(n) && n >= min && n <= max ? n : undefined;
};

/** The earning rate: kyat of settled stake per point. */
function RateForm({ current }: { current: number }) {
  const { t } = useTranslation("points");
  const save = useUpdatePointRate();
  const showError = useErrorToast();
  const [busy, run] = useBusy();
  const [text, setText] = useState(String(current));
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = whole(text, 1, 1_000_000_000);
    if (value === undefined) {
      setError(t("admin.rateInvalid"));
      return;
    }
    void run(() => save.mutateAsync(value).then(() => toast.success(t("admin.saved")), showError));
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <TextField
        label={t("admin.rateLabel")}
        inputMode="numeric"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(undefined);
        }}
        error={error}
        hint={t("admin.rateHint")}
      />
      <Button type="submit" loading={busy} disabled={text.trim() === String(current)}>
        {t("admin.save")}
      </Button>
    </form>
  );
}

interface Draft {
  name: TextForms;
  points: string;
  amount: string;
  sort: string;
}
const draftOf = (r?: AdminPointReward): Draft => ({
  name: formsOf(r ? { mm: r.name, ...r.name_translations } : undefined),
  points: r ? String(r.points) : "",
  amount: r ? String(r.amount) : "",
  sort: r ? String(r.sort) : "0",
});

/** Add or edit one reward: name in every language (Burmese required), points spent, kyat paid, order. */
function RewardForm({ reward, onDone }: { reward?: AdminPointReward; onDone: () => void }) {
  const { t } = useTranslation("points");
  const create = useCreatePointReward();
  const update = useUpdatePointReward();
  const showError = useErrorToast();
  const [busy, run] = useBusy();
  const { t: tt } = useTranslation("texts");
  const [draft, setDraft] = useState<Draft>(() => draftOf(reward));
  const [error, setError] = useState<string>();
  const [nameError, setNameError] = useState<string>();
  const field = (key: Exclude<keyof Draft, "name">) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => {
      setDraft({ ...draft, [key]: e.target.value });
      setError(undefined);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = draft.name.mm.trim();
    const points = whole(draft.points, 1, MAX_AMOUNT);
    const amount = whole(draft.amount, 1, MAX_AMOUNT);
    const sort = whole(draft.sort, -1_000_000, 1_000_000);
    const numbersOk = points !== undefined && amount !== undefined && sort !== undefined;
    setNameError(name ? undefined : tt("burmeseRequired"));
    setError(numbersOk ? undefined : t("admin.invalid"));
    if (!name || !numbersOk) return;
    const body = { name, name_translations: translationsOf(draft.name), points, amount, sort };
    void run(() =>
      (reward ? update.mutateAsync({ id: reward.id, body }) : create.mutateAsync(body)).then(() => {
        toast.success(t("admin.saved"));
        onDone();
      }, showError),
    );
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 rounded-card border border-line bg-surface-2 p-3 sm:grid-cols-4">
      <div className="sm:col-span-4">
        <LocalizedTextFields
          label={t("admin.name")}
          value={draft.name}
          max={POINT_REWARD_NAME_MAX}
          onChange={(name) => {
            setDraft((d) => ({ ...d, name }));
            setNameError(undefined);
          }}
          error={nameError}
        />
      </div>
      <TextField label={t("admin.points")} inputMode="numeric" {...field("points")} />
      <TextField label={t("admin.amount")} inputMode="numeric" {...field("amount")} />
      <TextField label={t("admin.sort")} inputMode="numeric" {...field("sort")} />
      <div className="flex items-end gap-2">
        <Button type="submit" loading={busy}>
          {t("admin.save")}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t("admin.cancel")}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger sm:col-span-4">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function RewardsPanel({ rewards }: { rewards: AdminPointReward[] }) {
  const { t } = useTranslation("points");
  const update = useUpdatePointReward();
  const showError = useErrorToast();
  const [busy, run] = useBusy();
  const [editing, setEditing] = useState<number | "new">();
  return (
    <Panel
      title={t("admin.rewardsTitle")}
      className="min-w-0 lg:col-span-2"
      action={
        editing === undefined ? (
          <Button variant="secondary" onClick={() => setEditing("new")}>
            {t("admin.add")}
          </Button>
        ) : null
      }
    >
      {editing === "new" ? (
        <div className="mb-3">
          <RewardForm onDone={() => setEditing(undefined)} />
        </div>
      ) : null}
      {rewards.length === 0 ? (
        <EmptyState>{t("admin.noRewards")}</EmptyState>
      ) : (
        <ul className="divide-y divide-line/60">
          {rewards.map((r) =>
            editing === r.id ? (
              <li key={r.id} className="py-2">
                <RewardForm reward={r} onDone={() => setEditing(undefined)} />
              </li>
            ) : (
              <li key={r.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-2">
                <div className="min-w-0 grow basis-full sm:basis-0">
                  <p className="truncate font-semibold">{r.name}</p>
                  <p className="tabular text-sm text-muted">
                    {formatAmount(r.points)} {t("admin.points")} → <Money value={r.amount} className="font-semibold text-gold" /> ·{" "}
                    {t("admin.sort")} {r.sort}
                  </p>
                </div>
                <Badge tone={r.active ? "win" : "muted"}>{r.active ? t("admin.active") : t("admin.inactive")}</Badge>
                <div className="flex gap-2">
                  <Button variant="ghost" onClick={() => setEditing(r.id)} disabled={editing !== undefined}>
                    {t("admin.edit")}
                  </Button>
                  <Button
                    variant="secondary"
                    loading={busy}
                    onClick={() =>
                      void run(() =>
                        update
                          .mutateAsync({ id: r.id, body: { active: !r.active } })
                          .then(() => toast.success(t("admin.saved")), showError),
                      )
                    }
                  >
                    {r.active ? t("admin.hide") : t("admin.show")}
                  </Button>
                </div>
              </li>
            ),
          )}
        </ul>
      )}
    </Panel>
  );
}

const daysAgo = (n: number) => yangonDate(new Date(Date.now() - n * 86_400_000));

function PayoutsPanel() {
  const { t } = useTranslation("points");
  const [start, setStart] = useState(() => daysAgo(6));
  const [end, setEnd] = useState(() => daysAgo(0));
  const payouts = usePointPayouts(start, end);
  return (
    <Panel title={t("admin.payoutsTitle")} className="min-w-0 lg:col-span-2">
      <div className="mb-3 grid max-w-md grid-cols-2 gap-3">
        <TextField
          label={t("admin.from")}
          type="date"
          value={start}
          max={end}
          onChange={(e) => e.target.value && setStart(e.target.value)}
        />
        <TextField label={t("admin.to")} type="date" value={end} min={start} onChange={(e) => e.target.value && setEnd(e.target.value)} />
      </div>
      {payouts.isError ? (
        <LoadError error={payouts.error} onRetry={() => void payouts.refetch()} />
      ) : !payouts.data ? (
        <Skeleton className="h-32 w-full" />
      ) : payouts.data.data.length === 0 ? (
        <EmptyState>{t("admin.empty")}</EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[32rem] text-sm">
            <thead>
              <tr className="border-b border-line text-left text-xs text-muted">
                <th className="py-2 pr-3 font-medium">{t("admin.day")}</th>
                <th className="py-2 pr-3 font-medium">{t("admin.reward")}</th>
                <th className="py-2 pr-3 text-right font-medium">{t("admin.claims")}</th>
                <th className="py-2 pr-3 text-right font-medium">{t("admin.points")}</th>
                <th className="py-2 text-right font-medium">{t("admin.paid")}</th>
              </tr>
            </thead>
            <tbody>
              {payouts.data.data.map((row) => (
                <tr key={`${row.day}-${row.reward_id}`} className="border-b border-line/60">
                  <td className="tabular py-2 pr-3 whitespace-nowrap">{formatDisplayDate(row.day)}</td>
                  <td className="py-2 pr-3">{row.reward_name}</td>
                  <td className="tabular py-2 pr-3 text-right">{formatAmount(row.claims)}</td>
                  <td className="tabular py-2 pr-3 text-right">{formatAmount(row.points)}</td>
                  <td className="py-2 text-right">
                    <Money value={row.amount} className="font-semibold text-gold" />
                  </td>
                </tr>
              ))}
              <tr className="font-semibold">
                <td className="py-2 pr-3" colSpan={2}>
                  {t("admin.total")}
                </td>
                <td className="tabular py-2 pr-3 text-right">{formatAmount(payouts.data.total_claims)}</td>
                <td className="tabular py-2 pr-3 text-right">{formatAmount(payouts.data.total_points)}</td>
                <td className="py-2 text-right">
                  <Money value={payouts.data.total_amount} className="text-gold" />
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

/** /admin/points: the earning rate, the rewards (add, edit, hide) and what they paid out per day. */
export function PointsPage() {
  const { t } = useTranslation("points");
  const overview = usePointsOverview();
  const header = <PageHeader title={t("admin.title")} subtitle={t("admin.intro")} />;
  if (overview.isError) {
    return (
      <>
        {header}
        <LoadError error={overview.error} onRetry={() => void overview.refetch()} />
      </>
    );
  }
  const d = overview.data;
  return (
    <>
      {header}
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title={t("admin.rateTitle")} className="min-w-0">
          {d ? <RateForm key={d.kyat_per_point} current={d.kyat_per_point} /> : <Skeleton className="h-36 w-full" />}
          <p className="mt-3 text-xs text-faint">{t("admin.warningHint")}</p>
        </Panel>
        <div className="hidden lg:block" />
        {d ? <RewardsPanel rewards={d.rewards} /> : <Skeleton className="h-48 w-full lg:col-span-2" />}
        <PayoutsPanel />
      </div>
    </>
  );
}
