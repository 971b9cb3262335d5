import { describe, expect, it } from "vitest";
import { useBrowser, type ViewportName } from "./support/browser.ts";
import { hasChromium } from "./support/chromium.ts";
import { text } from "./support/locales.ts";

/** Any character of the Myanmar Unicode block: the site opens in Burmese. */
const BURMESE = /[\u1000-\u109f]/;

describe.skipIf(!hasChromium)("smoke", () => {
  const browser = useBrowser();
  const pageErrors = (page: Parameters<typeof browser.errorsOf>[0]) => browser.errorsOf(page).filter((e) => e.startsWith("pageerror"));

  for (const size of ["mobile", "desktop"] as ViewportName[]) {
    it(`home loads in Burmese at the ${size} size`, async () => {
      const page = await browser.open(size);
      const response = await page.goto("/");
      expect(response?.status()).toBe(200);
      await page.getByText(BURMESE).filter({ visible: true }).first().waitFor({ state: "visible", timeout: 20_000 });
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("my");
      // Nothing spills sideways, on a narrow phone least of all.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(pageErrors(page)).toEqual([]);
    });
  }

  it("shows the not-found page for an unknown path, in Burmese and in English, with a way home", async () => {
    const page = await browser.open("mobile");
    const response = await page.goto("/no-such-page");
    // The server hands every page path to the client router, which draws the not-found page.
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.getByRole("heading", { name: text("mm", "notFound.title") }).isVisible(), { timeout: 20_000 }).toBe(true);

    await page.goto("/no-such-page?lng=en");
    const heading = page.getByRole("heading", { name: "404 - PAGE NOT FOUND" });
    await heading.waitFor({ state: "visible" });
    await page.getByRole("link", { name: "Go To Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await heading.waitFor({ state: "detached" });
    expect(pageErrors(page)).toEqual([]);
  });
});
