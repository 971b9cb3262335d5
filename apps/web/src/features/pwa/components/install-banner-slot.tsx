import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { bannerRoom, canInstall, hasEngaged, onInstallChange } from "../../../lib/pwa.ts";
import { installBannerDismissed } from "./install-banner-memory.ts";

// Downloads only when the browser offers to install the app.
const InstallBanner = lazy(() => import("./install-banner.tsx").then((m) => ({ default: m.InstallBanner })));

const offered = () => canInstall() && hasEngaged() && bannerRoom();

/**
 * Where the install banner appears: only while the browser offers to install, once the player has
 * engaged with the page (a tap, a key), while no bottom bar holds it back (the bet bar), and unless
 * they have closed it.
 */
export function InstallBannerSlot() {
  const installable = useSyncExternalStore(onInstallChange, offered, () => false);
  const [dismissed, setDismissed] = useState(installBannerDismissed);
  if (!installable || dismissed) return null;
  return (
    <Suspense fallback={null}>
      <InstallBanner onClose={() => setDismissed(true)} />
    </Suspense>
  );
}
