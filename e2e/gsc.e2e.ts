import type { FrameLocator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { headerFigure, kyat, launchGame, signInToPlay, transferToGame } from "./support/casino.ts";
import { hasChromium } from "./support/chromium.ts";
import { type Lng, text } from "./support/locales.ts";

/*
 * The casino player plays (support/casino.ts: the second funded demo player). Every figure below is
 * read from the screen first, so the order of the journeys does not matter.
 */
/** PG Soft in the demo catalogue: GSC+ product 1007, played in MMK2 (1 MMK2 = 1,000 kyat). */
const PROVIDER_NAME = "PG Soft";
const P_CODE = "GSC1007";
const KYAT_PER_UNIT = 1_000;
const SPIN_LABEL = "လှည့်မည် · SPIN";

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
    await signInToPlay(page, lng);

    await page.goto("/slot");
    await page.getByRole("link", { name: PROVIDER_NAME, exact: true }).waitFor();

    // Main → game when the game balance cannot cover a few of the largest stakes.
    if ((await headerFigure(page, "game-balance")) < 20_000) await transferToGame(page, lng, 20_000);

    // The GSC+ provider of the slot category → its first game, opened in the overlay.
    const { name: gameName, overlay, frame: game } = await launchGame(page, PROVIDER_NAME);
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
    await signInToPlay(page, lng);
    await page.goto("/slot");
    const { overlay, frame: game } = await launchGame(page, PROVIDER_NAME);
    const box = await overlay.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(900);
    await game.getByRole("button", { name: SPIN_LABEL, exact: true }).waitFor();
    await game.locator("#balance", { hasText: /^MMK2 \d/ }).waitFor();
    await page.getByRole("button", { name: text(lng, "games:overlay.close"), exact: true }).click();
    await overlay.waitFor({ state: "detached" });
    expect(browser.errorsOf(page).filter((e) => !e.includes("favicon"))).toEqual([]);
  });
});
