import { RealityCheckHost } from "../../protection/components/reality-check.tsx";
import { InstallBannerSlot } from "../../pwa/components/install-banner-slot.tsx";
import { PocketWinHost } from "../../rewards/components/pocket-button.tsx";
import { LogoutDialog } from "./logout-dialog.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { QrCodeDialog } from "./qr-code-dialog.tsx";

/**
 * What the shell shows over the page on demand: the slide-in menu, the logout and app-QR dialogs,
 * the install banner while the browser offers to install the app, and the reality-check reminder.
 */
export function ShellOverlays() {
  return (
    <>
      <MobileMenu />
      <LogoutDialog />
      <QrCodeDialog />
      <PocketWinHost />
      <InstallBannerSlot />
      <RealityCheckHost />
    </>
  );
}
