import { NEW_PASSWORD_FIELD, PASSWORD_FIELD, type TextProblem, textProblem } from "@shwe/domain";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { Card } from "../../../components/card.tsx";
import { PasswordInput } from "../../../components/field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { toast } from "../../../lib/toast.ts";
import { useChangePassword } from "../api/change-password.ts";
import { fieldOf, useErrorText } from "../hooks/use-error-text.ts";

const MIN = NEW_PASSWORD_FIELD.min;
const MAX = NEW_PASSWORD_FIELD.max;

type Errors = { old?: string; password?: string; confirm?: string };

/** Translation keys (profile namespace) of what the server would refuse in a password field. */
const PASSWORD_PROBLEMS: Record<Exclude<TextProblem, "required">, string> = {
  control_characters: "password.control_characters",
  too_short: "password.too_short",
  too_long: "password.too_long",
};

/** Current password, new password twice → 'Your password has been changed successfully!'. */
export function PasswordCard({ phone }: { phone: string }) {
  const { t } = useTranslation("profile");
  const errorText = useErrorText();
  const change = useChangePassword();
  const [old, setOld] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (change.isPending) return;
    const found: Errors = {};
    // The server's rules (packages/domain text-fields.ts): characters as it counts them, no control characters.
    const oldProblem = textProblem(old, PASSWORD_FIELD);
    const newProblem = textProblem(password, NEW_PASSWORD_FIELD);
    if (oldProblem)
      found.old = t(oldProblem === "required" ? "password.old_required" : PASSWORD_PROBLEMS[oldProblem], { min: MIN, max: MAX });
    if (newProblem)
      found.password = t(newProblem === "required" ? "password.new_required" : PASSWORD_PROBLEMS[newProblem], { min: MIN, max: MAX });
    if (!confirm) found.confirm = t("password.confirm_required");
    else if (confirm !== password) found.confirm = t("password.mismatch");
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    change.mutate(
      { old_password: old, password },
      {
        onSuccess: () => {
          toast.success(t("password.success"));
          setOld("");
          setPassword("");
          setConfirm("");
        },
        onError: (err) => {
          const code = err instanceof ApiError ? err.code : undefined;
          if (code === "WRONG_PASSWORD") setErrors({ old: errorText(err) });
          else if (code === "PASSWORD_UNCHANGED" || code === "WEAK_PASSWORD") setErrors({ password: errorText(err) });
          else if (fieldOf(err) === "password") setErrors({ password: t("password.invalid") });
          else toast.error(errorText(err));
        },
      },
    );
  };

  const clear = (field: keyof Errors) => setErrors((prev) => (prev[field] ? { ...prev, [field]: undefined } : prev));

  return (
    <Card title={t("password.title")}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {/* Lets password managers file the change under the right account. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly value={phone} />
        <PasswordInput
          label={t("password.old")}
          name="old_password"
          autoComplete="current-password"
          maxLength={MAX}
          value={old}
          onChange={(e) => {
            setOld(e.target.value);
            clear("old");
          }}
          error={errors.old}
        />
        <PasswordInput
          label={t("password.new")}
          name="password"
          autoComplete="new-password"
          maxLength={MAX}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            clear("password");
          }}
          hint={t("password.hint", { min: MIN })}
          error={errors.password}
        />
        <PasswordInput
          label={t("password.confirm")}
          name="confirm"
          autoComplete="new-password"
          maxLength={MAX}
          value={confirm}
          onChange={(e) => {
            setConfirm(e.target.value);
            clear("confirm");
          }}
          error={errors.confirm}
        />
        <Button type="submit" size="lg" block loading={change.isPending}>
          {t("password.submit")}
        </Button>
      </form>
    </Card>
  );
}
