import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { hasChromium } from "./support/chromium.ts";

const SHOTS = "/tmp/shots-live";

interface Advanced {
  message: { tick: { two_d: string } | null } | null;
}

/** Moves the demo feed simulator ahead and reads the market at once (demo-only hook); answers the running 2D read. */
async function advance(baseUrl: string, steps: number): Promise<string> {
  const res = await fetch(`${baseUrl}/api/dev/market-feed/advance`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ market: "set", steps }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as Advanced;
  const twoD = body.message?.tick?.two_d;
  if (!twoD) throw new Error(`no reading: ${JSON.stringify(body)}`);
  return twoD;
}

const runningNumber = (page: Page) => page.getByTestId("market-running-number").textContent();

/** The live block's place, as drawn and as kept before it loaded: equal when its content fits the reservation (no layout shift). */
async function reservation(page: Page): Promise<{ drawn: number; kept: number }> {
  return page.getByTestId("market-live").evaluate((el) => {
    const place = el.parentElement as HTMLElement;
    return {
      drawn: Math.round(place.getBoundingClientRect().height),
      kept: Math.round(Number.parseFloat(getComputedStyle(place).minHeight)),
    };
  });
}

async function expectNoShift(page: Page): Promise<void> {
  const { drawn, kept } = await reservation(page);
  expect(drawn, "the live block grew beyond the place kept for it").toBe(kept);
}

describe.skipIf(!hasChromium)("market", () => {
  const browser = useBrowser();

  it("a visitor on the 2D page sees the running number change as the demo market moves, without a reload", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const page = await browser.open("mobile");
    await page.goto("/two/lottery");
    await page.getByTestId("market-live").waitFor();
    // A reading sent before the page's socket is up reaches it only by a later poll: read again
    // until the page shows the reading it was sent.
    let first = "";
    await expect
      .poll(
        async () => {
          if ((await runningNumber(page)) === first) return true;
          first = await advance(browser.baseUrl, 1);
          return false;
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(true);
    // Further steps until the number differs (the simulator moves every step; a step may keep the same digits).
    let next = first;
    for (let steps = 1; next === first && steps <= 20; steps++) next = await advance(browser.baseUrl, 1);
    expect(next).not.toBe(first);
    await expect.poll(() => runningNumber(page), { timeout: 10_000 }).toBe(next);
    expect(await page.getByTestId("market-status").textContent()).not.toBe("");
    await expectNoShift(page);
    await page.screenshot({ path: `${SHOTS}/2d-mobile.png`, fullPage: false });

    // The crypto 2D page: the BTC/USDT reading in its own (smaller) place.
    await page.goto("/crypto/lottery");
    await page.getByTestId("market-live").waitFor();
    await expectNoShift(page);
    await page.screenshot({ path: `${SHOTS}/crypto-mobile.png`, fullPage: false });

    const desk = await browser.open("desktop");
    await desk.addInitScript(() => localStorage.setItem("i18nextLng", "en"));
    await desk.goto("/two/lottery");
    await expect.poll(() => runningNumber(desk), { timeout: 15_000 }).toBe(next);
    await expectNoShift(desk);
    await desk.screenshot({ path: `${SHOTS}/2d-desktop.png`, fullPage: false });
    expect(browser.errorsOf(page)).toEqual([]);
    expect(browser.errorsOf(desk)).toEqual([]);
  }, 60_000);
});
