import { type FormEvent, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { Trans, useTranslation } from "../../../lib/i18n-react.tsx";
import { toast } from "../../../lib/toast.ts";
import { useForgetPassword } from "../api/forget-password.ts";
import { errorCode, invalidField, useErrorText } from "../hooks/use-error-text.ts";
import { checkConfirm, checkNewPassword, PASSWORD_MAX } from "../lib/validation.ts";
import { PasswordField } from "./password-field.tsx";
import { PHONE_CLASS } from "./styles.ts";

interface NewPasswordStepProps {
  phone: string;
  otpToken: string;
  onDone: () => void;
  onProofExpired: (message: string) => void;
}

/** Last step of the password reset: the new password, twice. */
export function NewPasswordStep({ phone, otpToken, onDone, onProofExpired }: NewPasswordStepProps) {
  const { t } = useTranslation("auth");
  const errorText = useErrorText();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const reset = useForgetPassword();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (reset.isPending) return;
    const passwordProblem = checkNewPassword(password);
    const confirmProblem = checkConfirm(password, confirm);
    const found = {
      password: passwordProblem ? t(passwordProblem, { min: 8, max: PASSWORD_MAX }) : undefined,
      confirm: confirmProblem ? t(confirmProblem) : undefined,
    };
    setErrors(found);
    if (found.password || found.confirm) return;
    reset.mutate(
      { phone, password, otp_token: otpToken },
      {
        onSuccess: () => {
          toast.success(t("forget.success"));
          onDone();
        },
        onError: (err) => {
          if (errorCode(err) === "OTP_TOKEN_INVALID") onProofExpired(errorText(err));
          else if (errorCode(err) === "WEAK_PASSWORD") setErrors({ password: errorText(err) });
          else if (invalidField(err) === "password") setErrors({ password: t("validation.server_field") });
          else toast.error(errorText(err));
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        <Trans t={t} i18nKey="forget.password_intro" values={{ phone }} components={{ b: <span className={PHONE_CLASS} /> }} />
      </p>
      <PasswordField
        label={t("fields.new_password")}
        name="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          setErrors((p) => ({ ...p, password: undefined }));
        }}
        hint={t("fields.password_hint")}
        error={errors.password}
      />
      <PasswordField
        label={t("fields.confirm_password")}
        name="confirm"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        value={confirm}
        onChange={(e) => {
          setConfirm(e.target.value);
          setErrors((p) => ({ ...p, confirm: undefined }));
        }}
        error={errors.confirm}
      />
      <Button type="submit" size="lg" block loading={reset.isPending} className="mt-1">
        {t("forget.submit")}
      </Button>
    </form>
  );
}
