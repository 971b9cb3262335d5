import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";

export const inputClass =
  "block w-full min-h-12 rounded-xl border border-line bg-surface-2 px-4 text-base text-text placeholder:text-faint " +
  "transition-colors duration-150 focus:border-gold focus:outline-none focus:ring-2 focus:ring-gold/30 " +
  "aria-[invalid=true]:border-danger disabled:opacity-60";

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  /** A problem with the value, shown under the field and announced with it. */
  error?: ReactNode;
  hint?: ReactNode;
  /** Something inside the right edge of the box (the show/hide password button). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and error wired for screen readers. */
export function TextField({ label, error, hint, trailing, className, ref, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-muted">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} ${trailing ? "pr-14" : ""}`}
          {...input}
        />
        {trailing ? <div className="absolute inset-y-0 right-0 flex items-center">{trailing}</div> : null}
      </div>
      {hint && !error ? (
        <p id={hintId} className="mt-1.5 text-sm text-faint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
