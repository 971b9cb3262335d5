import { formatAmount } from "@shwe/domain";
import { useEffect, useRef } from "react";
import { createPortal } from "react-dom";
import { CloseIcon, WalletIcon } from "../../../components/icons.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useSession } from "../../../lib/session-store.ts";
import { toast } from "../../../lib/toast.ts";
import { isGameCloseMessage } from "../lib/overlay-messages.ts";

export interface GameOverlayProps {
  /** Site path or absolute http(s) address (already checked by safeLaunchUrl). */
  url: string;
  name: string;
  onClose: () => void;
  /** Moves the game to a new tab (with a fresh launch: a launch URL may work only once). */
  onOpenInNewTab: () => void;
}

/**
 * The game overlay: the game in an iframe, full-screen on the phone and a large framed window on
 * desktop. Its top bar always shows the close button and the live game balance; on desktop it also
 * offers to open the game in a new tab (which closes the overlay so the game never runs twice).
 */
export function GameOverlay({ url, name, onClose, onOpenInNewTab }: GameOverlayProps) {
  const { t } = useTranslation("games");
  const gameBalance = useSession((s) => s.user?.game_balance);
  const closeRef = useRef<HTMLButtonElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    // Earlier notices (e.g. "transfer done") would sit over the overlay's close button.
    toast.dismiss();
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onCloseRef.current();
      if (event.key === "Tab" && boxRef.current) keepFocusInside(event, boxRef.current);
    };
    // A page of ours inside the frame may ask to close (e.g. the "unavailable offline" page).
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      if (frameRef.current && event.source !== frameRef.current.contentWindow) return;
      if (isGameCloseMessage(event.data)) onCloseRef.current();
    };
    document.addEventListener("keydown", onKey);
    window.addEventListener("message", onMessage);
    return () => {
      document.removeEventListener("keydown", onKey);
      window.removeEventListener("message", onMessage);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, []);

  return createPortal(
    <div className="fixed inset-0 z-50 flex flex-col bg-bg lg:items-center lg:justify-center lg:bg-bg/85 lg:p-6 lg:backdrop-blur-sm">
      <div
        ref={boxRef}
        role="dialog"
        aria-modal="true"
        aria-label={name}
        className="flex size-full flex-col overflow-hidden bg-bg lg:max-w-6xl lg:rounded-card lg:border lg:border-line lg:shadow-card"
      >
        <div className="flex h-14 shrink-0 items-center gap-2 border-b border-line bg-surface pr-1 pl-3">
          <h2 className="min-w-0 flex-1 truncate text-sm font-bold text-text" title={name}>
            {name}
          </h2>
          {gameBalance !== undefined ? (
            <p
              className="flex min-h-9 items-center gap-1.5 rounded-full border border-line bg-surface-2 px-3 text-sm font-bold text-gold"
              data-testid="overlay-game-balance"
            >
              <WalletIcon size={16} />
              <span className="sr-only">{t("overlay.gameBalance")}</span>
              <span className="tabular">{formatAmount(gameBalance)}</span>
              <span className="text-xs font-normal text-muted">{t("overlay.currency")}</span>
            </p>
          ) : null}
          <button
            type="button"
            onClick={onOpenInNewTab}
            className="hidden min-h-11 items-center gap-1.5 rounded-card px-3 text-sm font-semibold text-muted transition-colors hover:bg-surface-2 hover:text-gold focus-visible:outline-2 focus-visible:outline-gold lg:inline-flex"
          >
            <NewTabIcon />
            {t("overlay.newTab")}
          </button>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            aria-label={t("overlay.close")}
            title={t("overlay.close")}
            className="flex size-11 shrink-0 items-center justify-center rounded-full bg-surface-2 text-text transition-colors hover:bg-danger hover:text-bg focus-visible:outline-2 focus-visible:outline-gold"
          >
            <CloseIcon />
          </button>
        </div>
        <iframe
          ref={frameRef}
          src={url}
          title={name}
          className="min-h-0 w-full flex-1 border-0 bg-bg"
          allow="autoplay; fullscreen; clipboard-write"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          // Games may run scripts, forms and pop-ups, but never navigate the site itself.
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals"
        />
      </div>
    </div>,
    document.body,
  );
}

/** Tab and Shift+Tab cycle through the overlay's buttons and the game frame, never the page behind. */
function keepFocusInside(event: KeyboardEvent, box: HTMLElement): void {
  const focusable = [...box.querySelectorAll<HTMLElement>("button, iframe")].filter(
    (el) => el.getClientRects().length > 0 || el === document.activeElement,
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  } else if (!box.contains(document.activeElement)) {
    event.preventDefault();
    first.focus();
  }
}

function NewTabIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M14 4h6v6M20 4l-9 9" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M18 14v4a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4" strokeLinecap="round" />
    </svg>
  );
}
