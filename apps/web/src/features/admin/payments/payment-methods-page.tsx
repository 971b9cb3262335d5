import {
  type AdminPaymentMethod,
  adminPaymentMethodSchema,
  adminPaymentMethodsSchema,
  type CreatePaymentMethodBody,
  type PaymentChipsBody,
  type UpdatePaymentMethodBody,
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
import { TextField } from "../components/fields.tsx";
import { ImageUploadButton } from "../components/image-upload.tsx";
import { PageHeader, Panel } from "../components/panel.tsx";
import { useErrorText } from "../hooks/use-error-text.ts";
import { useSecondFactorStatus } from "../security/api/security.ts";

function usePaymentMethods() {
  return useQuery({
    queryKey: adminKeys.paymentMethods(),
    queryFn: async ({ signal }) => adminPaymentMethodsSchema.parse(await api<unknown>("admin/payment-methods", { signal })),
  });
}

/** Digits of an amount as typed ("10,000" → 10000); NaN when it is not a whole number. */
const amountOf = (text: string) => (/^\s*[\d,\s]+\s*$/.test(text) ? Number(text.replace(/[,\s]/g, "")) : Number.NaN);

/** /admin/payment-methods: the wallet accounts players pay into (admins add and change them), their limits, logos and order, and the amount chips. */
export function PaymentMethodsPage() {
  const { t } = useTranslation("admin");
  const methods = usePaymentMethods();
  const admin = useSecondFactorStatus().data?.role === "admin";
  return (
    <div className="space-y-4">
      <PageHeader title={t("payments.title")} subtitle={t(admin ? "payments.subtitle" : "payments.read_only")} />
      {!methods.data ? (
        <Skeleton className="h-48 w-full" />
      ) : (
        <>
          {methods.data.data.length === 0 ? (
            <p className="rounded-xl border border-line bg-surface px-4 py-3 text-sm text-muted">{t("payments.none")}</p>
          ) : null}
          <div className="grid gap-4 lg:grid-cols-2">
            {methods.data.data.map((m) => (
              <MethodForm key={m.id} method={m} editable={admin} />
            ))}
          </div>
          {admin ? <NewMethodForm /> : null}
          <ChipsForm chips={methods.data.chips} editable={admin} />
        </>
      )}
    </div>
  );
}

function MethodForm({ method, editable }: { method: AdminPaymentMethod; editable: boolean }) {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [form, setForm] = useState({
    name: method.name,
    logo: method.logo,
    account_name: method.account_name,
    account_number: method.account_number,
    min_amount: formatAmount(method.min_amount),
    max_amount: formatAmount(method.max_amount),
    cashin_enabled: method.cashin_enabled,
    cashout_enabled: method.cashout_enabled,
    sort: String(method.sort),
  });
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: async (body: UpdatePaymentMethodBody) =>
      adminPaymentMethodSchema.parse(await api<unknown>(`admin/payment-methods/${method.id}`, { method: "PUT", body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.paymentMethods() }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const min = amountOf(form.min_amount);
    const max = amountOf(form.max_amount);
    const sort = Number(form.sort);
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min < 1 || min > max || !Number.isInteger(sort)) {
      return setError(t("payments.invalid"));
    }
    setError(undefined);
    save.mutate(
      {
        name: form.name,
        logo: form.logo,
        account_name: form.account_name,
        account_number: form.account_number,
        min_amount: min,
        max_amount: max,
        cashin_enabled: form.cashin_enabled,
        cashout_enabled: form.cashout_enabled,
        sort,
      },
      { onSuccess: () => toast.success(t("payments.saved")), onError: (err) => setError(errorText(err)) },
    );
  };
  const text = (field: "name" | "logo" | "account_name" | "account_number" | "min_amount" | "max_amount" | "sort", extra = {}) => (
    <TextField
      label={t(`payments.${field}`)}
      value={form[field]}
      disabled={!editable}
      onChange={(e) => setForm({ ...form, [field]: e.target.value })}
      {...extra}
    />
  );
  return (
    <Panel
      title={method.name}
      action={<img src={method.logo} alt="" width={32} height={32} className="h-8 w-8 rounded-lg bg-white object-contain" />}
    >
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" noValidate data-testid={`payment-method-${method.id}`}>
        {text("name")}
        <div className="flex items-end gap-2">
          <div className="min-w-0 flex-1">{text("logo")}</div>
          {editable ? <ImageUploadButton onUploaded={(path) => setForm((f) => ({ ...f, logo: path }))} /> : null}
        </div>
        {text("account_name")}
        {text("account_number", { inputMode: "numeric" })}
        {text("min_amount", { inputMode: "numeric" })}
        {text("max_amount", { inputMode: "numeric" })}
        {text("sort", { inputMode: "numeric" })}
        <div className="flex flex-col justify-end gap-2 text-sm">
          {(["cashin_enabled", "cashout_enabled"] as const).map((f) => (
            <label key={f} className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                className="h-5 w-5 accent-gold"
                checked={form[f]}
                disabled={!editable}
                onChange={(e) => setForm({ ...form, [f]: e.target.checked })}
              />
              {t(`payments.${f}`)}
            </label>
          ))}
        </div>
        {error ? (
          <p role="alert" className="text-sm text-danger sm:col-span-2">
            {error}
          </p>
        ) : null}
        {editable ? (
          <Button type="submit" loading={save.isPending} className="sm:col-span-2">
            {t("payments.save")}
          </Button>
        ) : null}
      </form>
    </Panel>
  );
}

const emptyMethod = {
  name: "",
  logo: "",
  account_name: "",
  account_number: "",
  min_amount: "",
  max_amount: "",
  cashin_enabled: true,
  cashout_enabled: true,
};

/** Adds a payment method (a new site starts with none): its account, logo, limits and directions. */
function NewMethodForm() {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [form, setForm] = useState(emptyMethod);
  const [error, setError] = useState<string>();
  const add = useMutation({
    mutationFn: async (body: CreatePaymentMethodBody) =>
      adminPaymentMethodSchema.parse(await api<unknown>("admin/payment-methods", { method: "POST", body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.paymentMethods() }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const min = amountOf(form.min_amount);
    const max = amountOf(form.max_amount);
    if (!form.name.trim() || !form.logo.trim() || !form.account_name.trim() || !form.account_number.trim()) {
      return setError(t("payments.new_missing"));
    }
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min < 1 || min > max) return setError(t("payments.invalid"));
    setError(undefined);
    add.mutate(
      { ...form, min_amount: min, max_amount: max },
      {
        onSuccess: () => {
          setForm(emptyMethod);
          toast.success(t("payments.added"));
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  };
  const text = (field: "name" | "logo" | "account_name" | "account_number" | "min_amount" | "max_amount", extra = {}) => (
    <TextField
      label={t(`payments.${field}`)}
      value={form[field]}
      onChange={(e) => setForm({ ...form, [field]: e.target.value })}
      {...extra}
    />
  );
  return (
    <Panel title={t("payments.new")}>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" noValidate data-testid="new-payment-method">
        {text("name")}
        <div className="flex items-end gap-2">
          <div className="min-w-0 flex-1">{text("logo", { placeholder: "/img/payments/kbzpay.webp" })}</div>
          <ImageUploadButton onUploaded={(path) => setForm((f) => ({ ...f, logo: path }))} />
        </div>
        {text("account_name")}
        {text("account_number", { inputMode: "numeric" })}
        {text("min_amount", { inputMode: "numeric" })}
        {text("max_amount", { inputMode: "numeric" })}
        <div className="flex flex-col justify-end gap-2 text-sm sm:col-span-2">
          {(["cashin_enabled", "cashout_enabled"] as const).map((f) => (
            <label key={f} className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                className="h-5 w-5 accent-gold"
                checked={form[f]}
                onChange={(e) => setForm({ ...form, [f]: e.target.checked })}
              />
              {t(`payments.${f}`)}
            </label>
          ))}
        </div>
        {error ? (
          <p role="alert" className="text-sm text-danger sm:col-span-2">
            {error}
          </p>
        ) : null}
        <Button type="submit" loading={add.isPending} className="sm:col-span-2">
          {t("payments.add")}
        </Button>
      </form>
    </Panel>
  );
}

function ChipsForm({ chips, editable }: { chips: { cash_in: number[]; cash_out: number[] }; editable: boolean }) {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [form, setForm] = useState({
    cash_in: chips.cash_in.map(formatAmount).join(", "),
    cash_out: chips.cash_out.map(formatAmount).join(", "),
  });
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: async (body: PaymentChipsBody) =>
      adminPaymentMethodsSchema.parse(await api<unknown>("admin/payment-methods/chips", { method: "PUT", body })),
    onSuccess: (data) => queryClient.setQueryData(adminKeys.paymentMethods(), data),
  });
  const parse = (s: string) =>
    s
      // Spaces, semicolons and commas separate amounts; a comma before exactly three digits groups thousands.
      .split(/\s+|;|,(?!\d{3}(?!\d))/)
      .map((x) => x.trim())
      .filter(Boolean)
      .map(amountOf);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { cash_in: parse(form.cash_in), cash_out: parse(form.cash_out) };
    if (
      [...body.cash_in, ...body.cash_out].some((n) => !Number.isSafeInteger(n) || n < 1) ||
      !body.cash_in.length ||
      !body.cash_out.length
    ) {
      return setError(t("payments.chips_invalid"));
    }
    setError(undefined);
    save.mutate(body, { onSuccess: () => toast.success(t("payments.saved")), onError: (err) => setError(errorText(err)) });
  };
  return (
    <Panel title={t("payments.chips")}>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" noValidate>
        <TextField
          label={t("payments.chips_in")}
          value={form.cash_in}
          disabled={!editable}
          onChange={(e) => setForm({ ...form, cash_in: e.target.value })}
          hint={t("payments.chips_hint")}
        />
        <TextField
          label={t("payments.chips_out")}
          value={form.cash_out}
          disabled={!editable}
          onChange={(e) => setForm({ ...form, cash_out: e.target.value })}
        />
        {error ? (
          <p role="alert" className="text-sm text-danger sm:col-span-2">
            {error}
          </p>
        ) : null}
        {editable ? (
          <Button type="submit" loading={save.isPending} className="sm:col-span-2">
            {t("payments.save")}
          </Button>
        ) : null}
      </form>
    </Panel>
  );
}
