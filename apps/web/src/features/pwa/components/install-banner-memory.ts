/** When the player closed the install banner (localStorage), so it stays closed for a while. */
export const INSTALL_BANNER_KEY = "shwe.installBannerClosedAt";
/** A closed banner comes back after this long. */
export const INSTALL_BANNER_QUIET_MS = 30 * 24 * 3600 * 1000;

export function installBannerDismissed(now = Date.now()): boolean {
  try {
    const at = Number(localStorage.getItem(INSTALL_BANNER_KEY));
    return Number.isFinite(at) && at > 0 && now - at < INSTALL_BANNER_QUIET_MS;
  } catch {
    return false;
  }
}

export function rememberInstallBannerClosed(now = Date.now()): void {
  try {
    localStorage.setItem(INSTALL_BANNER_KEY, String(now));
  } catch {
    // Private mode: the banner stays closed for this visit only.
  }
}
