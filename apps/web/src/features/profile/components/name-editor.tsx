import { NAME_FIELD, textProblem } from "@shwe/domain";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { Field } from "../../../components/field.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { toast } from "../../../lib/toast.ts";
import { useUpdateName } from "../api/update-profile.ts";
import { fieldOf, useErrorText } from "../hooks/use-error-text.ts";

const NAME_MAX = NAME_FIELD.max;

/** The player's display name, with an inline editor. */
export function NameEditor({ name }: { name: string }) {
  const { t } = useTranslation("profile");
  const errorText = useErrorText();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string>();
  const update = useUpdateName();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // The server's rules (packages/domain text-fields.ts): characters as it counts them, no control characters.
    const problem = textProblem(value, NAME_FIELD);
    if (problem === "control_characters") return setError(t("name.control_characters"));
    if (problem === "too_long") return setError(t("name.too_long"));
    if (problem) return setError(t("name.required"));
    const trimmed = value.trim();
    if (trimmed === name) {
      setEditing(false);
      return;
    }
    update.mutate(trimmed, {
      onSuccess: () => {
        toast.success(t("name.saved"));
        setEditing(false);
      },
      onError: (err) => {
        if (fieldOf(err) === "name") setError(t("name.invalid"));
        else setError(errorText(err));
      },
    });
  };

  if (!editing) {
    return (
      <div className="flex min-w-0 items-center gap-1">
        <p className="truncate text-lg font-bold text-text">{name || t("name.empty")}</p>
        <button
          type="button"
          onClick={() => {
            setValue(name);
            setError(undefined);
            setEditing(true);
          }}
          aria-label={t("name.edit")}
          title={t("name.edit")}
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-gold focus-visible:outline-2 focus-visible:outline-gold"
        >
          <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M4 20h4L19 9l-4-4L4 16v4Z" strokeLinejoin="round" />
            <path d="M13.5 6.5l4 4" />
          </svg>
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex w-full flex-col gap-2">
      <Field
        label={t("name.label")}
        hideLabel
        name="name"
        autoComplete="name"
        maxLength={NAME_MAX}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setError(undefined);
        }}
        onKeyDown={(e) => {
          if (e.key === "Escape") setEditing(false);
        }}
        error={error}
        autoFocus
      />
      <div className="flex gap-2">
        <Button type="submit" loading={update.isPending} className="flex-1">
          {t("name.save")}
        </Button>
        <Button type="button" variant="secondary" onClick={() => setEditing(false)} disabled={update.isPending} className="flex-1">
          {t("name.cancel")}
        </Button>
      </div>
    </form>
  );
}
