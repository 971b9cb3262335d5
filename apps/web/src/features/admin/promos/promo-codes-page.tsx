import {
  type AdminPromoCode,
  adminPromoCodeSchema,
  adminPromoCodesSchema,
  type CreatePromoCodeBody,
  type UpdatePromoCodeBody,
} from "@shwe/contracts";
import { formatAmount } from "@shwe/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { api } from "../../../lib/api-client.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { toast } from "../../../lib/toast.ts";
import { adminKeys } from "../api/query-keys.ts";
import { ConfirmDialog } from "../components/confirm-dialog.tsx";
import { TextField } from "../components/fields.tsx";
import { PageHeader, Panel } from "../components/panel.tsx";
import { useErrorText } from "../hooks/use-error-text.ts";
import { useSecondFactorStatus } from "../security/api/security.ts";

function usePromoCodes() {
  return useQuery({
    queryKey: adminKeys.promoCodes(),
    queryFn: async ({ signal }) => adminPromoCodesSchema.parse(await api<unknown>("admin/promo-codes", { signal })),
  });
}

/** A whole number as typed ("10,000" → 10000); null when empty; NaN when it is not a whole number. */
function wholeOf(text: string): number | null {
  if (!text.trim()) return null;
  return /^\s*[\d,\s]+\s*$/.test(text) ? Number(text.replace(/[,\s]/g, "")) : Number.NaN;
}

const pad = (n: number) => String(n).padStart(2, "0");
/** An instant as a datetime-local input shows it (the operator's own clock). */
function localInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const instantOf = (local: string) => (local ? new Date(local).toISOString() : null);

interface Form {
  code: string;
  percent: string;
  max_bonus: string;
  turnover_multiplier: string;
  max_uses: string;
  max_uses_per_player: string;
  starts_at: string;
  ends_at: string;
}

const emptyForm: Form = {
  code: "",
  percent: "",
  max_bonus: "",
  turnover_multiplier: "",
  max_uses: "",
  max_uses_per_player: "",
  starts_at: "",
  ends_at: "",
};

function formOf(p: AdminPromoCode): Form {
  const n = (v: number | null) => (v === null ? "" : formatAmount(v));
  return {
    code: p.code,
    percent: String(p.percent),
    max_bonus: n(p.max_bonus),
    turnover_multiplier: String(p.turnover_multiplier),
    max_uses: n(p.max_uses),
    max_uses_per_player: n(p.max_uses_per_player),
    starts_at: localInput(p.starts_at),
    ends_at: localInput(p.ends_at),
  };
}

/** The terms as the API takes them, or undefined when a number or the schedule does not make sense. */
function termsOf(form: Form) {
  const percent = wholeOf(form.percent);
  const multiplier = wholeOf(form.turnover_multiplier);
  const optional = [wholeOf(form.max_bonus), wholeOf(form.max_uses), wholeOf(form.max_uses_per_player)] as const;
  if (percent === null || multiplier === null || !Number.isSafeInteger(percent) || !Number.isSafeInteger(multiplier)) return undefined;
  if (percent < 1 || percent > 1_000 || multiplier > 100) return undefined;
  if (optional.some((v) => v !== null && (!Number.isSafeInteger(v) || v < 1))) return undefined;
  const starts = instantOf(form.starts_at);
  const ends = instantOf(form.ends_at);
  if (starts && ends && Date.parse(starts) >= Date.parse(ends)) return undefined;
  return {
    percent,
    turnover_multiplier: multiplier,
    max_bonus: optional[0],
    max_uses: optional[1],
    max_uses_per_player: optional[2],
    starts_at: starts,
    ends_at: ends,
  };
}

/** /admin/promo-codes: the codes players type on the cash-in form; admins create, limit, schedule and end them. */
export function PromoCodesPage() {
  const { t } = useTranslation("admin");
  const codes = usePromoCodes();
  const admin = useSecondFactorStatus().data?.role === "admin";
  return (
    <div className="space-y-4">
      <PageHeader title={t("promos.title")} subtitle={t(admin ? "promos.subtitle" : "promos.read_only")} />
      {admin ? <PromoForm /> : null}
      {!codes.data ? (
        <Skeleton className="h-48 w-full" />
      ) : codes.data.data.length === 0 ? (
        <p className="rounded-xl border border-line bg-surface px-4 py-3 text-sm text-muted">{t("promos.none")}</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {codes.data.data.map((p) => (
            <PromoForm key={p.id} promo={p} editable={admin} />
          ))}
        </div>
      )}
    </div>
  );
}

