import type { SessionResponse } from "@shwe/contracts";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { Trans, useTranslation } from "../../../lib/i18n-react.tsx";
import { toast } from "../../../lib/toast.ts";
import { useVerifyRegister } from "../api/verify-register.ts";
import { errorCode, invalidField, useErrorText } from "../hooks/use-error-text.ts";
import { checkConfirm, checkName, checkNewPassword, NAME_MAX, normalizeReferral, PASSWORD_MAX } from "../lib/validation.ts";
import { PasswordField } from "./password-field.tsx";
import { PHONE_CLASS } from "./styles.ts";
import { TextField } from "./text-field.tsx";

type Field = "name" | "password" | "confirm" | "referral";
type Errors = Partial<Record<Field, string>>;

const SERVER_FIELDS: Record<string, Field> = { name: "name", password: "password", referral_code: "referral" };

interface RegisterDetailsStepProps {
  phone: string;
  otpToken: string;
  initialReferral: string;
  onRegistered: (res: SessionResponse) => void;
  /** The proof of the phone is no longer valid: a new code is needed. */
  onProofExpired: (message: string) => void;
  /** Someone registered this phone meanwhile. */
  onPhoneTaken: () => void;
}

/** Last step of registration: name, password twice and an optional referral code. */
export function RegisterDetailsStep({
  phone,
  otpToken,
  initialReferral,
  onRegistered,
  onProofExpired,
  onPhoneTaken,
}: RegisterDetailsStepProps) {
  const { t } = useTranslation("auth");
  const errorText = useErrorText();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [referral, setReferral] = useState(initialReferral);
  const [errors, setErrors] = useState<Errors>({});
  const register = useVerifyRegister();

  const edit = (field: Field, set: (v: string) => void) => (e: { target: { value: string } }) => {
    set(e.target.value);
    if (errors[field]) setErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (register.isPending) return;
    const ref = normalizeReferral(referral);
    const found: Errors = {};
    const nameProblem = checkName(name);
    const passwordProblem = checkNewPassword(password);
    const confirmProblem = checkConfirm(password, confirm);
    if (nameProblem) found.name = t(nameProblem);
    if (passwordProblem) found.password = t(passwordProblem, { min: 8, max: PASSWORD_MAX });
    if (confirmProblem) found.confirm = t(confirmProblem);
    if ("problem" in ref) found.referral = t(ref.problem);
    setErrors(found);
    if (Object.keys(found).length > 0 || "problem" in ref) return;

    register.mutate(
      { phone, name: name.trim(), password, otp_token: otpToken, ...(ref.code ? { referral_code: ref.code } : {}) },
      {
        onSuccess: (res) => {
          toast.success(t("register.welcome", { name: res.user.name }));
          onRegistered(res);
        },
        onError: (err) => {
          const code = errorCode(err);
          if (code === "REFERRAL_UNKNOWN" || code === "SELF_REFERRAL") setErrors({ referral: errorText(err) });
          else if (code === "OTP_TOKEN_INVALID") onProofExpired(errorText(err));
          else if (code === "WEAK_PASSWORD") setErrors({ password: errorText(err) });
          else if (code === "PHONE_REGISTERED") onPhoneTaken();
          else {
            const field = SERVER_FIELDS[invalidField(err) ?? ""];
            if (field) setErrors({ [field]: t("validation.server_field") });
            else toast.error(errorText(err));
          }
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        <Trans t={t} i18nKey="register.details_intro" values={{ phone }} components={{ b: <span className={PHONE_CLASS} /> }} />
      </p>
      <TextField
        label={t("fields.name")}
        name="name"
        autoComplete="name"
        maxLength={NAME_MAX}
        value={name}
        onChange={edit("name", setName)}
        error={errors.name}
      />
      <PasswordField
        label={t("fields.password")}
        name="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        value={password}
        onChange={edit("password", setPassword)}
        hint={t("fields.password_hint")}
        error={errors.password}
      />
      <PasswordField
        label={t("fields.confirm_password")}
        name="confirm"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        value={confirm}
        onChange={edit("confirm", setConfirm)}
        error={errors.confirm}
      />
      <TextField
        label={t("fields.referral")}
        name="referral"
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        maxLength={6}
        placeholder={t("fields.referral_placeholder")}
        value={referral}
        onChange={edit("referral", setReferral)}
        error={errors.referral}
        className="[&_input]:uppercase [&_input]:tracking-widest [&_input]:placeholder:normal-case [&_input]:placeholder:tracking-normal"
      />
      <Button type="submit" size="lg" block loading={register.isPending} className="mt-1">
        {t("register.submit")}
      </Button>
    </form>
  );
}
