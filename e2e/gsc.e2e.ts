import type { FrameLocator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { hasChromium } from "./support/chromium.ts";
import { type Lng, text } from "./support/locales.ts";

/**
 * The second funded demo player (the first one may be holding a promotion's turnover, which refuses
 * main → game transfers). Every figure below is read from the screen first, so the order of the
 * journeys does not matter.
 */
const PLAYER = { phone: "09500000002", password: "demo-player-2" };
/** PG Soft in the demo catalogue: GSC+ product 1007, played in MMK2 (1 MMK2 = 1,000 kyat). */
const PROVIDER_NAME = "PG Soft";
const P_CODE = "GSC1007";
const KYAT_PER_UNIT = 1_000;
const SPIN_LABEL = "လှည့်မည် · SPIN";

const kyat = (n: number): string => n.toLocaleString("en-US");
const onPath = (path: string) => (url: URL) => url.pathname === path;

async function signIn(page: Page, lng: Lng): Promise<void> {
  await page.getByRole("button", { name: text(lng, "auth:login.submit"), exact: true }).waitFor({ state: "visible" });
  await page.getByLabel(text(lng, "auth:fields.phone"), { exact: true }).fill(PLAYER.phone);
  await page.getByLabel(text(lng, "auth:fields.password"), { exact: true }).fill(PLAYER.password);
  await page.getByRole("button", { name: text(lng, "auth:login.submit"), exact: true }).click();
}

async function headerFigure(page: Page, testId: "main-balance" | "game-balance"): Promise<number> {
  const locator = page.locator(`header [data-testid="${testId}"]:visible`);
  await locator.waitFor();
  return Number(((await locator.textContent()) ?? "").replace(/\D/g, ""));
}

/** Exact MMK2 text ("12.3456") → ten-thousandths of a kyat, without floating point. */
function unitsToKyatE4(amount: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,4}))?$/.exec(amount);
  if (!m) throw new Error(`not an amount: ${amount}`);
  const units = BigInt(`${m[2]}${(m[3] ?? "").padEnd(4, "0")}`) * BigInt(KYAT_PER_UNIT);
  return m[1] ? -units : units;
}
/** Whole kyat the site's ledger holds for an exact amount (the remainder stays beside it, decision 0016). */
const wholeKyat = (amount: string): number => Number(unitsToKyatE4(amount) / 10_000n);

interface SimSpin {
  ok: boolean;
  stake: string;
  win: string;
  wager_code: string;
  balance: string;
  balance_kyat: string;
}

/** One spin in the simulator's page inside the overlay: the answer its server gave, once the page shows it. */
async function spin(page: Page, game: FrameLocator): Promise<SimSpin> {
  const button = game.getByRole("button", { name: SPIN_LABEL, exact: true });
  await expect.poll(() => button.isEnabled()).toBe(true);
  const answer = page.waitForResponse((r) => /\/game\/[^/]+\/spin$/.test(new URL(r.url()).pathname) && r.request().method() === "POST");
  await button.click();
  const res = await answer;
  expect(res.status()).toBe(200);
  const played = (await res.json()) as SimSpin;
  expect(played.ok, JSON.stringify(played)).toBe(true);
  await game.locator("#balance", { hasText: new RegExp(`^MMK2 ${played.balance.replace(".", "\\.")}$`) }).waitFor();
  await expect.poll(() => button.isEnabled()).toBe(true);
  return played;
}