/** A new code (no `promo`) or one code's terms, its uses and state, and the End button. */
function PromoForm({ promo, editable = true }: { promo?: AdminPromoCode; editable?: boolean }) {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [form, setForm] = useState<Form>(promo ? formOf(promo) : emptyForm);
  const [error, setError] = useState<string>();
  const [ending, setEnding] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.promoCodes() });
  const save = useMutation({
    mutationFn: async (body: CreatePromoCodeBody | UpdatePromoCodeBody) =>
      adminPromoCodeSchema.parse(
        await api<unknown>(promo ? `admin/promo-codes/${promo.id}` : "admin/promo-codes", { method: promo ? "PUT" : "POST", body }),
      ),
    onSuccess: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const terms = termsOf(form);
    if (!terms || (!promo && !/^[A-Za-z0-9_-]{1,32}$/.test(form.code.trim()))) return setError(t("promos.invalid"));
    setError(undefined);
    save.mutate(promo ? terms : { ...terms, code: form.code.trim().toUpperCase() }, {
      onSuccess: () => {
        if (!promo) setForm(emptyForm);
        toast.success(t(promo ? "promos.saved" : "promos.created"));
      },
      onError: (err) => setError(errorText(err)),
    });
  };
  const end = async () => {
    if (!promo) return;
    try {
      await api<unknown>(`admin/promo-codes/${promo.id}/end`, { method: "POST" });
      toast.success(t("promos.ended_toast"));
      setEnding(false);
      await refresh();
    } catch (err) {
      setEnding(false);
      setError(errorText(err));
    }
  };
  const field = (name: keyof Form, extra: Record<string, unknown> = {}) => (
    <TextField
      label={t(`promos.${name}`)}
      value={form[name]}
      disabled={!editable}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      {...extra}
    />
  );
  const numeric = { inputMode: "numeric" };
  return (
    <Panel
      title={promo ? promo.code : t("promos.new")}
      action={promo ? <span className="text-sm text-muted">{t(`promos.state_${promo.state}`)}</span> : undefined}
    >
      <form
        onSubmit={submit}
        className="grid gap-3 sm:grid-cols-2"
        noValidate
        data-testid={promo ? `promo-code-${promo.code}` : "new-promo-code"}
      >
        {promo ? (
          <p className="text-sm text-muted sm:col-span-2">{t("promos.uses_line", { uses: promo.uses, pending: promo.pending })}</p>
        ) : (
          field("code", { autoCapitalize: "characters", hint: t("promos.code_hint") })
        )}
        {field("percent", numeric)}
        {field("max_bonus", { ...numeric, hint: t("promos.optional") })}
        {field("turnover_multiplier", { ...numeric, hint: t("promos.multiplier_hint") })}
        {field("max_uses", { ...numeric, hint: t("promos.optional") })}
        {field("max_uses_per_player", { ...numeric, hint: t("promos.optional") })}
        <span className="hidden sm:block" />
        {field("starts_at", { type: "datetime-local", hint: t("promos.optional") })}
        {field("ends_at", { type: "datetime-local", hint: t("promos.optional") })}
        {error ? (
          <p role="alert" className="text-sm text-danger sm:col-span-2">
            {error}
          </p>
        ) : null}
        {editable ? (
          <div className="grid gap-2 sm:col-span-2 sm:grid-cols-2">
            <Button type="submit" loading={save.isPending} className={promo?.active ? "" : "sm:col-span-2"}>
              {t(promo ? "promos.save" : "promos.create")}
            </Button>
            {promo?.active ? (
              <Button type="button" variant="danger" onClick={() => setEnding(true)}>
                {t("promos.end")}
              </Button>
            ) : null}
          </div>
        ) : null}
      </form>
      {promo ? (
        <ConfirmDialog
          open={ending}
          onClose={() => setEnding(false)}
          title={t("promos.end_title", { code: promo.code })}
          confirmLabel={t("promos.end")}
          tone="danger"
          onConfirm={end}
        >
          {t("promos.end_body")}
        </ConfirmDialog>
      ) : null}
    </Panel>
  );
}
