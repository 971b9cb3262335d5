import { type ReactNode, useEffect, useRef } from "react";
import { preloadSchemas } from "../api/schemas.ts";

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  /** Shown above the card body (the register and reset step indicator). */
  top?: ReactNode;
  children: ReactNode;
  /** Links under the card (to register, to sign in …). */
  footer?: ReactNode;
}

/**
 * The frame of every account page: a heading and one card, one column on a phone and a centred
 * card on a desktop. The card body puts its primary button in the lower half of a phone screen.
 * The first field the player enters starts loading the schemas the account calls check with.
 */
export function AuthCard({ title, subtitle, top, children, footer }: AuthCardProps) {
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const card = body.current;
    card?.addEventListener("focusin", preloadSchemas, { once: true });
    return () => card?.removeEventListener("focusin", preloadSchemas);
  }, []);
  return (
    <div className="mx-auto flex w-full max-w-[440px] flex-col px-4 pt-6 pb-10 sm:pt-14">
      <div className="mb-5 flex flex-col items-center text-center">
        <span className="mb-3 flex h-14 w-14 items-center justify-center rounded-full border border-gold/40 bg-surface-2 text-gold shadow-card">
          <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <circle cx="12" cy="8" r="4" />
            <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" strokeLinecap="round" />
          </svg>
        </span>
        <h1 className="text-2xl font-bold text-balance text-text">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-balance text-muted">{subtitle}</p> : null}
      </div>
      {top}
      <div ref={body} className="rounded-card border border-line bg-surface p-5 shadow-card sm:p-7">
        {children}
      </div>
      {footer ? <div className="mt-5 flex flex-col items-center gap-1 text-center text-sm text-muted">{footer}</div> : null}
    </div>
  );
}
