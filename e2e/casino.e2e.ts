import type { FrameLocator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { hasChromium } from "./support/chromium.ts";
import { type Lng, text } from "./support/locales.ts";

/**
 * The second funded demo player: the money journey leaves the first one with a promotion's turnover
 * to play through (which refuses further main → game transfers), and files may run in any order.
 */
const PLAYER = { phone: "09500000002", password: "demo-player-2" };
const SLOT_NAME = "Golden Pagoda Slots";
const PROVIDER_NAME = "Shwe House Games";

/** Whole kyat as the site shows them: 1050000 → "1,050,000". */
const kyat = (n: number): string => n.toLocaleString("en-US");
const onPath = (path: string) => (url: URL) => url.pathname === path;

async function signIn(page: Page, lng: Lng): Promise<void> {
  await page.getByRole("button", { name: text(lng, "auth:login.submit"), exact: true }).waitFor({ state: "visible" });
  await page.getByLabel(text(lng, "auth:fields.phone"), { exact: true }).fill(PLAYER.phone);
  await page.getByLabel(text(lng, "auth:fields.password"), { exact: true }).fill(PLAYER.password);
  await page.getByRole("button", { name: text(lng, "auth:login.submit"), exact: true }).click();
}

/** The balance the visible site header shows. */
async function headerFigure(page: Page, testId: "main-balance" | "game-balance"): Promise<number> {
  const locator = page.locator(`header [data-testid="${testId}"]:visible`);
  await locator.waitFor();
  return Number(((await locator.textContent()) ?? "").replace(/\D/g, ""));
}

async function headerShows(page: Page, testId: "main-balance" | "game-balance", amount: number): Promise<void> {
  await page.locator(`header [data-testid="${testId}"]:visible`, { hasText: new RegExp(`^${kyat(amount)}$`) }).waitFor();
}

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
    await page.goto("/login?lng=en");
    await signIn(page, lng);
    await page.waitForURL(onPath("/"));

    // Main → game through the header's transfer popup, on the slot category page.
    await page.goto("/slot");
    await page.getByRole("link", { name: PROVIDER_NAME }).waitFor();
    const mainBefore = await headerFigure(page, "main-balance");
    const gameBefore = await headerFigure(page, "game-balance");
    await page.getByRole("button", { name: text(lng, "nav.transfer"), exact: true }).click();
    const dialog = page.getByRole("dialog", { name: text(lng, "wallet:transfer.title"), exact: true });
    await dialog.waitFor();
    await dialog.getByText(text(lng, "wallet:direction.in"), { exact: true }).click();
    await dialog.getByLabel(text(lng, "wallet:form.amount"), { exact: true }).fill("5000");
    await dialog.getByRole("button", { name: text(lng, "wallet:transfer.submit"), exact: true }).click();
    await headerShows(page, "game-balance", gameBefore + 5_000);
    await headerShows(page, "main-balance", mainBefore - 5_000);
    await page.keyboard.press("Escape");
    // The success toast closes on a tap (it would otherwise sit over the overlay's close button).
    const toast = page.getByRole("alert").filter({ hasText: text(lng, "wallet:transfer.doneIn", { amount: kyat(5_000) }) });
    if (await toast.count()) await toast.first().click();
    await toast.first().waitFor({ state: "detached" });
    const start = gameBefore + 5_000;

    // The house provider of the slot category → the game, opened in the overlay.
    await page.getByRole("link", { name: PROVIDER_NAME }).click();
    await page.getByRole("button", { name: SLOT_NAME, exact: true }).click();
    const overlay = page.getByRole("dialog", { name: SLOT_NAME, exact: true });
    await overlay.waitFor();
    const game = page.frameLocator(`iframe[title="${SLOT_NAME}"]`);
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
