import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { hasChromium } from "./support/chromium.ts";
import { english, text } from "./support/locales.ts";

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

/** The demo hook: the game's next draw is due now; the scheduler results and settles it. */
async function drawDue(baseUrl: string, type: "2D" | "C2D") {
  const res = await fetch(`${baseUrl}/api/dev/lottery/draw-due`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ type }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { draw_id: number; draw_at: string; status: string; number: string | null };
}

/** "HH:MM" of an instant in Yangon time, as the page prints draw times. */
const yangonClock = (iso: string) => new Date(Date.parse(iso) + 390 * 60_000).toISOString().slice(11, 16);

/** The live block once it has taken over from the block the server drew without readings. */
const liveBlock = (page: Page) => page.locator('[data-testid="market-live"][data-live="true"]');

const runningNumber = (page: Page) => page.getByTestId("market-running-number").textContent();

/** The live block's place, as drawn and as kept before it loaded: equal when its content fits the reservation (no layout shift). */
async function reservation(page: Page): Promise<{ drawn: number; kept: number }> {
  return liveBlock(page).evaluate((el) => {
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
    await liveBlock(page).waitFor();
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
    // In trading hours the demo market also moves by itself every few seconds: the page may show a reading
    // after this one, so what is waited for is the change, not these digits.
    let next = first;
    for (let steps = 1; next === first && steps <= 20; steps++) next = await advance(browser.baseUrl, 1);
    expect(next).not.toBe(first);
    await expect.poll(() => runningNumber(page), { timeout: 10_000 }).not.toBe(first);
    expect(await page.getByTestId("market-status").textContent()).not.toBe("");
    await expectNoShift(page);
    await page.screenshot({ path: `${SHOTS}/2d-mobile.png`, fullPage: false });

    const desk = await browser.open("desktop");
    await desk.addInitScript(english);
    await desk.goto("/two/lottery");
    // A page opened later shows the same latest reading as the page that watched it come.
    await expect.poll(async () => (await runningNumber(desk)) === (await runningNumber(page)), { timeout: 15_000 }).toBe(true);
    expect(await runningNumber(desk)).toMatch(/^\d{2}$/);
    await expectNoShift(desk);
    await desk.screenshot({ path: `${SHOTS}/2d-desktop.png`, fullPage: false });

    // The crypto 2D page: the BTC/USDT reading in its own (smaller) place.
    await page.goto("/crypto/lottery");
    await liveBlock(page).waitFor();
    await expectNoShift(page);
    // Just after a crypto draw the note also says the result is final (three lines of Burmese at 390 px):
    // still within the place kept for the block.
    await drawDue(browser.baseUrl, "C2D");
    await page.getByTestId("market-final").waitFor();
    await expectNoShift(page);
    await page.screenshot({ path: `${SHOTS}/crypto-mobile.png`, fullPage: false });
    expect(browser.errorsOf(page)).toEqual([]);
    expect(browser.errorsOf(desk)).toEqual([]);
  }, 60_000);

  it("on the 2D page the running number moves, then the draw time passes and the final result lands, without a reload", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const page = await browser.open("mobile");
    await page.addInitScript(english);
    await page.goto("/two/lottery");
    await liveBlock(page).waitFor();
    // A mark on this document: still there at the end means the page was never reloaded.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    let shown = "";
    await expect
      .poll(
        async () => {
          if ((await runningNumber(page)) === shown) return true;
          shown = await advance(browser.baseUrl, 1);
          return false;
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(true);
    let moved = shown;
    for (let steps = 1; moved === shown && steps <= 20; steps++) moved = await advance(browser.baseUrl, 1);
    // In trading hours the demo market also moves by itself: a later reading may be shown instead.
    await expect.poll(() => runningNumber(page), { timeout: 10_000 }).not.toBe(shown);
    // The running number is labelled as information: the result comes at draw time.
    expect(await page.getByTestId("market-note").textContent()).toContain(text("en", "market:infoOnly"));

    // The draw time passes (the demo hook makes the next 2D draw due now; the scheduler results and settles it).
    const due = await drawDue(browser.baseUrl, "2D");
    expect(due.status).toBe("settled");
    expect(due.number).toMatch(/^\d{2}$/);

    // The final result appears on the page, labelled as the winning number of that draw time.
    const result = page.getByRole("region", { name: text("en", "lottery:winNumber.number") });
    await expect.poll(() => page.getByTestId("live-result-number").textContent(), { timeout: 20_000 }).toBe(due.number);
    expect(await result.textContent()).toContain(yangonClock(due.draw_at));
    // The live block says the result is final, beside the running number that was only information.
    await expect
      .poll(() => page.getByTestId("market-final").textContent(), { timeout: 20_000 })
      .toContain(text("en", "market:final", { number: due.number as string, time: yangonClock(due.draw_at) }));
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await page.screenshot({ path: `${SHOTS}/2d-result-mobile.png`, fullPage: false });
    expect(browser.errorsOf(page)).toEqual([]);
  }, 90_000);
});
