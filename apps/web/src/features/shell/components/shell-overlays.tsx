import { LogoutDialog } from "./logout-dialog.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { QrCodeDialog } from "./qr-code-dialog.tsx";

/** What the shell shows over the page on demand: the slide-in menu and the logout and app-QR dialogs. */
export function ShellOverlays() {
  return (
    <>
      <MobileMenu />
      <LogoutDialog />
      <QrCodeDialog />
    </>
  );
}
