import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useOpenTransfer } from "../../session/hooks/use-open-transfer.ts";
import { useShellUi } from "../stores/shell-ui.ts";
import { TransferIcon } from "./money-icons.tsx";

/**
 * Opens the main ↔ game transfer popup: a round icon button in the mobile header, a labelled
 * button in the desktop header and a full-width row in the menus.
 */
export function TransferButton({ variant = "label", className = "" }: { variant?: "icon" | "label"; className?: string }) {
  const { t } = useTranslation("common");
  const openTransfer = useOpenTransfer();
  // From the slide-in menu: the menu gives way to the popup.
  const open = () => {
    useShellUi.getState().setMenuOpen(false);
    openTransfer();
  };
  if (variant === "icon") {
    return (
      <button
        type="button"
        onClick={open}
        aria-label={t("nav.transfer")}
        title={t("nav.transfer")}
        className={`flex size-11 shrink-0 items-center justify-center rounded-full border border-gold/50 bg-surface-2 text-gold transition-colors hover:bg-gold hover:text-bg focus-visible:outline-2 focus-visible:outline-gold ${className}`}
      >
        <TransferIcon size={20} />
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={open}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-card border border-gold/50 bg-surface-2 px-3 text-sm font-semibold text-gold transition-colors hover:bg-gold hover:text-bg focus-visible:outline-2 focus-visible:outline-gold ${className}`}
    >
      <TransferIcon size={18} />
      {/* A narrow desktop header keeps only the icon (the name stays for screen readers). */}
      <span className="whitespace-nowrap max-xl:sr-only">{t("nav.transfer")}</span>
    </button>
  );
}
