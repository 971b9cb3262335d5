import { Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { Spinner } from "../../../components/spinner.tsx";
import { useLiveBalance } from "../../session/hooks/use-live-balance.ts";
import { DesktopHeader } from "./desktop-header.tsx";
import { QrCodeDialog } from "./download-app.tsx";
import { Footer } from "./footer.tsx";
import { LogoutDialog } from "./logout-dialog.tsx";
import { MobileHeader } from "./mobile-header.tsx";
import { MobileMenu } from "./mobile-menu.tsx";

/** The site shell around every page: headers, slide-in menu, the page, footer and the shell's dialogs. */
export function Layout() {
  // One live balance socket per tab while a player is signed in.
  useLiveBalance();
  return (
    <div className="flex min-h-dvh flex-col overflow-x-clip">
      <DesktopHeader />
      <MobileHeader />
      <MobileMenu />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-4 lg:px-6 lg:py-6">
        <Suspense
          fallback={
            // A full screen of room while a page loads, so the footer does not jump down when it arrives.
            <div className="min-h-dvh">
              <Spinner variant="centered" />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <LogoutDialog />
      <QrCodeDialog />
      <ScrollRestoration />
    </div>
  );
}
