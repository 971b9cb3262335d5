import { DownloadIcon } from "../../../components/icons.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useShellUi } from "../stores/shell-ui.ts";

/** The download-app link: opens the 'Scan QR Code' popup. */
export function DownloadAppButton({ className = "" }: { className?: string }) {
  const { t } = useTranslation("common");
  const setQrOpen = useShellUi((s) => s.setQrOpen);
  return (
    <button
      type="button"
      onClick={() => setQrOpen(true)}
      className={`inline-flex min-h-11 items-center gap-2 rounded-card px-3 text-sm font-semibold text-gold transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-gold ${className}`}
    >
      <DownloadIcon size={20} />
      {t("nav.downloadApp")}
    </button>
  );
}
