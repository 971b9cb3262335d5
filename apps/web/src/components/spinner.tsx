import { useTranslation } from "../lib/i18n-react.tsx";

export type SpinnerVariant = "fullscreen" | "centered" | "inline";

export interface SpinnerProps {
  /** fullscreen: covers the viewport; centered: fills its box (min 12rem) and centres; inline: just the dots. */
  variant?: SpinnerVariant;
  /** Dot colour: gold on dark surfaces, dark on gold buttons. */
  tone?: "gold" | "dark";
}

const DOT_SIZE = 13; // px, the spec's spinner size
const DELAYS = ["0s", "0.16s", "0.32s"];

/** The gold pulse-dot loading spinner (three 13 px dots), full-screen, centred or inline. */
export function Spinner({ variant = "centered", tone = "gold" }: SpinnerProps) {
  // Never suspends: the spinner is itself the fallback while translations load.
  const { t, ready } = useTranslation("common", { useSuspense: false });
  const label = ready ? t("spinner.loading") : undefined;
  const dots = (
    <span className="inline-flex items-center gap-1.5" aria-hidden="true">
      {DELAYS.map((delay) => (
        <span
          key={delay}
          className={`inline-block animate-pulse-dot rounded-full ${tone === "gold" ? "bg-gold" : "bg-bg"}`}
          style={{ width: DOT_SIZE, height: DOT_SIZE, animationDelay: delay }}
        />
      ))}
    </span>
  );
  if (variant === "inline") return dots;
  const box = variant === "fullscreen" ? "fixed inset-0 z-50 bg-bg" : "min-h-48 w-full";
  return (
    <div role="status" aria-live="polite" aria-label={label} className={`flex items-center justify-center ${box}`}>
      {dots}
    </div>
  );
}
