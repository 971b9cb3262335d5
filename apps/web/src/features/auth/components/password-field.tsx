import { useState } from "react";
import { PasswordToggle } from "../../../components/field.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { TextField, type TextFieldProps } from "./text-field.tsx";

/** A password box with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, "type" | "trailing">) {
  const { t } = useTranslation("auth");
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? "text" : "password"}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <PasswordToggle
          visible={visible}
          onToggle={() => setVisible((v) => !v)}
          label={visible ? t("fields.hide_password") : t("fields.show_password")}
        />
      }
    />
  );
}
