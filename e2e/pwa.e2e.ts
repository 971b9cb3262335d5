import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { viewports } from "./support/browser.ts";
import { CHROMIUM_ARGS, chromiumPath, hasChromium } from "./support/chromium.ts";
import { text } from "./support/locales.ts";

/**
 * The installable app in real Chromium: the manifest and service worker pass Chromium's own
 * installability checks (DevTools protocol Page.getInstallabilityErrors, the checks behind the
 * browser's install prompt; Lighthouse 12 no longer has its installability audits), a page asked
 * for without a network answers the offline page, and API answers never come from a cache.
 *
 * Installability needs a normal (non-incognito) profile: each test gets a persistent context in
 * its own temporary folder.
 */
const baseUrl = inject("baseUrl");

async function openProfile(): Promise<{ context: BrowserContext; page: Page; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "shwe-e2e-pwa-"));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL: baseUrl,
    ...viewports.mobile,
  });
  context.setDefaultTimeout(15_000);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Opens the home page and waits until the service worker is installed and controls the page. */
async function withWorker(page: Page): Promise<void> {
  await page.goto("/");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The worker claims the open page when it activates; a reload makes sure of it.
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const worker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  if (worker !== `${baseUrl}/sw.js`) throw new Error(`The page is controlled by ${worker}, not /sw.js`);
}

describe.skipIf(!hasChromium)("installable app", () => {
  let profile: Awaited<ReturnType<typeof openProfile>>;

  beforeAll(async () => {
    profile = await openProfile();
    await withWorker(profile.page);
  });

  afterAll(async () => {
    await profile?.close();
  });

  it("passes Chromium's installability checks: manifest, icons and a service worker with a fetch handler", async () => {
    // The page arrives without the manifest's link (it would compete with the first paint); the app adds it once idle.
    const html = await (await profile.context.request.get("/two/lottery")).text();
    expect(html).toContain('id="root" inert');
    expect(html).not.toContain('rel="manifest"');
    await profile.page.locator('link[rel="manifest"]').waitFor({ state: "attached" });
    const cdp = await profile.context.newCDPSession(profile.page);
    const manifest = await cdp.send("Page.getAppManifest");
    expect(manifest.url).toBe(`${baseUrl}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data ?? "{}") as { name: string; short_name: string; lang: string; display: string };
    expect(parsed).toMatchObject({ short_name: "ရွှေကံ", lang: "my", display: "standalone" });
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
  });

  it("offers the install banner once the player taps the page: Chrome's prompt is kept from a first visit", async () => {
    const { page } = profile;
    await page.goto("/login");
    await page.locator('link[rel="manifest"]').waitFor({ state: "attached" });
    const banner = page.getByRole("complementary", { name: text("mm", "pwa:banner.title") });
    await page.mouse.click(5, 400);
    await banner.waitFor();
    // The support chat's button stands above the banner, not behind it.
    const chat = page.getByTestId("support-button");
    await expect
      .poll(async () => {
        const [b, c] = await Promise.all([banner.boundingBox(), chat.boundingBox()]);
        return b && c ? Math.round(c.y + c.height) <= Math.round(b.y) : "not laid out";
      })
      .toBe(true);
    // Closed, it stays closed (the journeys below use the page without it).
    await banner.getByRole("button", { name: text("mm", "pwa:banner.dismiss") }).click();
    await banner.waitFor({ state: "detached" });
  });

  it("answers a page with the offline page (Burmese and English) when there is no network, and the page once it is back", async () => {
    const { context, page } = profile;
    await context.setOffline(true);
    try {
      await page.goto("/two/lottery");
      await page.getByRole("heading", { name: "အင်တာနက် ချိတ်ဆက်မှု မရှိပါ" }).waitFor();
      await page.getByRole("heading", { name: "You are offline" }).waitFor();
    } finally {
      await context.setOffline(false);
    }
    await page.getByRole("button", { name: "ထပ်ကြိုးစားမည် · Try again" }).click();
    await page.waitForURL((url) => url.pathname === "/two/lottery");
    await expect.poll(() => page.title()).toBe("Shwe Lucky");
    await page.getByRole("heading", { name: "You are offline" }).waitFor({ state: "detached" });
  });

  it("never answers an API call from a cache: offline, a balance that just loaded fails to load", async () => {
    const { context, page } = profile;
    await page.goto("/");
    // A demo player's profile (with balances), read with their token like the app does.
    const token = await page.evaluate(async () => {
      const res = await fetch("/api/user/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ phone: "09500000001", password: "demo-player-1" }),
      });
      return ((await res.json()) as { token: string }).token;
    });
    const read = (t: string) =>
      Promise.all(
        ["/api/user/profile", "/api/luckynumber_daily"].map((url) =>
          fetch(url, { headers: { Authorization: `Bearer ${t}` } }).then(
            (r) => `answered ${r.status}`,
            () => "failed",
          ),
        ),
      );
    expect(await page.evaluate(read, token)).toEqual(["answered 200", "answered 200"]);
    await context.setOffline(true);
    try {
      expect(await page.evaluate(read, token)).toEqual(["failed", "failed"]);
    } finally {
      await context.setOffline(false);
    }
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((u) => /^\/(api|house)\//.test(new URL(u).pathname))).toEqual([]);
  });

  it("opens the 'Scan QR Code' popup from the download-app link, with the install page's QR code", async () => {
    const { page } = profile;
    await page.goto("/");
    await page
      .getByRole("button", { name: text("mm", "nav.downloadApp") })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: text("mm", "qr.title") });
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByRole("img", { name: text("mm", "pwa:qr.alt") }).getAttribute("data-qr-text"))
      .toBe(`${baseUrl}/install`);
    await dialog.getByRole("link", { name: text("mm", "pwa:qr.openPage") }).click();
    await page.waitForURL((url) => url.pathname === "/install");
    await page.getByRole("heading", { name: text("mm", "pwa:page.title") }).waitFor();
  });
});
