import type { FrameLocator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { headerFigure, headerShows, kyat, launchGame, signInToPlay, transferToGame } from "./support/casino.ts";
import { hasChromium } from "./support/chromium.ts";
import { type Lng, text } from "./support/locales.ts";

const SLOT_NAME = "Golden Pagoda Slots";
const PROVIDER_NAME = "Shwe House Games";

interface PlayedSpin {
  round_id: string;
  bet: number;
  payout: number;
  balance: number;
}

/** One spin in the game frame: the answer the game server gave, once the reels have stopped. */
async function spin(page: Page, game: FrameLocator, lng: Lng): Promise<PlayedSpin> {
  const button = game.getByRole("button", { name: text(lng, "house:slot.spin"), exact: true });
  await expect.poll(() => button.isEnabled()).toBe(true);
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === "/house/api/spin" && r.request().method() === "POST");
  await button.click();
  const res = await answer;
  expect(res.status()).toBe(200);
  const played = (await res.json()) as PlayedSpin;
  // The reels stop, then the game shows the new balance from the answer.
  await game
    .getByTestId("game-balance")
    .filter({ hasText: kyat(played.balance) })
    .waitFor();
  await expect.poll(() => button.isEnabled()).toBe(true);
  return played;
}

describe.skipIf(!hasChromium)("casino", () => {
  const browser = useBrowser();

  it("a player moves money to the game balance, plays Golden Pagoda Slots in the overlay, and the header and the game report agree to the kyat (phone, English)", async () => {
    const lng: Lng = "en";
    const page = await browser.open("mobile");
    await signInToPlay(page, lng);

    // Main → game through the header's transfer popup, on the slot category page.
    await page.goto("/slot");
    await page.getByRole("link", { name: PROVIDER_NAME }).waitFor();
    const mainBefore = await headerFigure(page, "main-balance");
    const gameBefore = await headerFigure(page, "game-balance");
    await transferToGame(page, lng, 5_000);
    await headerShows(page, "main-balance", mainBefore - 5_000);
    const start = gameBefore + 5_000;

    // The house provider of the slot category → the game, opened in the overlay.
    const { overlay, frame: game } = await launchGame(page, PROVIDER_NAME, SLOT_NAME);
    await game
      .getByTestId("game-balance")
      .filter({ hasText: kyat(start) })
      .waitFor();
    // The launch URL's one-time code has left the game page's address once it was used.
    const gameFrame = page.frames().find((f) => new URL(f.url()).pathname === "/house/house-slot");
    expect(gameFrame, "the game frame").toBeDefined();
    expect(new URL(gameFrame?.url() ?? "http://x").searchParams.has("launch")).toBe(false);

    // Several rounds at two bet sizes.
    const rounds: PlayedSpin[] = [];
    for (let i = 0; i < 3; i++) rounds.push(await spin(page, game, lng));
    await game.getByRole("radio", { name: `500 ${text(lng, "house:currency")}`, exact: true }).click();
    for (let i = 0; i < 3; i++) rounds.push(await spin(page, game, lng));
    expect(rounds.map((r) => r.bet)).toEqual([100, 100, 100, 500, 500, 500]);
    const net = rounds.reduce((sum, r) => sum + r.payout - r.bet, 0);
    expect(rounds.at(-1)?.balance).toBe(start + net);
    // Each round appears in the game's own history with its proof.
    const history = game.getByTestId("round-history");
    for (const r of rounds) await history.getByText(`#${r.round_id}`, { exact: true }).waitFor();

    // Closing the overlay brings the site's balances up to date.
    await page.getByRole("button", { name: text(lng, "games:overlay.close"), exact: true }).click();
    await overlay.waitFor({ state: "detached" });
    await headerShows(page, "game-balance", start + net);
    await headerShows(page, "main-balance", mainBefore - 5_000);

    // The game report of the provider lists every round with payout − bet.
    await page.goto("/game/report/HOUSE");
    const table = page.getByRole("region", { name: text(lng, "games:report.tableLabel"), exact: true });
    await table.waitFor();
    let reported = 0;
    for (const r of rounds) {
      const row = table.locator("tbody tr").filter({ has: page.locator("td:first-child", { hasText: new RegExp(`^${r.round_id}$`) }) });
      await row.waitFor();
      const winLose = Number(((await row.getByTestId("win-lose").textContent()) ?? "").replace(/[^\d-]/g, ""));
      expect(winLose, `round ${r.round_id}`).toBe(r.payout - r.bet);
      reported += winLose;
    }
    expect(reported).toBe(net);
    expect(browser.errorsOf(page).filter((e) => !e.includes("favicon"))).toEqual([]);
  });
});
