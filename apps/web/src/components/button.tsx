import type { ButtonHTMLAttributes } from "react";
import { Spinner } from "./spinner.tsx";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 rounded-card font-semibold select-none transition-colors duration-150 " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold disabled:cursor-not-allowed disabled:opacity-50";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-gold text-bg hover:bg-gold-hover active:bg-gold-pressed",
  secondary: "border border-line bg-surface-2 text-text hover:border-gold hover:text-gold",
  ghost: "text-muted hover:bg-surface-2 hover:text-text",
  danger: "bg-danger text-bg hover:opacity-90",
};

const sizes: Record<ButtonSize, string> = {
  md: "min-h-11 px-4 text-sm",
  lg: "min-h-12 px-6 text-base",
};

/** Class names of a button, for links that look like one: buttonClass({ variant: "secondary" }). */
export function buttonClass({
  variant = "primary",
  size = "md",
  block = false,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
} = {}): string {
  return `${base} ${variants[variant]} ${sizes[size]}${block ? " w-full" : ""}`;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width. */
  block?: boolean;
  /** Shows the spinner, disables the button and marks it busy (double submits impossible). */
  loading?: boolean;
}

/** The site button: gold primary, outlined secondary, ghost and danger; at least 44 px tall. */
export function Button({ variant, size, block, loading = false, disabled, className, children, type = "button", ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={`${buttonClass({ variant, size, block })}${className ? ` ${className}` : ""}`}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner variant="inline" tone={variant === "primary" || variant === "danger" ? "dark" : "gold"} /> : null}
      {children}
    </button>
  );
}
