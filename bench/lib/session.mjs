/** Demo player 09500000001, the signed-in player of the Lighthouse benchmarks. */
const PLAYER = { phone: "09500000001", password: "demo-player-1" };

/** The demo player's session, signed in once through the API, in the form the app keeps in localStorage ("user-info"). */
export async function demoPlayerSession(base) {
  const res = await fetch(`${base}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(PLAYER),
  });
  if (!res.ok) throw new Error(`demo player sign-in: ${res.status} ${await res.text()}`);
  const { token, expires_at, user } = await res.json();
  return JSON.stringify({ state: { user: { ...user, token, expires_at } }, version: 0 });
}

/**
 * Signs a fresh tab in as the app's sign-in does, with nothing of the site loaded: from `/api/health`
 * (JSON: none of the site's code or files load, no service worker registers) it writes the session to
 * localStorage and the signed-in cookie, then leaves for about:blank.
 */
export async function writeSession(tab, base, session) {
  await tab.goto(`${base}/api/health`, { waitUntil: "load", timeout: 60_000 });
  await tab.evaluate((value) => {
    window.localStorage.setItem("user-info", value);
    // biome-ignore lint/suspicious/noDocumentCookie: the site's signed-in cookie, as its sign-in sets it
    document.cookie = "shwe_signed_in=1; path=/; max-age=31536000; SameSite=Lax";
  }, session);
  await tab.goto("about:blank");
}
