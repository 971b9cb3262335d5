import { setStanding } from "../../../lib/realtime.ts";

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

/**
 * The tab's socket joins the visitor's conversation (its answers, typing and read marks then come
 * on it), now and after every reconnection; null: it stops asking (a signed-in player gets theirs anyway).
 */
export function joinVisitorConversation(token: string | null): void {
  setStanding("support", token ? JSON.stringify({ type: "support_visitor", token }) : "");
}
