import { AppImage } from "../../../components/app-image.tsx";
import { buttonClass } from "../../../components/button.tsx";
import { DownloadIcon } from "../../../components/icons.tsx";
import { PopupBox } from "../../../components/popup-box.tsx";
import { safeExternalUrl, useSocialLinks } from "../../../components/social-links.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { useShellUi } from "../stores/shell-ui.ts";

const DEFAULT_QR = "/img/qr-app.svg";

/** The QR code of the app (from the social links, else the shipped one) and the Play Store link. */
export function QrCodeDialog() {
  const { t } = useTranslation("common");
  const open = useShellUi((s) => s.qrOpen);
  const setOpen = useShellUi((s) => s.setQrOpen);
  const { data: links } = useSocialLinks();
  const playStore = safeExternalUrl(links?.play_store);
  return (
    <PopupBox open={open} onClose={() => setOpen(false)} title={t("qr.title")} centerTitle>
      <div className="flex flex-col items-center gap-4 text-center">
        <div className="rounded-card bg-text p-3">
          <AppImage
            src={links?.qr || DEFAULT_QR}
            fallbackSrc={DEFAULT_QR}
            alt={t("qr.alt")}
            width={200}
            height={200}
            className="size-50"
            priority
          />
        </div>
        <p className="text-sm text-muted">{t("qr.hint")}</p>
        {playStore ? (
          <a href={playStore} target="_blank" rel="noopener noreferrer" className={buttonClass({ block: true })}>
            <DownloadIcon size={20} />
            {t("qr.playStore")}
          </a>
        ) : null}
      </div>
    </PopupBox>
  );
}
