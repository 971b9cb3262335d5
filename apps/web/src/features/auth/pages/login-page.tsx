import { type FormEvent, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link, Navigate, useLocation } from "../../../lib/router.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { toast } from "../../../lib/toast.ts";
import { useLogin } from "../api/login.ts";
import { AuthCard } from "../components/auth-card.tsx";
import { PasswordField } from "../components/password-field.tsx";
import { PhoneField } from "../components/phone-field.tsx";
import { linkClass } from "../components/styles.ts";
import { useCompleteSignIn } from "../hooks/use-complete-sign-in.ts";
import { useErrorText } from "../hooks/use-error-text.ts";
import { checkPhone, PASSWORD_MAX, redirectTarget } from "../lib/validation.ts";

/** /login: phone and password. */
export function LoginPage() {
  const { t } = useTranslation("auth");
  const location = useLocation();
  const state = location.state as { phone?: unknown; from?: unknown } | null;
  const [phone, setPhone] = useState(typeof state?.phone === "string" ? state.phone : "");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ phone?: string; password?: string }>({});
  const login = useLogin();
  const completeSignIn = useCompleteSignIn();
  const errorText = useErrorText();
  // The remembered page travels on to the other account pages, so a new player also lands there.
  const carried = state?.from ? { from: state.from } : undefined;

  const signedIn = useSession((s) => Boolean(s.user?.token));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (login.isPending) return;
    const checked = checkPhone(phone);
    const found = {
      phone: "problem" in checked ? t(checked.problem) : undefined,
      password: password ? undefined : t("validation.password_required"),
    };
    setErrors(found);
    if ("problem" in checked || found.password) return;
    login.mutate(
      { phone: checked.phone, password },
      {
        onSuccess: completeSignIn,
        onError: (err) => {
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
        <Button type="submit" size="lg" block loading={login.isPending}>
          {t("login.submit")}
        </Button>
      </form>
    </AuthCard>
  );
}
