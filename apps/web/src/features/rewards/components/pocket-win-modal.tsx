import { formatAmount } from "@shwe/domain";
import { useEffect, useRef, useState } from "react";
import { CloseIcon } from "../../../components/icons.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { usePocketStore } from "../stores/pocket.ts";

/** The amount counts up over this long, then the dialog stays this long before closing (spec). */
export const COUNT_MS = 5_000;
export const LINGER_MS = 2_000;

/** Ease-out: fast at first, settling on the amount. */
const ease = (x: number) => 1 - (1 - x) ** 3;

/**
 * The pocket win dialog: full screen, the amount in MMK counting up from 0 over 5 seconds, closing
 * by itself 2 seconds after the count ends (or at once with the close button or Escape).
 */
export function PocketWinModal() {
  const { t } = useTranslation("pocket");
  const amount = usePocketStore((s) => s.amount);
  const close = usePocketStore((s) => s.close);
  const [shown, setShown] = useState(0);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    closeRef.current?.focus();
    const start = performance.now();
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const step = () => {
      const x = Math.min(1, Math.max(0, (performance.now() - start) / COUNT_MS));
      setShown(Math.round(amount * ease(x)));
      if (x < 1) frame = requestAnimationFrame(step);
      else timer = setTimeout(close, LINGER_MS);
    };
    frame = requestAnimationFrame(step);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") close();
    };
    window.addEventListener("keydown", onKey);
    return () => {
      cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
      window.removeEventListener("keydown", onKey);
    };
  }, [amount, close]);

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="pocket-win-title"
      data-testid="pocket-win"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-bg/95 px-6 text-center backdrop-blur"
    >
      <button
        ref={closeRef}
        type="button"
        onClick={close}
        aria-label={t("modal.close")}
        className="absolute top-4 right-4 inline-flex size-11 items-center justify-center rounded-full text-muted hover:text-text focus-visible:outline-2 focus-visible:outline-gold"
      >
        <CloseIcon size={24} />
      </button>
      <svg width="96" height="96" viewBox="0 0 48 48" aria-hidden="true" className="text-danger">
        <rect x="8" y="4" width="32" height="40" rx="4" fill="currentColor" />
        <path d="M8 12l16 10 16-10" fill="none" stroke="var(--color-gold)" strokeWidth="2.5" strokeLinejoin="round" />
        <circle cx="24" cy="27" r="6" fill="var(--color-gold)" />
      </svg>
      <h2 id="pocket-win-title" className="text-2xl leading-relaxed font-bold text-gold sm:text-3xl">
        {t("modal.title")}
      </h2>
      <p className="text-muted">{t("modal.subtitle")}</p>
      <p className="tabular text-5xl font-bold text-text sm:text-6xl" aria-live="off" data-testid="pocket-win-amount">
        {formatAmount(shown)} <span className="text-2xl text-gold">MMK</span>
      </p>
      <p className="sr-only" aria-live="polite">
        {formatAmount(amount)} MMK
      </p>
      <p className="text-sm text-muted">{t("modal.balance")}</p>
    </div>
  );
}
