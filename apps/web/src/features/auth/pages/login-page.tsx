import { type FormEvent, useEffect, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { paths } from "../../../config/paths.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link, Navigate, useLocation } from "../../../lib/router.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { toast } from "../../../lib/toast.ts";
import { useLogin } from "../api/login.ts";
import { useSendOtp } from "../api/send-otp.ts";
import { AuthCard } from "../components/auth-card.tsx";
import { OtpStep } from "../components/otp-step.tsx";
import { PasswordField } from "../components/password-field.tsx";
import { PhoneField } from "../components/phone-field.tsx";
import { linkClass } from "../components/styles.ts";
import { useCompleteSignIn } from "../hooks/use-complete-sign-in.ts";
import { useErrorText } from "../hooks/use-error-text.ts";
import { clearSessionExpired, sessionExpiredMarked } from "../lib/session-expired.ts";
import { checkPassword, checkPhone, PASSWORD_MAX, redirectTarget } from "../lib/validation.ts";

/** True when the server refused the sign-in because the phone's limit is reached, and a fresh SMS code lets its owner in. */
function needsSmsCode(err: unknown): boolean {
  return err instanceof ApiError && err.code === "RATE_LIMITED" && err.details?.otp_purpose === "login";
}

/**
 * /login: phone and password. When too many sign-ins were tried for the phone (by anyone), the
 * server asks for more: a code is sent to the phone by SMS, and the password goes again with the
 * proof of that code.
 */
export function LoginPage() {
  const { t } = useTranslation("auth");
  const location = useLocation();
  const state = location.state as { phone?: unknown; from?: unknown } | null;
  const [phone, setPhone] = useState(typeof state?.phone === "string" ? state.phone : "");
  const [password, setPassword] = useState("");
  // A session that just ended (a 401) is said here as well as in a toast, which a page load loses.
  // Only this tab knows it, and the server draws this page for every visitor alike: it is shown once
  // the app has the page, so the drawing and the app's first render never disagree.
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (sessionExpiredMarked()) {
      setExpired(true);
      clearSessionExpired();
    }
  }, []);
  const [errors, setErrors] = useState<{ phone?: string; password?: string }>({});
  /** The SMS-code step, once the server said the phone's sign-in limit applies: the phone as sent. */
  const [smsStep, setSmsStep] = useState<{ phone: string } | null>(null);
  const login = useLogin();
  const sendCode = useSendOtp();
  const completeSignIn = useCompleteSignIn();
  const errorText = useErrorText();
  // The remembered page travels on to the other account pages, so a new player also lands there.
  const carried = state?.from ? { from: state.from } : undefined;

  const signedIn = useSession((s) => Boolean(s.user?.token));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (login.isPending) return;
    const checked = checkPhone(phone);
    const passwordProblem = checkPassword(password);
    const found = {
      phone: "problem" in checked ? t(checked.problem) : undefined,
      password: passwordProblem ? t(passwordProblem, { max: PASSWORD_MAX }) : undefined,
    };
    setErrors(found);
    if ("problem" in checked || found.password) return;
    login.mutate(
      { phone: checked.phone, password },
      {
        onSuccess: completeSignIn,
        onError: (err) => {
          if (needsSmsCode(err)) askForCode(checked.phone);
          else toast.error(errorText(err));
        },
      },
    );
  };

  const askForCode = (to: string) => {
    if (sendCode.isPending) return;
    sendCode.mutate(
      { phone: to, purpose: "login" },
      {
        onSuccess: () => setSmsStep({ phone: to }),
        onError: (err) => {
          toast.error(errorText(err));
        },
      },
    );
  };

  const signInWithCode = (to: string, otpToken: string) => {
    if (login.isPending) return;
    login.mutate(
      { phone: to, password, otp_token: otpToken },
      {
        onSuccess: completeSignIn,
        onError: (err) => {
          // A wrong password (or a proof that was used up): back to the password, the code is spent.
          setSmsStep(null);
          toast.error(errorText(err));
        },
      },
    );
  };

  // A player who is already signed in has nothing to do here.
  if (signedIn) return <Navigate to={redirectTarget(location.state)} replace />;

  return (
    <AuthCard
      title={t("login.title")}
      subtitle={t("login.subtitle")}
      footer={
        <p>
          {t("login.no_account")}{" "}
          <Link to={paths.register} state={carried} className={linkClass}>
            {t("login.register_link")}
          </Link>
        </p>
      }
    >
      {expired && !smsStep ? (
        <p role="alert" className="mb-4 rounded-xl border border-danger/50 bg-danger/10 px-3 py-2 text-sm leading-[1.9] text-danger">
          {t("login.session_expired")}
        </p>
      ) : null}
      {smsStep ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted" role="status">
            {t("login.locked_intro")}
          </p>
          <OtpStep
            phone={smsStep.phone}
            purpose="login"
            justSent
            onVerified={(otpToken) => signInWithCode(smsStep.phone, otpToken)}
            onChangePhone={() => setSmsStep(null)}
          />
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <PhoneField
            name="phone"
            autoComplete="username tel"
            value={phone}
            onChange={(e) => {
              setPhone(e.target.value);
              setErrors((p) => ({ ...p, phone: undefined }));
            }}
            error={errors.phone}
          />
          <PasswordField
            label={t("fields.password")}
            name="password"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setErrors((p) => ({ ...p, password: undefined }));
            }}
            error={errors.password}
          />
          <div className="-mt-1 flex justify-end">
            <Link to={paths.forgetPassword} state={carried} className={`${linkClass} text-sm`}>
              {t("login.forgot_link")}
            </Link>
          </div>
          <Button type="submit" size="lg" block loading={login.isPending || sendCode.isPending}>
            {t("login.submit")}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
