import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from "react";
import { useTranslation } from "../lib/i18n-react.tsx";

const inputClass =
  "block w-full min-h-12 rounded-xl border border-line bg-surface-2 px-4 text-base text-text placeholder:text-faint " +
  "transition-colors duration-150 focus:border-gold focus:outline-none focus:ring-2 focus:ring-gold/30 " +
  "aria-[invalid=true]:border-danger disabled:opacity-60";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Hide the label visually (it stays for screen readers). */
  hideLabel?: boolean;
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and error wired for screen readers. */
export function Field({ label, error, hint, hideLabel = false, trailing, className, ref, ...input }: FieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "mb-1.5 block text-sm font-medium text-muted"}>
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass}${trailing ? " pr-14" : ""}`}
          {...input}
        />
        {trailing ? <div className="absolute inset-y-0 right-0 flex items-center">{trailing}</div> : null}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-faint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The show/hide button of a password box (the eye is struck through while the text shows). */
export function PasswordToggle({ visible, onToggle, label }: { visible: boolean; onToggle: () => void; label: string }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={label}
      aria-pressed={visible}
      className="flex h-12 w-12 items-center justify-center rounded-r-xl text-muted hover:text-gold focus-visible:outline-2 focus-visible:outline-gold"
    >
      <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
        <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" strokeLinejoin="round" />
        <circle cx="12" cy="12" r="3" />
        {visible ? <path d="M4 4l16 16" strokeLinecap="round" /> : null}
      </svg>
    </button>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordInput(props: Omit<FieldProps, "type" | "trailing">) {
  const { t } = useTranslation("common");
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? "text" : "password"}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <PasswordToggle
          visible={visible}
          onToggle={() => setVisible((v) => !v)}
          label={visible ? t("form.hidePassword") : t("form.showPassword")}
        />
      }
    />
  );
}
