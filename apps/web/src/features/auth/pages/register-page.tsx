import { type ReactNode, useState } from "react";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link, Navigate, useLocation, useSearchParams } from "../../../lib/router.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { AuthCard } from "../components/auth-card.tsx";
import { OtpStep } from "../components/otp-step.tsx";
import { PhoneStep } from "../components/phone-step.tsx";
import { RegisterDetailsStep } from "../components/register-details-step.tsx";
import { StepIndicator } from "../components/step-indicator.tsx";
import { linkClass } from "../components/styles.ts";
import { useCompleteSignIn } from "../hooks/use-complete-sign-in.ts";
import { redirectTarget } from "../lib/validation.ts";

type Step =
  | { name: "phone"; error?: ReactNode }
  | { name: "code"; justSent: boolean; error?: string }
  | { name: "details"; otpToken: string };

const STEP_INDEX = { phone: 0, code: 1, details: 2 } as const;

/** /register: phone → SMS code → name and password (referral code from ?ref= prefilled). */
export function RegisterPage() {
  const { t } = useTranslation("auth");
  const location = useLocation();
  const [params] = useSearchParams();
  const completeSignIn = useCompleteSignIn();
  const [step, setStep] = useState<Step>({ name: "phone" });
  const [phone, setPhone] = useState("");
  const carried = (location.state as { from?: unknown } | null)?.from ? { from: (location.state as { from: unknown }).from } : undefined;
  const initialReferral = (params.get("ref") ?? "").trim().toUpperCase().slice(0, 6);

  const signedIn = useSession((s) => Boolean(s.user?.token));
  const taken = (
    <>
      {t("register.phone_taken")}{" "}
      <Link to={paths.login} state={{ ...carried, phone }} className={`${linkClass} text-sm`}>
        {t("register.go_login")}
      </Link>
    </>
  );

  // A player who is already signed in has nothing to do here.
  if (signedIn) return <Navigate to={redirectTarget(location.state)} replace />;

  return (
    <AuthCard
      title={t("register.title")}
      subtitle={t("register.subtitle")}
      top={
        <StepIndicator
          label={t("steps.label")}
          steps={[t("steps.phone"), t("steps.code"), t("steps.details")]}
          current={STEP_INDEX[step.name]}
        />
      }
      footer={
        <p>
          {t("register.have_account")}{" "}
          <Link to={paths.login} state={carried} className={linkClass}>
            {t("register.login_link")}
          </Link>
        </p>
      }
    >
      {step.name === "phone" ? (
        <PhoneStep
          purpose="register"
          initialPhone={phone}
          initialError={step.error}
          wrongPhoneMessage={taken}
          onSent={(p) => {
            setPhone(p);
            setStep({ name: "code", justSent: true });
          }}
        />
      ) : step.name === "code" ? (
        <OtpStep
          phone={phone}
          purpose="register"
          justSent={step.justSent}
          initialError={step.error}
          onVerified={(otpToken) => setStep({ name: "details", otpToken })}
          onChangePhone={() => setStep({ name: "phone" })}
        />
      ) : (
        <RegisterDetailsStep
          phone={phone}
          otpToken={step.otpToken}
          initialReferral={initialReferral}
          onRegistered={completeSignIn}
          onProofExpired={(message) => setStep({ name: "code", justSent: false, error: message })}
          onPhoneTaken={() => setStep({ name: "phone", error: taken })}
        />
      )}
    </AuthCard>
  );
}
