import type { OperatorRow } from "@shwe/contracts";
import { formatDisplayDateTime } from "@shwe/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../../components/button.tsx";
import { Skeleton } from "../../../../components/skeleton.tsx";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { useSession } from "../../../../lib/session-store.ts";
import { toast } from "../../../../lib/toast.ts";
import { adminKeys } from "../../api/query-keys.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { inputClass, TextField } from "../../components/fields.tsx";
import { PageHeader, Panel } from "../../components/panel.tsx";
import { useErrorText } from "../../hooks/use-error-text.ts";
import {
  useChangeOperatorRole,
  useConsoleChanges,
  useDecideConsoleChange,
  useInviteOperator,
  useOperators,
  useResetOperatorSecondFactor,
  useSecondFactorStatus,
} from "../api/security.ts";
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
            <EnrolFlow onDone={() => void queryClient.invalidateQueries({ queryKey: adminKeys.secondFactor() })} />
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
  const changeRole = useChangeOperatorRole();
  const errorText = useErrorText();
  const [resetting, setResetting] = useState<OperatorRow | null>(null);
  const [promoting, setPromoting] = useState<OperatorRow | null>(null);
  const newRole = (o: OperatorRow) => (o.role === "admin" ? "operator" : "admin");
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
                  <td className="space-x-2 whitespace-nowrap py-2 text-right">
                    {o.id !== me ? (
                      <Button variant="secondary" onClick={() => setPromoting(o)}>
                        {t(`security.role_to.${newRole(o)}`)}
                      </Button>
                    ) : null}
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
            const change = await reset.mutateAsync(resetting.id);
            toast.success(t(change.status === "applied" ? "security.reset_done" : "security.change_waits"));
            setResetting(null);
          } catch (err) {
            toast.error(errorText(err));
          }
        }}
      >
        {t("security.reset_text", { name: resetting?.name ?? "" })}
      </ConfirmDialog>
      <ConfirmDialog
        open={promoting !== null}
        onClose={() => setPromoting(null)}
        title={promoting ? t(`security.role_to.${newRole(promoting)}`) : ""}
        confirmLabel={promoting ? t(`security.role_to.${newRole(promoting)}`) : ""}
        tone={promoting?.role === "admin" ? "danger" : "primary"}
        onConfirm={async () => {
          if (!promoting) return;
          try {
            const change = await changeRole.mutateAsync({ id: promoting.id, role: newRole(promoting) });
            toast.success(t(change.status === "applied" ? "security.role_done" : "security.change_waits"));
            setPromoting(null);
          } catch (err) {
            toast.error(errorText(err));
          }
        }}
      >
        {promoting ? t("security.role_text", { name: promoting.name, role: t(`security.role.${newRole(promoting)}`) }) : null}
      </ConfirmDialog>
      <ConsoleChanges />
      <CreateOperatorForm />
    </Panel>
  );
}

/** The console account changes that wait for a second admin: another admin confirms or rejects them. */
function ConsoleChanges() {
  const { t } = useTranslation("admin");
  const changes = useConsoleChanges(true);
  const decide = useDecideConsoleChange();
  const me = useSession((s) => s.user?.id);
  const errorText = useErrorText();
  const rows = changes.data?.data ?? [];
  if (rows.length === 0) return null;
  const onDecide = (id: number, approve: boolean) =>
    decide.mutate(
      { id, approve },
      {
        onSuccess: (c) => toast.success(t(c.status === "applied" ? "security.change_applied" : "security.change_rejected")),
        onError: (err) => toast.error(errorText(err)),
      },
    );
  return (
    <section className="mt-4 border-t border-line pt-4" data-testid="console-changes">
      <h3 className="mb-2 text-sm font-semibold">{t("security.changes_title")}</h3>
      <ul className="space-y-2">
        {rows.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center gap-2 text-sm" data-testid={`console-change-${c.id}`}>
            <span className="flex-1">
              {t(`security.change_kind.${c.kind}`, {
                name: c.name ?? "",
                phone: c.phone ?? "",
                role: c.role ? t(`security.role.${c.role}`) : "",
                id: c.target_user_id ?? "",
              })}
            </span>
            {c.requested_by === me ? (
              <span className="text-muted">{t("security.change_yours")}</span>
            ) : (
              <>
                <Button variant="secondary" onClick={() => onDecide(c.id, false)} disabled={decide.isPending}>
                  {t("security.change_reject")}
                </Button>
                <Button onClick={() => onDecide(c.id, true)} disabled={decide.isPending}>
                  {t("security.change_confirm")}
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function CreateOperatorForm() {
  const { t } = useTranslation("admin");
  const invite = useInviteOperator();
  const errorText = useErrorText();
  const roleId = useId();
  const [form, setForm] = useState({ phone: "", name: "", role: "operator" as "operator" | "admin" });
  const [error, setError] = useState<string>();
  const [link, setLink] = useState<{ url: string; waits: boolean }>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.phone.trim() || !form.name.trim()) return setError(t("security.create_invalid"));
    setError(undefined);
    invite.mutate(form, {
      onSuccess: (res) => {
        setLink({ url: `${window.location.origin}${res.invitation.path}`, waits: res.change.status === "pending" });
        setForm({ phone: "", name: "", role: "operator" });
      },
      onError: (err) => setError(errorText(err)),
    });
  };
  return (
    <form onSubmit={submit} className="mt-4 grid gap-3 border-t border-line pt-4 sm:grid-cols-2" noValidate>
      <h3 className="text-sm font-semibold sm:col-span-2">{t("security.create_title")}</h3>
      <p className="text-sm text-muted sm:col-span-2">{t("security.invite_text")}</p>
      <TextField
        label={t("security.phone")}
        inputMode="tel"
        value={form.phone}
        onChange={(e) => setForm({ ...form, phone: e.target.value })}
      />
      <TextField label={t("security.name")} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
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
      {link ? (
        <div className="space-y-1 rounded-lg border border-line p-3 text-sm sm:col-span-2" data-testid="invitation-link">
          <p>{t(link.waits ? "security.invite_link_waits" : "security.invite_link")}</p>
          <p className="tabular break-all font-medium text-text select-all">{link.url}</p>
        </div>
      ) : null}
      <Button type="submit" loading={invite.isPending} className="sm:col-span-2">
        {t("security.create")}
      </Button>
    </form>
  );
}
