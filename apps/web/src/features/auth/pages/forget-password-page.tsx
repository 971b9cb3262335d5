import { type ReactNode, useState } from "react";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link, useLocation, useNavigate } from "../../../lib/router.tsx";
import { AuthCard } from "../components/auth-card.tsx";
import { NewPasswordStep } from "../components/new-password-step.tsx";
import { OtpStep } from "../components/otp-step.tsx";
import { PhoneStep } from "../components/phone-step.tsx";
import { StepIndicator } from "../components/step-indicator.tsx";
import { linkClass } from "../components/styles.ts";

type Step =
  | { name: "phone"; error?: ReactNode }
  | { name: "code"; justSent: boolean; error?: string }
  | { name: "password"; otpToken: string };

const STEP_INDEX = { phone: 0, code: 1, password: 2 } as const;

/** /forgetpwd: phone → SMS code → new password, then back to sign in. */
export function ForgetPasswordPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<Step>({ name: "phone" });
  const [phone, setPhone] = useState("");
  const carried = (location.state as { from?: unknown } | null)?.from ? { from: (location.state as { from: unknown }).from } : undefined;

  const unknownPhone = (
    <>
      {t("forget.phone_unknown")}{" "}
      <Link to={paths.register} state={carried} className={`${linkClass} text-sm`}>
        {t("forget.go_register")}
      </Link>
    </>
  );

  return (
    <AuthCard
      title={t("forget.title")}
      subtitle={t("forget.subtitle")}
      top={
        <StepIndicator
          label={t("steps.label")}
          steps={[t("steps.phone"), t("steps.code"), t("steps.new_password")]}
          current={STEP_INDEX[step.name]}
        />
      }
      footer={
        <p>
          {t("forget.remembered")}{" "}
          <Link to={paths.login} state={carried} className={linkClass}>
            {t("forget.login_link")}
          </Link>
        </p>
      }
    >
      {step.name === "phone" ? (
        <PhoneStep
          purpose="reset"
          initialPhone={phone}
          initialError={step.error}
          wrongPhoneMessage={unknownPhone}
          onSent={(p) => {
            setPhone(p);
            setStep({ name: "code", justSent: true });
          }}
        />
      ) : step.name === "code" ? (
        <OtpStep
          phone={phone}
          purpose="reset"
          justSent={step.justSent}
          initialError={step.error}
          onVerified={(otpToken) => setStep({ name: "password", otpToken })}
          onChangePhone={() => setStep({ name: "phone" })}
        />
      ) : (
        <NewPasswordStep
          phone={phone}
          otpToken={step.otpToken}
          onDone={() => navigate(paths.login, { replace: true, state: { ...carried, phone } })}
          onProofExpired={(message) => setStep({ name: "code", justSent: false, error: message })}
        />
      )}
    </AuthCard>
  );
}
