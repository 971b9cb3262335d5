import { useSyncExternalStore } from "react";
import { Button, buttonClass } from "../../../components/button.tsx";
import { CheckIcon, DownloadIcon } from "../../../components/icons.tsx";
import { safeExternalUrl, useSocialLinks } from "../../../components/social-links.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { canInstall, isInstalled, onInstallChange, promptInstall } from "../../../lib/pwa.ts";
import { QrCode } from "../components/app-qr-code.tsx";
import { installPageUrl } from "../components/install-page-url.ts";

/**
 * /install: how to put the app on the phone. Chrome's install dialog when the browser offers it,
 * the steps for Android and iPhone otherwise, the Play Store link when there is one, and on a
 * wide screen the page's QR code to open it on the phone.
 */
export function InstallPage() {
  const { t } = useTranslation("pwa");
  const installable = useSyncExternalStore(onInstallChange, canInstall, () => false);
  const installed = useSyncExternalStore(onInstallChange, isInstalled, () => false);
  const { data: links } = useSocialLinks();
  const playStore = safeExternalUrl(links?.play_store);
  return (
    <section className="mx-auto flex max-w-md flex-col gap-5 py-4 lg:max-w-3xl lg:flex-row lg:items-start lg:gap-10">
      <div className="flex flex-1 flex-col gap-5">
        <header className="flex items-center gap-4">
          <img src="/icons/icon-192.png" alt="" width={64} height={64} className="size-16 rounded-card" />
          <div className="min-w-0">
            <h1 className="text-xl font-bold">{t("page.title")}</h1>
            <p className="text-sm text-muted">Shwe Lucky · ရွှေကံ</p>
          </div>
        </header>
        <p className="text-muted">{t("page.lead")}</p>
        {installed ? (
          <p role="status" className="flex items-center gap-2 rounded-card border border-line bg-surface p-4 font-semibold text-win">
            <CheckIcon size={20} />
            {t("page.installed")}
          </p>
        ) : installable ? (
          <Button size="lg" block onClick={() => void promptInstall()}>
            <DownloadIcon size={20} />
            {t("page.install")}
          </Button>
        ) : null}
        {installed ? null : (
          <ol className="flex flex-col gap-3">
            <li className="rounded-card border border-line bg-surface p-4">
              <h2 className="font-semibold">{t("page.androidTitle")}</h2>
              <p className="mt-1 text-sm text-muted">{t("page.androidSteps")}</p>
            </li>
            <li className="rounded-card border border-line bg-surface p-4">
              <h2 className="font-semibold">{t("page.iosTitle")}</h2>
              <p className="mt-1 text-sm text-muted">{t("page.iosSteps")}</p>
            </li>
          </ol>
        )}
        {playStore ? (
          <a href={playStore} target="_blank" rel="noopener noreferrer" className={buttonClass({ variant: "secondary", block: true })}>
            {t("page.playStore")}
          </a>
        ) : null}
      </div>
      <div className="hidden flex-col items-center gap-3 text-center lg:flex">
        <div className="rounded-card bg-text p-2">
          <QrCode text={installPageUrl(window.location.origin)} size={200} label={t("qr.alt")} />
        </div>
        <p className="max-w-56 text-sm text-muted">{t("qr.hint")}</p>
      </div>
    </section>
  );
}
