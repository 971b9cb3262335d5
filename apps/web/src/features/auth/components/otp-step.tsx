import { type FormEvent, useEffect, useRef, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { Trans, useTranslation } from "../../../lib/i18n-react.tsx";
import { toast } from "../../../lib/toast.ts";
import { useSendOtp } from "../api/send-otp.ts";
import { useVerifyOtp } from "../api/verify-otp.ts";
import { useCountdown } from "../hooks/use-countdown.ts";
import { errorCode, useErrorText } from "../hooks/use-error-text.ts";
import { checkCode, cleanCode, OTP_LENGTH } from "../lib/validation.ts";
import { PHONE_CLASS } from "./styles.ts";
import { TextField } from "./text-field.tsx";

/** Seconds before another code may be requested. */
export const RESEND_SECONDS = 60;

interface OtpStepProps {
  phone: string;
  purpose: "register" | "reset" | "login";
  /** True when a code was sent just before this step opened (the resend wait starts at once). */
  justSent: boolean;
  /** A problem carried over from a later step (the proof expired). */
  initialError?: string;
  onVerified: (otpToken: string) => void;
  onChangePhone: () => void;
}

/** The 6-digit SMS code: one box the phone can fill from the SMS, a resend with its wait, and the check. */
export function OtpStep({ phone, purpose, justSent, initialError, onVerified, onChangePhone }: OtpStepProps) {
  const { t } = useTranslation("auth");
  const errorText = useErrorText();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>(initialError);
  const countdown = useCountdown();
  const verify = useVerifyOtp();
  const resend = useSendOtp();
  const input = useRef<HTMLInputElement>(null);
  const startCountdown = countdown.start;

  useEffect(() => {
    if (justSent) startCountdown(RESEND_SECONDS);
    input.current?.focus();
  }, [justSent, startCountdown]);

  const submit = (value: string) => {
    const problem = checkCode(value);
    if (problem) {
      setError(t(problem));
      return;
    }
    if (verify.isPending) return;
    setError(undefined);
    verify.mutate(
      { phone, purpose, code: value },
      {
        onSuccess: (res) => onVerified(res.otp_token),
        onError: (err) => {
          const c = errorCode(err);
          const left = err instanceof ApiError ? err.details?.attempts_left : undefined;
          // A code that can no longer succeed cannot be fixed by typing: clear it and allow a new one at once.
          const dead = c === "OTP_EXPIRED" || c === "OTP_LOCKED" || (c === "OTP_INVALID" && left !== undefined && Number(left) <= 0);
          if (dead || (c === "OTP_INVALID" && left === undefined)) {
            setCode("");
            countdown.reset();
          }
          if (c === "OTP_INVALID") {
            if (typeof left === "number" && left > 0) setError(t("errors.OTP_INVALID_LEFT", { left }));
            else setError(t(left === undefined ? "errors.OTP_INVALID_NEW" : "errors.OTP_LOCKED"));
          } else {
            setError(errorText(err));
          }
          input.current?.focus();
        },
      },
    );
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit(code);
  };

  const onResend = () => {
    if (resend.isPending || countdown.secondsLeft > 0) return;
    resend.mutate(
      { phone, purpose },
      {
        onSuccess: () => {
          toast.success(t("code_sent"));
          setCode("");
          setError(undefined);
          countdown.start(RESEND_SECONDS);
          input.current?.focus();
        },
        onError: (err) => {
          const wait = err instanceof ApiError ? Number(err.details?.retry_after) : Number.NaN;
          if (Number.isFinite(wait) && wait > 0) countdown.start(Math.ceil(wait));
          setError(errorText(err));
        },
      },
    );
  };

  const waiting = countdown.secondsLeft > 0;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <p className="text-sm text-muted">
        <Trans t={t} i18nKey="otp.intro" values={{ phone }} components={{ b: <span className={PHONE_CLASS} /> }} />
      </p>
      <TextField
        ref={input}
        label={t("otp.label")}
        name="code"
        value={code}
        onChange={(e) => {
          const next = cleanCode(e.target.value);
          setCode(next);
          if (error) setError(undefined);
          // A full code (typed, pasted or filled from the SMS) is checked without an extra tap.
          if (next.length === OTP_LENGTH && next !== code) submit(next);
        }}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={OTP_LENGTH}
        placeholder="••••••"
        className="[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.5em] [&_input]:tabular-nums"
        error={error}
      />
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
        <button
          type="button"
          onClick={onChangePhone}
          className="min-h-11 rounded-lg px-1 text-muted underline-offset-4 hover:text-gold hover:underline focus-visible:outline-2 focus-visible:outline-gold"
        >
          {t("otp.change_phone")}
        </button>
        <button
          type="button"
          onClick={onResend}
          disabled={waiting || resend.isPending}
          className="min-h-11 rounded-lg px-1 font-semibold text-gold underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-gold disabled:font-normal disabled:text-faint disabled:no-underline"
        >
          {waiting ? (
            <span className="tabular">{t("otp.resend_in", { seconds: countdown.secondsLeft })}</span>
          ) : resend.isPending ? (
            t("otp.sending")
          ) : (
            t("otp.resend")
          )}
        </button>
      </div>
      <Button type="submit" size="lg" block loading={verify.isPending}>
        {t("otp.verify")}
      </Button>
    </form>
  );
}
