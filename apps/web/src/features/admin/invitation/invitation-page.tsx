import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { paths } from "../../../config/paths.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link } from "../../../lib/router.tsx";
import { QrCode } from "../../pwa/components/app-qr-code.tsx";
import { TextField } from "../components/fields.tsx";
import { Panel } from "../components/panel.tsx";
import { useErrorText } from "../hooks/use-error-text.ts";
import { useCompleteInvitation, useInvitation, useInvitationSetup } from "../security/api/security.ts";

/** The invitation's token, from the link's #fragment (never sent to the server in a URL). */
function tokenFromHash(): string {
  return typeof window === "undefined" ? "" : decodeURIComponent(window.location.hash.replace(/^#/, "")).trim();
}

/**
 * /admin/invitation#<token>: the holder of a new console account completes it on their own device,
 * without signing in: their own password (the password policy applies) and their own two-step
 * sign-in (QR code and a code), then the recovery codes once. Until a second admin confirmed the
 * invitation, the page says so.
 */
export function InvitationPage() {
  const { t } = useTranslation("admin");
  const [token] = useState(tokenFromHash);
  const invitation = useInvitation(token);
  const setup = useInvitationSetup();
  const complete = useCompleteInvitation();
  const errorText = useErrorText();
  const [form, setForm] = useState({ password: "", confirm: "", code: "" });
  const [errors, setErrors] = useState<{ password?: string; confirm?: string; code?: string }>({});

  let body: ReactNode;
  if (!token || invitation.isError) {
    body = <p className="text-sm text-danger">{token ? errorText(invitation.error) : t("invitation.no_token")}</p>;
  } else if (!invitation.data) {
    body = <Spinner variant="centered" />;
  } else if (complete.data) {
    body = (
      <div className="space-y-4" data-testid="recovery-codes">
        <p className="text-sm text-text">{t("security.recovery_text")}</p>
        <ol className="grid grid-cols-2 gap-2 font-mono text-sm tabular">
          {complete.data.recovery_codes.map((c) => (
            <li key={c} className="rounded-lg bg-surface-2 px-3 py-2 text-center">
              {c}
            </li>
          ))}
        </ol>
        <Link to={paths.login} className="block text-center font-semibold text-gold">
          {t("invitation.sign_in")}
        </Link>
      </div>
    );
  } else if (invitation.data.status === "awaiting_confirmation") {
    body = <p className="text-sm text-muted">{t("invitation.awaiting")}</p>;
  } else if (!setup.data) {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-muted">{t("invitation.ready")}</p>
        {setup.error ? <p className="text-sm text-danger">{errorText(setup.error)}</p> : null}
        <Button onClick={() => setup.mutate(token)} loading={setup.isPending}>
          {t("security.start")}
        </Button>
      </div>
    );
  } else {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      const found = {
        password: form.password.length < 8 ? t("invitation.password_short") : undefined,
        confirm: form.confirm !== form.password ? t("invitation.password_mismatch") : undefined,
        code: /^\d{6}$/.test(form.code.trim()) ? undefined : t("security.code_six"),
      };
      setErrors(found);
      if (found.password || found.confirm || found.code) return;
      complete.mutate(
        { token, password: form.password, code: form.code.trim() },
        {
          onError: (err) => {
            if (err instanceof ApiError && err.code === "WEAK_PASSWORD") setErrors({ password: errorText(err) });
            else setErrors({ code: errorText(err) });
          },
        },
      );
    };
    body = (
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField
          label={t("invitation.password")}
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={(e) => setForm({ ...form, password: e.target.value })}
          hint={t("invitation.password_hint")}
          error={errors.password}
        />
        <TextField
          label={t("invitation.confirm")}
          type="password"
          autoComplete="new-password"
          value={form.confirm}
          onChange={(e) => setForm({ ...form, confirm: e.target.value })}
          error={errors.confirm}
        />
        <p className="text-sm text-muted">{t("security.scan")}</p>
        <div className="flex justify-center rounded-xl bg-white p-2">
          <QrCode text={setup.data.otpauth_url} size={192} label={t("security.qr_label")} />
        </div>
        <p className="text-sm text-muted">
          {t("security.secret")}{" "}
          <code className="break-all rounded bg-surface-2 px-1.5 py-0.5 font-mono text-text" data-testid="totp-secret">
            {setup.data.secret}
          </code>
        </p>
        <TextField
          label={t("security.code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={form.code}
          onChange={(e) => setForm({ ...form, code: e.target.value })}
          error={errors.code}
        />
        <Button type="submit" block loading={complete.isPending}>
          {t("invitation.complete")}
        </Button>
      </form>
    );
  }
  return (
    <div className="mx-auto max-w-md p-4">
      <Panel title={t("invitation.title")}>
        {invitation.data ? (
          <p className="mb-4 text-sm text-text" data-testid="invitation-for">
            {t("invitation.for", {
              name: invitation.data.name,
              phone: invitation.data.phone,
              role: t(`security.role.${invitation.data.role}`),
            })}
          </p>
        ) : null}
        {body}
      </Panel>
    </div>
  );
}
