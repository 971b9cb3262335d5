import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { toast } from "../../../lib/toast.ts";
import { useCheckPhone } from "../api/check-phone.ts";
import { useSendOtp } from "../api/send-otp.ts";
import { errorCode, invalidField, useErrorText } from "../hooks/use-error-text.ts";
import { checkPhone } from "../lib/validation.ts";
import { PhoneField } from "./phone-field.tsx";

interface PhoneStepProps {
  purpose: "register" | "reset";
  initialPhone?: string;
  /** A problem carried over from a later step (the phone turned out to be taken). */
  initialError?: ReactNode;
  /** The refusal for "already registered" (register) or "no such account" (reset), with its link. */
  wrongPhoneMessage: ReactNode;
  onSent: (phone: string) => void;
}

/** First step of registration and password reset: the phone, then an SMS code is sent to it. */
export function PhoneStep({ purpose, initialPhone = "", initialError, wrongPhoneMessage, onSent }: PhoneStepProps) {
  const { t } = useTranslation("auth");
  const errorText = useErrorText();
  const [value, setValue] = useState(initialPhone);
  const [error, setError] = useState<ReactNode>(initialError);
  const check = useCheckPhone();
  const send = useSendOtp();
  const pending = check.isPending || send.isPending;

  const fail = (err: unknown) => {
    const code = errorCode(err);
    if ((purpose === "register" && code === "PHONE_REGISTERED") || (purpose === "reset" && code === "NOT_FOUND")) {
      setError(wrongPhoneMessage);
    } else if (invalidField(err) === "phone") {
      setError(t("validation.phone_invalid"));
    } else {
      setError(errorText(err));
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const checked = checkPhone(value);
    if ("problem" in checked) {
      setError(t(checked.problem));
      return;
    }
    setError(undefined);
    try {
      if (purpose === "register") {
        const { registered } = await check.mutateAsync({ phone: checked.phone });
        if (registered) {
          setError(wrongPhoneMessage);
          return;
        }
      }
      await send.mutateAsync({ phone: checked.phone, purpose });
      toast.success(t("code_sent"));
      onSent(checked.phone);
    } catch (err) {
      fail(err);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <p className="text-sm text-muted">{t(purpose === "register" ? "register.phone_intro" : "forget.phone_intro")}</p>
      <PhoneField
        name="phone"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          if (error) setError(undefined);
        }}
        error={error}
      />
      <Button type="submit" size="lg" block loading={pending}>
        {t("send_code")}
      </Button>
    </form>
  );
}
