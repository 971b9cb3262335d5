import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { hasChromium } from "./support/chromium.ts";
import { type Lng, text } from "./support/locales.ts";

const OPERATOR = { phone: "09400000001", password: "demo-operator-1" };
const onPath = (path: string) => (url: URL) => url.pathname === path;

async function signIn(page: Page, lng: Lng, phone: string, password: string): Promise<void> {
  await page.getByRole("button", { name: text(lng, "auth:login.submit"), exact: true }).waitFor({ state: "visible" });
  await page.getByLabel(text(lng, "auth:fields.phone"), { exact: true }).fill(phone);
  await page.getByLabel(text(lng, "auth:fields.password"), { exact: true }).fill(password);
  await page.getByRole("button", { name: text(lng, "auth:login.submit"), exact: true }).click();
}

describe.skipIf(!hasChromium)("live", () => {
  const browser = useBrowser();

  it("an operator's ticker message appears on a visitor's page, stays 20 s and goes; the console counts the visitor", async () => {
    // A visitor (no account) on the home page, phone size, Burmese.
    const page = await browser.open("mobile");
    await page.goto("/");
    const ticker = page.getByTestId("chat-ticker");

    // The operator sends a ticker message from the console's live page.
    const lng: Lng = "en";
    const desk = await browser.open("desktop");
    await desk.addInitScript(() => localStorage.setItem("i18nextLng", "en"));
    await desk.goto("/admin/live");
    await desk.waitForURL(onPath("/login"));
    await signIn(desk, lng, OPERATOR.phone, OPERATOR.password);
    await desk.waitForURL(onPath("/admin/live"));
    await desk.getByRole("heading", { name: text(lng, "live:title"), exact: true }).waitFor();
    // The visitor's socket is counted (every process reports within seconds; the page refreshes every 10 s).
    await desk.getByTestId("live-connections").waitFor();
    await expect
      .poll(
        async () => {
          await desk.reload();
          await desk.getByTestId("live-connections").waitFor();
          return Number((await desk.getByTestId("live-connections").locator("dd").nth(1).textContent())?.replace(/\D/g, "") ?? 0);
        },
        { timeout: 20_000, interval: 1_500 },
      )
      .toBeGreaterThanOrEqual(1);

    const message = `ကံကောင်းပါစေ ${Date.now()}`;
    await desk.getByLabel(text(lng, "live:chat.label"), { exact: true }).fill(message);
    const sent = desk.waitForResponse((r) => new URL(r.url()).pathname === "/api/admin/live/chat");
    await desk.getByRole("button", { name: text(lng, "live:chat.send"), exact: true }).click();
    expect((await sent).status()).toBe(201);

    // On the visitor's page without a reload: shown at once, gone after 20 s.
    await ticker.filter({ hasText: message }).waitFor({ timeout: 5_000 });
    const shownAt = Date.now();
    await page.waitForTimeout(15_000);
    expect(await ticker.filter({ hasText: message }).isVisible()).toBe(true);
    await ticker.filter({ hasText: message }).waitFor({ state: "detached", timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(18_000);
    expect(browser.errorsOf(page)).toEqual([]);
  }, 90_000);
});
