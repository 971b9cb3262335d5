import { request } from "node:http";
import { brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { useBrowser, type ViewportName } from "./support/browser.ts";
import { hasChromium } from "./support/chromium.ts";
import { api, onPath, signIn } from "./support/console.ts";
import { english, text } from "./support/locales.ts";

/**
 * What a new connection carries in its first round trip: TCP's initial window of 10 segments of 1,460
 * bytes (Linux's default, and Lighthouse's model of a phone's network). A page that fits arrives one
 * round trip sooner (bench/README.md, "Drawn pages in one round trip").
 */
const FIRST_ROUND_TRIP = 10 * 1460;

/** The bytes of a page as a browser taking brotli receives them (status line, headers, compressed body), and whether it came drawn. */
function bytesOnTheWire(url: string, cookie: string): Promise<{ status: number; bytes: number; drawn: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { "accept-encoding": "gzip, deflate, br", cookie } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        let head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
        for (let i = 0; i < res.rawHeaders.length; i += 2) head += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
        const body = Buffer.concat(chunks);
        const drawn =
          res.headers["content-encoding"] === "br" && brotliDecompressSync(body).toString("utf8").includes('id="first-paint-data"');
        resolve({ status: res.statusCode ?? 0, bytes: head + body.length, drawn });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

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

  it("every page the server draws reaches a phone in the first round trip of its connection, in every language", async () => {
    const pages: [string, string?][] = [
      ["/"],
      ["/two/lottery"],
      ["/three/lottery"],
      ["/winner-list"],
      ["/login"],
      ["/cashin", "shwe_signed_in=1"],
      ["/betslip", "shwe_signed_in=1"],
    ];
    for (const lng of ["mm", "en", "cn", "thai"]) {
      for (const [path, signedIn] of pages) {
        const cookie = [`i18nextLng=${lng}`, signedIn].filter(Boolean).join("; ");
        const got = await bytesOnTheWire(`${browser.baseUrl}${path}`, cookie);
        expect(got.status, path).toBe(200);
        expect(got.drawn, path).toBe(true);
        expect(got.bytes, `${path} in ${lng}`).toBeLessThanOrEqual(FIRST_ROUND_TRIP);
      }
    }
  });

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

  it("a visit to the 2D page sends its speed when it is left, and the console's speed panel shows it", async () => {
    const page = await browser.open("mobile");
    await page.goto("/two/lottery");
    await page.getByText(BURMESE).filter({ visible: true }).first().waitFor({ state: "visible", timeout: 20_000 });
    // Measuring starts once the page is idle; web-vitals then hands over TTFB in a task of its own
    // (setTimeout 0), so a task queued after that one runs once it has.
    await page.locator("html[data-speed-report=on]").waitFor({ state: "attached", timeout: 15_000 });
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    // Leaving the page (closing the tab) sends the report; the server has it soon after.
    await page.close({ runBeforeUnload: true });
    const operator = { phone: "09400000001", password: "demo-operator-1" };
    const token = (await api<{ token: string }>(browser.baseUrl, "POST", "user/login", operator)).token;
    const measured = async () =>
      (await api<{ rows: { page: string; metric: string }[] }>(browser.baseUrl, "GET", "admin/vitals", undefined, token)).rows
        .filter((r) => r.page === "2d")
        .map((r) => r.metric);
    await expect.poll(measured, { timeout: 15_000 }).toContain("TTFB");

    const consolePage = await browser.open("desktop");
    await consolePage.addInitScript(english);
    await consolePage.goto("/admin/speed");
    await consolePage.waitForURL(onPath("/login"));
    await signIn(consolePage, "en", operator);
    await consolePage.waitForURL(onPath("/admin/speed"));
    await consolePage.getByRole("heading", { level: 1, name: text("en", "vitals:title") }).waitFor();
    const ttfb = consolePage.getByRole("region", { name: text("en", "vitals:metric.TTFB") });
    await ttfb.locator('[data-vital-row="TTFB:2d"]').first().waitFor();
    expect(await ttfb.locator('[data-vital-row="TTFB:2d"]').first().textContent()).toContain(text("en", "vitals:page.2d"));
  });
});
