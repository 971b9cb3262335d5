import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { canInstall, onInstallChange } from "../../../lib/pwa.ts";
import { installBannerDismissed } from "./install-banner-memory.ts";

// Downloads only when the browser offers to install the app.
const InstallBanner = lazy(() => import("./install-banner.tsx").then((m) => ({ default: m.InstallBanner })));

/** Where the install banner appears: only while the browser offers to install and the player has not closed it. */
export function InstallBannerSlot() {
  const installable = useSyncExternalStore(onInstallChange, canInstall, () => false);
  const [dismissed, setDismissed] = useState(installBannerDismissed);
  if (!installable || dismissed) return null;
  return (
    <Suspense fallback={null}>
      <InstallBanner onClose={() => setDismissed(true)} />
    </Suspense>
  );
}
