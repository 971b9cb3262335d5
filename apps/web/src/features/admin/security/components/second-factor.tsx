import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "../../../../components/button.tsx";
import { Spinner } from "../../../../components/spinner.tsx";
import { useTranslation } from "../../../../lib/i18n-react.tsx";
import { QrCode } from "../../../pwa/components/app-qr-code.tsx";
import { adminKeys } from "../../api/query-keys.ts";
import { TextField } from "../../components/fields.tsx";
import { Panel } from "../../components/panel.tsx";
import { useErrorText } from "../../hooks/use-error-text.ts";
import { useEnableSecondFactor, useSecondFactorSetup, useSecondFactorStatus, useVerifySecondFactor } from "../api/security.ts";

/**
 * The console opens only for a sign-in that passed the operator second factor when it is needed
 * (always in production; in the demo for operators who enrolled). Otherwise it asks for the code,
 * or, for an operator who has not enrolled where it is required, walks them through enrolment.
 */
export function SecondFactorGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation("admin");
  const status = useSecondFactorStatus();
  const queryClient = useQueryClient();
  if (status.isPending) return <Spinner variant="fullscreen" />;
  if (status.isError) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 p-8 text-center">
        <p className="text-muted">{t("security.load_failed")}</p>
        <Button variant="secondary" onClick={() => void status.refetch()}>
          {t("security.retry")}
        </Button>
      </div>
    );
  }
  if (status.data.verified) return children;
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 p-4">
      {status.data.enrolled ? (
        <VerifyCodeForm />
      ) : (
        <Panel title={t("security.required_title")}>
          <p className="mb-4 text-sm text-muted">{t("security.required_text")}</p>
          <EnrolFlow onDone={() => void queryClient.invalidateQueries({ queryKey: adminKeys.secondFactor() })} />
        </Panel>
      )}
    </main>
  );
}

/** The code of this sign-in: from the authenticator app, or a recovery code. */
function VerifyCodeForm() {
  const { t } = useTranslation("admin");
  const verify = useVerifySecondFactor();
  const errorText = useErrorText();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t("security.code_required"));
    setError(undefined);
    verify.mutate(code.trim(), { onError: (err) => setError(errorText(err)) });
  };
  return (
    <Panel title={t("security.verify_title")}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <p className="text-sm text-muted">{t("security.verify_text")}</p>
        <TextField
          label={t("security.code")}
          inputMode="text"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error}
          hint={t("security.recovery_hint")}
        />
        <Button type="submit" block loading={verify.isPending}>
          {t("security.verify")}
        </Button>
      </form>
    </Panel>
  );
}

/** Enrolment: a secret proposed (QR code and text), proved with a code, then the recovery codes shown once. */
export function EnrolFlow({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("admin");
  const setup = useSecondFactorSetup();
  const enable = useEnableSecondFactor();
  const errorText = useErrorText();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();

  if (enable.data) {
    return (
      <div className="space-y-4" data-testid="recovery-codes">
        <p className="text-sm text-text">{t("security.recovery_text")}</p>
        <ol className="grid grid-cols-2 gap-2 font-mono text-sm tabular">
          {enable.data.recovery_codes.map((c) => (
            <li key={c} className="rounded-lg bg-surface-2 px-3 py-2 text-center">
              {c}
            </li>
          ))}
        </ol>
        <Button block onClick={onDone}>
          {t("security.recovery_saved")}
        </Button>
      </div>
    );
  }
  if (!setup.data) {
    return (
      <div className="space-y-3">
        {setup.error ? <p className="text-sm text-danger">{errorText(setup.error)}</p> : null}
        <Button onClick={() => setup.mutate()} loading={setup.isPending}>
          {t("security.start")}
        </Button>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError(t("security.code_six"));
    setError(undefined);
    enable.mutate(code.trim(), { onError: (err) => setError(errorText(err)) });
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
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
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
      />
      <Button type="submit" block loading={enable.isPending}>
        {t("security.enable")}
      </Button>
    </form>
  );
}
