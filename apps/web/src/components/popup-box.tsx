import { type ReactNode, useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "../lib/i18n-react.tsx";
import { BackIcon, CloseIcon } from "./icons.tsx";

export interface PopupBoxProps {
  open: boolean;
  /** Called by the close button or back arrow, Escape and a tap on the backdrop. */
  onClose: () => void;
  title: ReactNode;
  /** Centre the title (the close button stays on the right, the back arrow on the left). */
  centerTitle?: boolean;
  /** "close": an × at the top right (default); "back": an arrow at the top left. */
  dismiss?: "close" | "back";
  children?: ReactNode;
  /** Wider box for forms and tables (default: small, for confirmations and QR codes). */
  size?: "sm" | "md";
}

/** The shared popup box: a modal card with a title, optional centred title, and a close button or back arrow. */
export function PopupBox({ open, onClose, title, centerTitle = false, dismiss = "close", children, size = "sm" }: PopupBoxProps) {
  const { t } = useTranslation("common");
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    boxRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onCloseRef.current();
      if (event.key === "Tab" && boxRef.current) trapFocus(event, boxRef.current);
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;

  const dismissButton = (
    <button
      type="button"
      onClick={onClose}
      aria-label={dismiss === "back" ? t("popup.back") : t("popup.close")}
      className="flex size-11 shrink-0 items-center justify-center rounded-full text-muted transition-colors hover:bg-surface-2 hover:text-text focus-visible:outline-2 focus-visible:outline-gold"
    >
      {dismiss === "back" ? <BackIcon /> : <CloseIcon />}
    </button>
  );

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div className="absolute inset-0 bg-bg/80 backdrop-blur-sm" aria-hidden="true" onClick={onClose} />
      <div
        ref={boxRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`relative w-full ${size === "md" ? "max-w-lg" : "max-w-sm"} max-h-[90dvh] overflow-y-auto rounded-card border border-line bg-surface shadow-card outline-none`}
      >
        <div className="flex items-center gap-1 border-b border-line px-2 py-1">
          {dismiss === "back" ? dismissButton : centerTitle ? <span className="size-11 shrink-0" /> : null}
          <h2 id={titleId} className={`min-w-0 flex-1 px-2 py-2 text-base font-bold ${centerTitle ? "text-center" : ""}`}>
            {title}
          </h2>
          {dismiss === "close" ? dismissButton : centerTitle ? <span className="size-11 shrink-0" /> : null}
        </div>
        <div className="p-4">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

function trapFocus(event: KeyboardEvent, box: HTMLElement): void {
  const focusable = box.querySelectorAll<HTMLElement>(
    'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]',
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  if (event.shiftKey && (document.activeElement === first || document.activeElement === box)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
