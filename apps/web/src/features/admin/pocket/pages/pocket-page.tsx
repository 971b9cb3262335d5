import type { PocketCampaign } from "@shwe/contracts";
import { formatAmount, formatDisplayDate, formatDisplayDateTime, yangonDate } from "@shwe/domain";
import { type FormEvent, useState } from "react";
import { buttonClass } from "../../../../components/button.tsx";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { toast } from "../../../../lib/toast.ts";
import { inputClass, TextField } from "../../components/fields.tsx";
import { PageHeader, Panel } from "../../components/panel.tsx";
import { EmptyState, ListSkeleton, LoadError } from "../../components/query-state.tsx";
import { useErrorText } from "../../hooks/use-error-text.ts";
import { useCampaignClaims, usePocketCampaigns, useSaveCampaign, verifyPocketClaim } from "../api.ts";

interface Form {
  date: string;
  budget: string;
  min: string;
  max: string;
  level: "1" | "2";
}

const emptyForm = (): Form => ({ date: yangonDate(), budget: "1000000", min: "100", max: "5000", level: "2" });
const formOf = (c: PocketCampaign): Form => ({
  date: c.date,
  budget: String(c.budget),
  min: String(c.min_amount),
  max: String(c.max_amount),
  level: c.min_level === 1 ? "1" : "2",
});

/** The claims of one campaign, each with a button that re-derives its amount from the stored seed material. */
function CampaignClaims({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation("pocket");
  const errorText = useErrorText();
  const claims = useCampaignClaims(campaignId);
  const [checked, setChecked] = useState<Record<number, boolean>>({});
  if (claims.isPending) return <ListSkeleton rows={2} className="h-10" />;
  if (claims.isError) return <LoadError error={claims.error} onRetry={() => void claims.refetch()} />;
  if (claims.data.length === 0) return <EmptyState>{t("admin.noClaims")}</EmptyState>;
  return (
    <ul className="divide-y divide-line text-sm">
      {claims.data.map((c) => (
        <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <span className="tabular">{c.phone}</span>
          <span className="tabular font-semibold">{formatAmount(c.amount)} MMK</span>
          <span className="tabular text-muted">{formatDisplayDateTime(c.created_at)}</span>
          {checked[c.id] === undefined ? (
            <button
              type="button"
              className={buttonClass({ variant: "secondary" })}
              onClick={() =>
                void verifyPocketClaim(c.id).then(
                  (proof) => setChecked((s) => ({ ...s, [c.id]: proof.valid })),
                  (err: unknown) => toast.error(errorText(err)),
                )
              }
            >
              {t("admin.verify")}
            </button>
          ) : (
            <span className={checked[c.id] ? "text-win" : "text-danger"}>{checked[c.id] ? t("admin.valid") : t("admin.invalid")}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * Pocket money campaigns: create or change the campaign of a day (budget, minimum, maximum, level
 * needed) and see what each paid out (claims, total, remaining), with every claim verifiable from
 * its stored seed material. Every change is written to the audit log by the server.
 */
export function PocketPage() {
  const { t } = useTranslation("pocket");
  const errorText = useErrorText();
  const campaigns = usePocketCampaigns();
  const save = useSaveCampaign();
  const [form, setForm] = useState<Form>(emptyForm);
  const [open, setOpen] = useState<number | null>(null);
  const set = (k: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        date: form.date,
        budget: Number(form.budget),
        min_amount: Number(form.min),
        max_amount: Number(form.max),
        min_level: form.level === "1" ? 1 : 2,
      },
      { onSuccess: () => toast.success(t("admin.saved")), onError: (err) => toast.error(errorText(err)) },
    );
  };

  return (
    <div className="space-y-4">
      <PageHeader title={t("admin.title")} />
      <Panel>
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <TextField label={t("admin.date")} type="date" required value={form.date} min={yangonDate()} onChange={set("date")} />
          <TextField
            label={t("admin.budget")}
            type="number"
            inputMode="numeric"
            min={0}
            required
            value={form.budget}
            onChange={set("budget")}
          />
          <TextField label={t("admin.min")} type="number" inputMode="numeric" min={1} required value={form.min} onChange={set("min")} />
          <TextField label={t("admin.max")} type="number" inputMode="numeric" min={1} required value={form.max} onChange={set("max")} />
          <div>
            <label htmlFor="pocket-level" className="mb-1.5 block text-sm font-medium text-muted">
              {t("admin.level")}
            </label>
            <select id="pocket-level" className={inputClass} value={form.level} onChange={set("level")}>
              <option value="2">{t("admin.levelTwo")}</option>
              <option value="1">{t("admin.levelAny")}</option>
            </select>
          </div>
          <div className="flex items-end">
            <button type="submit" disabled={save.isPending} className={buttonClass({ block: true })}>
              {t("admin.save")}
            </button>
          </div>
        </form>
      </Panel>
      <Panel>
        {campaigns.isPending ? (
          <ListSkeleton />
        ) : campaigns.isError ? (
          <LoadError error={campaigns.error} onRetry={() => void campaigns.refetch()} />
        ) : campaigns.data.length === 0 ? (
          <EmptyState>{t("admin.empty")}</EmptyState>
        ) : (
          <ul className="divide-y divide-line">
            {campaigns.data.map((c) => (
              <li key={c.id} className="py-3" data-testid="pocket-campaign">
                <div className="flex flex-wrap items-center gap-x-6 gap-y-1 text-sm">
                  <span className="tabular font-semibold">{formatDisplayDate(c.date)}</span>
                  <span>
                    {t("admin.budget")}: <b className="tabular">{formatAmount(c.budget)}</b>
                  </span>
                  <span className="tabular">
                    {formatAmount(c.min_amount)} – {formatAmount(c.max_amount)} · L{c.min_level}
                  </span>
                  <span>
                    {t("admin.claims")}: <b className="tabular">{c.claims}</b>
                  </span>
                  <span>
                    {t("admin.spent")}: <b className="tabular">{formatAmount(c.spent)}</b>
                  </span>
                  <span>
                    {t("admin.remaining")}: <b className="tabular">{formatAmount(c.remaining)}</b>
                  </span>
                  <span className="ml-auto flex gap-2">
                    {c.date >= yangonDate() ? (
                      <button type="button" className={buttonClass({ variant: "secondary" })} onClick={() => setForm(formOf(c))}>
                        {t("admin.edit")}
                      </button>
                    ) : null}
                    <button
                      type="button"
                      aria-expanded={open === c.id}
                      className={buttonClass({ variant: "secondary" })}
                      onClick={() => setOpen(open === c.id ? null : c.id)}
                    >
                      {t("admin.show")}
                    </button>
                  </span>
                </div>
                <p className="mt-1 truncate text-xs text-faint" title={c.commitment}>
                  {t("admin.commitment")}: <span className="font-mono">{c.commitment}</span>
                </p>
                {open === c.id ? (
                  <div className="mt-2">
                    <CampaignClaims campaignId={c.id} />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
