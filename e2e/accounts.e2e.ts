import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { hasChromium } from "./support/chromium.ts";
import { signIn } from "./support/console.ts";
import { type Lng, text } from "./support/locales.ts";
import { latestOtp, newPhone } from "./support/outbox.ts";

interface StoredUser {
  token?: string;
  phone?: string;
}

/** The session the site keeps in browser storage ("user-info"), or null when signed out. */
async function storedUser(page: Page): Promise<StoredUser | null> {
  const raw = await page.evaluate(() => localStorage.getItem("user-info"));
  if (!raw) return null;
  return (JSON.parse(raw) as { state?: { user?: StoredUser | null } }).state?.user ?? null;
}

async function profileStatus(baseUrl: string, token: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/user/profile`, { headers: { authorization: `Bearer ${token}` } });
  return res.status;
}

const onPath = (path: string) => (url: URL) => url.pathname === path;

describe.skipIf(!hasChromium)("accounts", () => {
  const browser = useBrowser();

  it("a visitor sent from a guarded page registers with an SMS code, comes back to it, signs out and signs in again (phone, Burmese)", async () => {
    const lng: Lng = "mm";
    const page = await browser.open("mobile");
    const phone = newPhone();
    const password = "lucky-e2e-pass-1";

    // The login guard sends a visitor to /login and remembers /profile.
    await page.goto("/profile");
    await page.waitForURL(onPath("/login"));
    await page.getByRole("link", { name: text(lng, "auth:login.register_link"), exact: true }).click();
    await page.waitForURL(onPath("/register"));

    // Step 1: the phone; a code goes to the demo SMS outbox.
    const sendCode = page.getByRole("button", { name: text(lng, "auth:send_code"), exact: true });
    await sendCode.waitFor({ state: "visible" });
    await page.getByLabel(text(lng, "auth:fields.phone"), { exact: true }).fill(phone);
    await sendCode.click();
    const codeBox = page.getByLabel(text(lng, "auth:otp.label"), { exact: true });
    await codeBox.waitFor({ state: "visible" });

    // Step 2: the 6-digit code (a full code is checked without another tap).
    await codeBox.fill(await latestOtp(browser.baseUrl, phone));

    // Step 3: name and password, then the account exists and the player is signed in.
    const nameBox = page.getByLabel(text(lng, "auth:fields.name"), { exact: true });
    await nameBox.waitFor({ state: "visible" });
    await nameBox.fill("Aung Aung");
    await page.getByLabel(text(lng, "auth:fields.password"), { exact: true }).fill(password);
    await page.getByLabel(text(lng, "auth:fields.confirm_password"), { exact: true }).fill(password);
    await page.getByRole("button", { name: text(lng, "auth:register.submit"), exact: true }).click();

    // Back on the page the guard remembered.
    await page.waitForURL(onPath("/profile"));
    await page.getByRole("heading", { name: text(lng, "profile:title"), exact: true }).waitFor({ state: "visible" });
    await expect.poll(() => page.getByText(phone).first().isVisible()).toBe(true);
    const registered = await storedUser(page);
    expect(registered?.phone).toBe(phone);
    const firstToken = registered?.token ?? "";
    expect(await profileStatus(browser.baseUrl, firstToken)).toBe(200);

    // The session survives a reload (it is kept in browser storage).
    await page.goto("/");
    await page.getByRole("button", { name: text(lng, "nav.openMenu"), exact: true }).waitFor({ state: "visible" });
    expect(await page.getByRole("link", { name: text(lng, "nav.login"), exact: true }).count()).toBe(0);
    expect((await storedUser(page))?.token).toBe(firstToken);

    // Sign out from the slide-in menu, confirming in the dialog.
    await page.getByRole("button", { name: text(lng, "nav.openMenu"), exact: true }).click();
    await page
      .getByRole("dialog", { name: text(lng, "nav.menu"), exact: true })
      .getByRole("button", { name: text(lng, "nav.logout"), exact: true })
      .click();
    await page
      .getByRole("dialog", { name: text(lng, "logout.title"), exact: true })
      .getByRole("button", { name: text(lng, "logout.ok"), exact: true })
      .click();
    await page.waitForURL(onPath("/"));
    expect(await storedUser(page)).toBeNull();
    // The token is revoked on the server too.
    await expect.poll(() => profileStatus(browser.baseUrl, firstToken)).toBe(401);

    // Signed out, the guarded page asks for a login again; signing in returns to it.
    await page.goto("/profile");
    await page.waitForURL(onPath("/login"));
    await signIn(page, lng, { phone: phone, password: password });
    await page.waitForURL(onPath("/profile"));
    await page.getByRole("heading", { name: text(lng, "profile:title"), exact: true }).waitFor({ state: "visible" });
    const again = await storedUser(page);
    expect(again?.phone).toBe(phone);
    expect(again?.token).not.toBe(firstToken);
  });

  it("a wrong password is refused and keeps the visitor signed out (phone)", async () => {
    const lng: Lng = "mm";
    const page = await browser.open("mobile");
    await page.goto("/login");
    await signIn(page, lng, { phone: "09500000001", password: "not-the-password" });
    await page.getByText(text(lng, "auth:errors.INVALID_CREDENTIALS")).first().waitFor({ state: "visible" });
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await storedUser(page)).toBeNull();
  });

  it("the sign-in page arrives drawn for a visitor, is taken over without a mismatch and says a session ended; a signed-in browser gets the app's page", async () => {
    const lng: Lng = "mm";
    const drawn = await (await fetch(`${browser.baseUrl}/login`)).text();
    expect(drawn).toContain('<div id="root" inert>');
    expect(drawn).toContain(text(lng, "auth:login.title"));
    const signedIn = await (await fetch(`${browser.baseUrl}/login`, { headers: { cookie: "shwe_signed_in=1" } })).text();
    expect(signedIn).not.toContain('<div id="root" inert>');

    const page = await browser.open("mobile");
    // The tab's session has just ended (the app marks it so in sessionStorage): only the browser knows.
    await page.addInitScript(() => sessionStorage.setItem("session-expired", "1"));
    await page.goto("/login");
    await page
      .getByRole("alert")
      .filter({ hasText: text(lng, "auth:login.session_expired") })
      .waitFor({ state: "visible" });
    await page.locator("#root:not([inert])").waitFor({ state: "attached" });
    await signIn(page, lng, { phone: "09500000001", password: "not-the-password" });
    await page.getByText(text(lng, "auth:errors.INVALID_CREDENTIALS")).first().waitFor({ state: "visible" });
    // A mismatch between the drawing and the app is reported as an uncaught error.
    expect(browser.errorsOf(page).filter((e) => e.startsWith("pageerror"))).toEqual([]);
  });

  it("cash-in and the bet-slip history arrive drawn for a signed-in browser, without the player, and are taken over; a browser whose player is gone is asked to sign in", async () => {
    const lng: Lng = "mm";
    const page = await browser.open("mobile");
    await page.goto("/login");
    await signIn(page, lng, { phone: "09500000001", password: "demo-player-1" });
    await page.waitForURL(onPath("/"));
    const balance = (await page.evaluate(() => JSON.parse(localStorage.getItem("user-info") ?? "{}").state.user.balance)) as number;

    const drawn = await page.evaluate(async () => (await fetch("/cashin")).text());
    expect(drawn).toContain('<div id="root" inert>');
    expect(drawn).toContain(text(lng, "wallet:cashin.title"));
    await page.goto("/cashin");
    await page.locator("#root:not([inert])").waitFor({ state: "attached" });
    await page.getByText(balance.toLocaleString("en-US"), { exact: true }).first().waitFor({ state: "visible" });
    await page.goto("/betslip");
    await page.locator("#root:not([inert])").waitFor({ state: "attached" });
    await page.getByRole("tab", { name: "2D" }).first().click();
    expect(browser.errorsOf(page).filter((e) => e.startsWith("pageerror"))).toEqual([]);

    // The signed-in cookie without a stored player (storage cleared): the drawing is not taken over.
    await page.evaluate(() => localStorage.clear());
    await page.goto("/cashin");
    await page.waitForURL(onPath("/login"));
    await page.getByRole("button", { name: text(lng, "auth:login.submit"), exact: true }).waitFor({ state: "visible" });
    expect(browser.errorsOf(page).filter((e) => e.startsWith("pageerror"))).toEqual([]);
  });

  it("a demo player signs in from the header, switches to English, keeps it after a reload and signs out (desktop)", async () => {
    const page = await browser.open("desktop");
    await page.goto("/");
    await page.getByRole("link", { name: text("mm", "nav.login"), exact: true }).click();
    await page.waitForURL(onPath("/login"));
    await signIn(page, "mm", { phone: "09500000001", password: "demo-player-1" });
    await page.waitForURL(onPath("/"));
    const accountMenu = (lng: Lng) => page.getByRole("button", { name: text(lng, "nav.userMenu"), exact: true });
    await accountMenu("mm").waitFor({ state: "visible" });
    expect((await storedUser(page))?.phone).toBe("09500000001");

    // The language switcher in the header.
    await page.getByRole("button", { name: `${text("mm", "nav.language")}: ${text("mm", "lang.mm")}`, exact: true }).click();
    await page.getByRole("menuitemradio", { name: text("mm", "lang.en"), exact: true }).click();
    await accountMenu("en").waitFor({ state: "visible" });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");

    await page.reload();
    await accountMenu("en").waitFor({ state: "visible" });
    await page.getByRole("button", { name: `${text("en", "nav.language")}: ${text("en", "lang.en")}`, exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");

    // Sign out from the account menu.
    await accountMenu("en").click();
    await page.getByRole("menuitem", { name: text("en", "nav.logout"), exact: true }).click();
    await page
      .getByRole("dialog", { name: text("en", "logout.title"), exact: true })
      .getByRole("button", { name: text("en", "logout.ok"), exact: true })
      .click();
    await page.getByRole("link", { name: text("en", "nav.login"), exact: true }).waitFor({ state: "visible" });
    expect(await storedUser(page)).toBeNull();
  });

  it("a session ended elsewhere: the next page says 'Session Expired', and signing in returns to it; the Burmese header fits 360 px; one socket per load (phone)", async () => {
    const lng: Lng = "mm";
    const page = await browser.open("mobile");
    await page.setViewportSize({ width: 360, height: 740 });
    const dropped: string[] = [];
    page.on("console", (m) => {
      if (/closed before the connection is established/i.test(m.text())) dropped.push(m.text());
    });

    // The Burmese sign-in button is one line (44 px high), and nothing is wider than the screen.
    await page.goto("/");
    const login = page.getByRole("link", { name: text(lng, "nav.login"), exact: true });
    await login.waitFor({ state: "visible" });
    expect((await login.boundingBox())?.height).toBeLessThanOrEqual(48);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    mkdirSync("/tmp/shots-edges", { recursive: true });
    await page.screenshot({ path: "/tmp/shots-edges/after-360-header.png" }).catch(() => undefined);

    await login.click();
    await signIn(page, lng, { phone: "09500000002", password: "demo-player-2" });
    await page.waitForURL(onPath("/"));
    await page.getByRole("button", { name: text(lng, "nav.openMenu"), exact: true }).waitFor({ state: "visible" });
    // A signed-in start opens its socket once: none is opened and dropped first.
    const sockets: string[] = [];
    page.on("websocket", (ws) => sockets.push(ws.url()));
    await page.reload();
    await expect.poll(() => sockets.length).toBe(1);
    expect(dropped).toEqual([]);

    // The session ends elsewhere while the player is away (an open page's socket would notice at once
    // and say it there); the next page the player opens says so and offers the login.
    const token = (await storedUser(page))?.token ?? "";
    await page.goto("about:blank");
    const out = await fetch(`${browser.baseUrl}/api/user/logout`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
    expect(out.status).toBe(204);
    await page.goto("/cashin");
    await page.waitForURL(onPath("/login"));
    await page.getByText(text(lng, "toast.sessionExpired")).first().waitFor({ state: "visible" });
    expect(await storedUser(page)).toBeNull();
    await signIn(page, lng, { phone: "09500000002", password: "demo-player-2" });
    await page.waitForURL(onPath("/cashin"));

    // The session ends elsewhere while the page is open: its socket is closed with the session, and
    // the page says so and offers the login by itself.
    const again = (await storedUser(page))?.token ?? "";
    expect(again).not.toBe(token);
    const ended = await fetch(`${browser.baseUrl}/api/user/logout`, { method: "POST", headers: { authorization: `Bearer ${again}` } });
    expect(ended.status).toBe(204);
    await page.waitForURL(onPath("/login"));
    await page.getByText(text(lng, "toast.sessionExpired")).first().waitFor({ state: "visible" });
    expect(await storedUser(page)).toBeNull();
  });

  it("the desktop header shows every category and a wide marquee beside a signed-in player's balance (1280 px)", async () => {
    const page = await browser.open("desktop");
    await page.goto("/login");
    await signIn(page, "mm", { phone: "09500000001", password: "demo-player-1" });
    await page.waitForURL(onPath("/"));
    await page.getByRole("button", { name: text("mm", "nav.userMenu"), exact: true }).waitFor({ state: "visible" });
    const tabs = page.getByRole("navigation", { name: text("mm", "nav.categories"), exact: true }).getByRole("link");
    await tabs.first().waitFor({ state: "visible" });
    const boxes = await tabs.evaluateAll((links) => links.map((a) => a.getBoundingClientRect().right));
    expect(boxes.length).toBeGreaterThanOrEqual(9);
    for (const right of boxes) expect(right).toBeLessThanOrEqual(1280);
    const marquee = page.getByRole("region", { name: text("mm", "marquee.label"), exact: true }).first();
    await marquee.waitFor({ state: "visible" });
    expect((await marquee.boundingBox())?.width).toBeGreaterThan(600);
    mkdirSync("/tmp/shots-edges", { recursive: true });
    await page.screenshot({ path: "/tmp/shots-edges/after-1280-header.png" }).catch(() => undefined);
  });
});
