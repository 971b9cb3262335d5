import { useLayoutEffect, useRef } from "react";
import { Button } from "../../../components/button.tsx";
import { CloseIcon } from "../../../components/icons.tsx";
import { useTranslation } from "../../../lib/i18n-react.tsx";
import { promptInstall } from "../../../lib/pwa.ts";
import { rememberInstallBannerClosed } from "./install-banner-memory.ts";

/** The banner's height while it is shown, on the root element: the chat button stands above it. */
export const INSTALL_BANNER_HEIGHT = "--install-banner-h";

/**
 * A small card offering to install the app, kept at the bottom of the screen while the page
 * scrolls (sticky at the end of the shell, so at the end of the page it sits below the footer and
 * never hides it). Closing it is remembered. While it is shown, its height is published as
 * INSTALL_BANNER_HEIGHT, so the support chat's button moves up instead of being hidden behind it.
 */
export function InstallBanner({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("pwa");
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const banner = ref.current;
    if (!banner) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(INSTALL_BANNER_HEIGHT, `${banner.offsetHeight}px`);
    publish();
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(publish) : undefined;
    observer?.observe(banner);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(INSTALL_BANNER_HEIGHT);
    };
  }, []);
  const close = () => {
    rememberInstallBannerClosed();
    onClose();
  };
  return (
    <aside
      ref={ref}
      aria-label={t("banner.title")}
      className="sticky bottom-0 z-40 px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] lg:w-[26rem] lg:self-end lg:px-6 lg:pb-6"
    >
      <div className="flex items-start gap-3 rounded-card border border-line bg-surface-2 p-3 shadow-card">
        <img src="/icons/icon-192.png" alt="" width={44} height={44} className="mt-1 size-11 shrink-0 rounded-lg" />
        <div className="flex min-w-0 flex-1 flex-col items-start gap-2">
          <div>
            <p className="text-sm font-bold">{t("banner.title")}</p>
            <p className="text-xs text-muted">{t("banner.text")}</p>
          </div>
          <Button onClick={() => void promptInstall()}>{t("banner.install")}</Button>
        </div>
        <button
          type="button"
          onClick={close}
          aria-label={t("banner.dismiss")}
          className="-mt-1 -mr-1 flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-text focus-visible:outline-2 focus-visible:outline-gold"
        >
          <CloseIcon size={20} />
        </button>
      </div>
    </aside>
  );
}
