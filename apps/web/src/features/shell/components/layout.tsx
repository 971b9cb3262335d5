import { lazy, Suspense, useEffect, useState } from "react";
import { Spinner } from "../../../components/spinner.tsx";
import { whenIdle } from "../../../lib/idle.ts";
import { lazyIsland } from "../../../lib/island.tsx";
import { PageShown } from "../../../lib/page-shown.ts";
import { Outlet } from "../../../lib/router.tsx";
import { useLiveBalance } from "../../session/hooks/use-live-balance.ts";
import { useShellUi } from "../stores/shell-ui.ts";
import { MobileHeader } from "./mobile-header.tsx";
import { ScrollRestorer } from "./scroll-restorer.tsx";

// The menu and the dialogs are not part of the first paint: they download once the page has
// settled (so the first tap already finds them), or at once when one is opened before that.
// The chat ticker, live marquee and broadcasts: downloaded right away, but not part of the first paint.
const LiveTicker = lazy(() => import("./live-ticker.tsx").then((m) => ({ default: m.LiveTicker })));
// The support chat's button: its own chunk, fetched once the page has settled (its panel, on the first tap).
const ChatButton = lazy(() => import("../../support/components/chat-button.tsx").then((m) => ({ default: m.ChatButton })));
const Overlays = lazy(() => import("./shell-overlays.tsx").then((m) => ({ default: m.ShellOverlays })));

/** Tailwind's `lg`: the desktop header's screens (it is `hidden lg:block`, the mobile header `lg:hidden`). */
const DESKTOP_SCREEN = "(min-width: 64rem)";

// Hidden on a phone (the desktop header) or below the fold (the footer): they hydrate after the page.
// The desktop header is downloaded and hydrated on desktop screens only; on a phone the server's
// drawing of it stays, hidden and inert. Its stand-in keeps its height on a desktop screen (a page the
// browser draws alone does not move) and is hidden on a phone, as the header is.
const DesktopHeader = lazyIsland(
  "desktop-header",
  () => import("./desktop-header.tsx").then((m) => m.DesktopHeader),
  <div className="hidden h-[calc(7.5rem+2px)] border-b border-line lg:block" />,
  { media: DESKTOP_SCREEN },
);
const Footer = lazyIsland("footer", () => import("./footer.tsx").then((m) => m.Footer));

function ShellOverlays() {
  const opened = useShellUi((s) => s.menuOpen || s.logoutOpen || s.qrOpen);
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  if (!idle && !opened) return null;
  return (
    <Suspense fallback={null}>
      <Overlays />
    </Suspense>
  );
}

/** The live parts start in the browser only (the server's first paint has no socket). */
function LiveTickerSlot() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <LiveTicker />
    </Suspense>
  );
}

function ChatSlot() {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <ChatButton />
    </Suspense>
  );
}

/**
 * One live socket per tab: public events for everyone, the balances too while signed in. A part of
 * its own: it draws again once the page is taken over (the socket opens then), and the shell around
 * it is not drawn again with it.
 */
function LiveSocket() {
  useLiveBalance();
  return null;
}

/** The site shell around every page: headers, slide-in menu, the page, footer and the shell's dialogs. */
export function Layout() {
  return (
    <div className="flex min-h-dvh flex-col overflow-x-clip">
      <DesktopHeader />
      <MobileHeader />
      <LiveTickerSlot />
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
          <PageShown />
        </Suspense>
      </main>
      <Footer />
      <ShellOverlays />
      <ChatSlot />
      <ScrollRestorer />
      <LiveSocket />
    </div>
  );
}
