/**
 * "Session Expired, Please Login Again!" must reach the player even when the answer that ended the
 * session arrives together with a navigation (a page load, a tab that then goes elsewhere): a toast
 * raised then is lost with the page. The mark is kept for the tab (sessionStorage) until the login
 * page has shown it.
 */
const KEY = "session-expired";

export function markSessionExpired(): void {
  try {
    sessionStorage.setItem(KEY, "1");
  } catch {
    // Storage refused (private mode): the toast alone tells the player.
  }
}

/** Whether a session of this tab ended and the login page has not said so yet. */
export function sessionExpiredMarked(): boolean {
  try {
    return sessionStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

export function clearSessionExpired(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
