import { useTranslation } from "../../../lib/i18n-react.tsx";
import { TextField, type TextFieldProps } from "./text-field.tsx";

/** A Myanmar mobile number (09…, +959…, 959…). */
export function PhoneField(props: Omit<TextFieldProps, "label" | "type">) {
  const { t } = useTranslation("auth");
  return (
    <TextField
      label={t("fields.phone")}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={t("fields.phone_placeholder")}
      maxLength={20}
      {...props}
    />
  );
}
