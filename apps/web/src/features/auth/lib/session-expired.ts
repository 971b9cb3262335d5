/**
 * "Session Expired, Please Login Again!" must reach the player even when the answer that ended the
 * session arrives together with a navigation (a page load, a tab that then goes elsewhere): a toast
 * raised then is lost with the page. The session effects (app/session-effects.ts) mark it for the
 * tab (sessionStorage, under this key) and the login page says it once.
 */
const KEY = "session-expired";

/** Marks it (tests; the app marks it in app/session-effects.ts, kept out of the first download). */
export function markSessionExpired(): void {
  sessionStorage.setItem(KEY, "1");
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
