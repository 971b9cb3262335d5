import type { OperatorRow } from "@shwe/contracts";
import { formatDisplayDateTime } from "@shwe/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../../components/button.tsx";
import { Skeleton } from "../../../../components/skeleton.tsx";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { useSession } from "../../../../lib/session-store.ts";
import { toast } from "../../../../lib/toast.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { inputClass, TextField } from "../../components/fields.tsx";
import { PageHeader, Panel } from "../../components/panel.tsx";
import { useErrorText } from "../../hooks/use-error-text.ts";
import { secondFactorKey, useCreateOperator, useOperators, useResetOperatorSecondFactor, useSecondFactorStatus } from "../api/security.ts";
import { EnrolFlow } from "../components/second-factor.tsx";

/** /admin/security: the operator's own two-step sign-in and, for admins, the console accounts. */
export function SecurityPage() {
  const { t } = useTranslation("admin");
  const status = useSecondFactorStatus();
  const queryClient = useQueryClient();
  const admin = status.data?.role === "admin";
  return (
    <div className="space-y-4">
      <PageHeader title={t("security.title")} />
      <Panel title={t("security.own_title")}>
        {!status.data ? (
          <Skeleton className="h-10 w-full" />
        ) : status.data.enrolled ? (
          <p className="text-sm text-win" data-testid="second-factor-on">
            {t("security.on")}
          </p>
        ) : (
          <>
            <p className="mb-4 text-sm text-muted">{t("security.optional_text")}</p>
            <EnrolFlow onDone={() => void queryClient.invalidateQueries({ queryKey: secondFactorKey() })} />
          </>
        )}
      </Panel>
      {admin ? <OperatorsPanel /> : null}
    </div>
  );
}

function OperatorsPanel() {
  const { t } = useTranslation("admin");
  const operators = useOperators(true);
  const me = useSession((s) => s.user?.id);
  const reset = useResetOperatorSecondFactor();
  const errorText = useErrorText();
  const [resetting, setResetting] = useState<OperatorRow | null>(null);
  return (
    <Panel title={t("security.operators_title")}>
      {!operators.data ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-muted">
              <tr>
                <th className="py-2 pr-3 font-medium">{t("security.col_name")}</th>
                <th className="py-2 pr-3 font-medium">{t("security.col_role")}</th>
                <th className="py-2 pr-3 font-medium">{t("security.col_second_factor")}</th>
                <th className="py-2 pr-3 font-medium">{t("security.col_since")}</th>
                <th className="py-2" />
              </tr>
            </thead>
            <tbody>
              {operators.data.data.map((o) => (
                <tr key={o.id} className="border-t border-line" data-testid={`operator-${o.phone}`}>
                  <td className="py-2 pr-3">
                    <span className="block font-medium text-text">{o.name}</span>
                    <span className="tabular text-muted">{o.phone}</span>
                  </td>
                  <td className="py-2 pr-3">{t(`security.role.${o.role}`)}</td>
                  <td className={`py-2 pr-3 ${o.second_factor ? "text-win" : "text-muted"}`}>
                    {t(o.second_factor ? "security.state_on" : "security.state_off")}
                  </td>
                  <td className="tabular py-2 pr-3 text-muted">{formatDisplayDateTime(o.created_at)}</td>
                  <td className="py-2 text-right">
                    {o.second_factor && o.id !== me ? (
                      <Button variant="secondary" onClick={() => setResetting(o)}>
                        {t("security.reset")}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={resetting !== null}
        onClose={() => setResetting(null)}
        title={t("security.reset_title")}
        confirmLabel={t("security.reset")}
        tone="danger"
        onConfirm={async () => {
          if (!resetting) return;
          try {
            await reset.mutateAsync(resetting.id);
            toast.success(t("security.reset_done"));
            setResetting(null);
          } catch (err) {
            toast.error(errorText(err));
          }
        }}
      >
        {t("security.reset_text", { name: resetting?.name ?? "" })}
      </ConfirmDialog>
      <CreateOperatorForm />
    </Panel>
  );
}

function CreateOperatorForm() {
  const { t } = useTranslation("admin");
  const create = useCreateOperator();
  const errorText = useErrorText();
  const roleId = useId();
  const [form, setForm] = useState({ phone: "", name: "", password: "", role: "operator" as "operator" | "admin" });
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.phone.trim() || !form.name.trim() || form.password.length < 8) return setError(t("security.create_invalid"));
    setError(undefined);
    create.mutate(form, {
      onSuccess: () => {
        toast.success(t("security.created"));
        setForm({ phone: "", name: "", password: "", role: "operator" });
      },
      onError: (err) => setError(errorText(err)),
    });
  };
  return (
    <form onSubmit={submit} className="mt-4 grid gap-3 border-t border-line pt-4 sm:grid-cols-2" noValidate>
      <h3 className="text-sm font-semibold sm:col-span-2">{t("security.create_title")}</h3>
      <TextField
        label={t("security.phone")}
        inputMode="tel"
        value={form.phone}
        onChange={(e) => setForm({ ...form, phone: e.target.value })}
      />
      <TextField label={t("security.name")} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
      <TextField
        label={t("security.password")}
        type="password"
        autoComplete="new-password"
        value={form.password}
        onChange={(e) => setForm({ ...form, password: e.target.value })}
        hint={t("security.password_hint")}
      />
      <div>
        <label htmlFor={roleId} className="mb-1.5 block text-sm font-medium text-muted">
          {t("security.col_role")}
        </label>
        <select
          id={roleId}
          className={inputClass}
          value={form.role}
          onChange={(e) => setForm({ ...form, role: e.target.value as "operator" | "admin" })}
        >
          <option value="operator">{t("security.role.operator")}</option>
          <option value="admin">{t("security.role.admin")}</option>
        </select>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger sm:col-span-2">
          {error}
        </p>
      ) : null}
      <Button type="submit" loading={create.isPending} className="sm:col-span-2">
        {t("security.create")}
      </Button>
    </form>
  );
}
