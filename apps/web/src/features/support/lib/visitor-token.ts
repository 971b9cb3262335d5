/** Where a visitor's conversation token is kept (this browser only). */
const KEY = "shwe.support.token";

export function readVisitorToken(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function saveVisitorToken(token: string | null): void {
  try {
    if (token === null) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, token);
  } catch {
    // Private mode without storage: the conversation lasts as long as the page.
  }
}

/** The header a visitor's chat calls carry (none for a signed-in player). */
export function visitorHeaders(signedIn: boolean): Record<string, string> {
  const token = signedIn ? null : readVisitorToken();
  return token ? { "x-support-token": token } : {};
}