describe.skipIf(!hasChromium)("GSC+ games", () => {
  const browser = useBrowser();

  it("a player opens a PG Soft slot from the catalogue, spins in the overlay, the header follows the game live and the game report lists the rounds (phone, English)", async () => {
    const lng: Lng = "en";
    const page = await browser.open("mobile");
    await page.goto("/login?lng=en");
    await signIn(page, lng);
    await page.waitForURL(onPath("/"));

    await page.goto("/slot");
    const providerLink = page.getByRole("link", { name: PROVIDER_NAME, exact: true });
    await providerLink.waitFor();

    // Main → game when the game balance cannot cover a few of the largest stakes.
    if ((await headerFigure(page, "game-balance")) < 20_000) {
      const gameBefore = await headerFigure(page, "game-balance");
      await page.getByRole("button", { name: text(lng, "nav.transfer"), exact: true }).click();
      const dialog = page.getByRole("dialog", { name: text(lng, "wallet:transfer.title"), exact: true });
      await dialog.waitFor();
      await dialog.getByText(text(lng, "wallet:direction.in"), { exact: true }).click();
      await dialog.getByLabel(text(lng, "wallet:form.amount"), { exact: true }).fill("20000");
      await dialog.getByRole("button", { name: text(lng, "wallet:transfer.submit"), exact: true }).click();
      await page
        .locator('header [data-testid="game-balance"]:visible', { hasText: new RegExp(`^${kyat(gameBefore + 20_000)}$`) })
        .waitFor();
      await page.keyboard.press("Escape");
      const toast = page.getByRole("alert").filter({ hasText: text(lng, "wallet:transfer.doneIn", { amount: kyat(20_000) }) });
      if (await toast.count()) await toast.first().click();
      await toast.first().waitFor({ state: "detached" });
    }

    // The GSC+ provider of the slot category → its first game, opened in the overlay.
    await providerLink.click();
    const firstGame = page.locator("main ul li button").first();
    await firstGame.waitFor();
    const gameName = (await firstGame.getAttribute("aria-label")) ?? "";
    expect(gameName).not.toBe("");
    await firstGame.click();
    const overlay = page.getByRole("dialog", { name: gameName, exact: true });
    await overlay.waitFor();
    const game = page.frameLocator(`iframe[title="${gameName}"]`);
    await game.getByRole("heading", { name: gameName, exact: true }).waitFor();
    // The simulator's page shows the balance the site answered to its /balance call.
    await game.locator("#balance", { hasText: /^MMK2 \d/ }).waitFor();

    // A few spins at two stakes; after each, the header's game balance follows to the kyat.
    const rounds: SimSpin[] = [];
    const headerGame = () => headerFigure(page, "game-balance");
    for (let i = 0; i < 2; i++) {
      const played = await spin(page, game);
      rounds.push(played);
      await expect.poll(headerGame).toBe(wholeKyat(played.balance));
    }
    await game.getByRole("button", { name: "1", exact: true }).click();
    for (let i = 0; i < 2; i++) {
      const played = await spin(page, game);
      rounds.push(played);
      await expect.poll(headerGame).toBe(wholeKyat(played.balance));
    }
    expect(rounds.map((r) => r.stake)).toEqual(["0.1", "0.1", "1", "1"]);
    // The overlay's own bar shows the same live figure.
    const last = rounds.at(-1) as SimSpin;
    await overlay
      .getByTestId("overlay-game-balance")
      .filter({ hasText: kyat(wholeKyat(last.balance)) })
      .waitFor();

    await page.getByRole("button", { name: text(lng, "games:overlay.close"), exact: true }).click();
    await overlay.waitFor({ state: "detached" });

    // The provider's game report lists every round with its bet and payout in whole kyat.
    await page.goto(`/game/report/${P_CODE}`);
    const table = page.getByRole("region", { name: text(lng, "games:report.tableLabel"), exact: true });
    await table.waitFor();
    for (const r of rounds) {
      const row = table.locator("tbody tr").filter({ has: page.locator("td:first-child", { hasText: new RegExp(`^${r.wager_code}$`) }) });
      await row.waitFor();
      const cells = (await row.locator("td").allTextContents()).map((c) => c.trim());
      const bet = wholeKyat(r.stake);
      const payout = wholeKyat(r.win);
      expect(Number(cells[4]?.replace(/\D/g, "")), `bet of ${r.wager_code}`).toBe(bet);
      expect(Number(cells[5]?.replace(/\D/g, "")), `payout of ${r.wager_code}`).toBe(payout);
      const winLose = Number(((await row.getByTestId("win-lose").textContent()) ?? "").replace(/[^\d-]/g, ""));
      expect(winLose, `win/lose of ${r.wager_code}`).toBe(payout - bet);
    }
    expect(browser.errorsOf(page).filter((e) => !e.includes("favicon"))).toEqual([]);
  });

  it("the overlay opens a GSC+ game at desktop size", async () => {
    const lng: Lng = "en";
    const page = await browser.open("desktop");
    await page.goto("/login?lng=en");
    await signIn(page, lng);
    await page.waitForURL(onPath("/"));
    await page.goto("/slot");
    await page.getByRole("link", { name: PROVIDER_NAME, exact: true }).first().click();
    const firstGame = page.locator("main ul li button").first();
    await firstGame.waitFor();
    const gameName = (await firstGame.getAttribute("aria-label")) ?? "";
    await firstGame.click();
    const overlay = page.getByRole("dialog", { name: gameName, exact: true });
    await overlay.waitFor();
    const box = await overlay.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(900);
    const game = page.frameLocator(`iframe[title="${gameName}"]`);
    await game.getByRole("button", { name: SPIN_LABEL, exact: true }).waitFor();
    await game.locator("#balance", { hasText: /^MMK2 \d/ }).waitFor();
    await page.getByRole("button", { name: text(lng, "games:overlay.close"), exact: true }).click();
    await overlay.waitFor({ state: "detached" });
    expect(browser.errorsOf(page).filter((e) => !e.includes("favicon"))).toEqual([]);
  });
});
