import { lazy, Suspense } from "react";
import { buttonClass } from "../../../components/button.tsx";
import { DownloadIcon } from "../../../components/icons.tsx";
import { PopupBox } from "../../../components/popup-box.tsx";
import { safeExternalUrl, useSocialLinks } from "../../../components/social-links.tsx";
import { paths } from "../../../config/paths.ts";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { Link } from "../../../lib/router.tsx";
import { installPageUrl } from "../../pwa/components/install-page-url.ts";
import { useShellUi } from "../stores/shell-ui.ts";

// The QR encoder downloads when the popup first opens.
const QrCode = lazy(() => import("../../pwa/components/app-qr-code.tsx").then((m) => ({ default: m.QrCode })));

/** 'Scan QR Code': the QR code of this site's install page, a link to it, and the Play Store link when there is one. */
export function QrCodeDialog() {
  const { t } = useTranslation("common");
  const { t: tp } = useTranslation("pwa");
  const open = useShellUi((s) => s.qrOpen);
  const setOpen = useShellUi((s) => s.setQrOpen);
  const { data: links } = useSocialLinks();
  const playStore = safeExternalUrl(links?.play_store);
  const close = () => setOpen(false);
  return (
    <PopupBox open={open} onClose={close} title={t("qr.title")} centerTitle>
      <div className="flex flex-col items-center gap-4 text-center">
        <div className="size-54 rounded-card bg-text p-2">
          <Suspense fallback={null}>
            <QrCode text={installPageUrl(window.location.origin)} size={200} label={tp("qr.alt")} />
          </Suspense>
        </div>
        <p className="text-sm text-muted">{tp("qr.hint")}</p>
        <Link to={paths.install} onClick={close} className={buttonClass({ block: true })}>
          <DownloadIcon size={20} />
          {tp("qr.openPage")}
        </Link>
        {playStore ? (
          <a href={playStore} target="_blank" rel="noopener noreferrer" className={buttonClass({ variant: "secondary", block: true })}>
            {t("qr.playStore")}
          </a>
        ) : null}
      </div>
    </PopupBox>
  );
}
