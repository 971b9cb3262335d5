import type { FrameLocator, Locator, Page } from "playwright-core";
import { onPath, signIn } from "./console.ts";
import { type Lng, text } from "./locales.ts";

/**
 * The second funded demo player: the money journey leaves the first one with a promotion's turnover
 * to play through (which refuses further main → game transfers), and files may run in any order.
 */
export const CASINO_PLAYER = { phone: "09500000002", password: "demo-player-2" };

/** Whole kyat as the site shows them: 1050000 → "1,050,000". */
export const kyat = (n: number): string => n.toLocaleString("en-US");

/** Signs the casino player in on the login page (in `lng`) and waits for the home page. */
export async function signInToPlay(page: Page, lng: Lng): Promise<void> {
  await page.goto(`/login?lng=${lng}`);
  await signIn(page, lng, CASINO_PLAYER);
  await page.waitForURL(onPath("/"));
}

/** The balance the visible site header shows. */
export async function headerFigure(page: Page, testId: "main-balance" | "game-balance"): Promise<number> {
  const locator = page.locator(`header [data-testid="${testId}"]:visible`);
  await locator.waitFor();
  return Number(((await locator.textContent()) ?? "").replace(/\D/g, ""));
}

/** Waits until the visible header shows exactly this amount. */
export async function headerShows(page: Page, testId: "main-balance" | "game-balance", amount: number): Promise<void> {
  await page.locator(`header [data-testid="${testId}"]:visible`, { hasText: new RegExp(`^${kyat(amount)}$`) }).waitFor();
}

/**
 * Main → game through the header's transfer popup: waits for the header's game balance to rise by
 * the amount, closes the popup and taps the success toast away (it would otherwise sit over the
 * game overlay's close button).
 */
export async function transferToGame(page: Page, lng: Lng, amount: number): Promise<void> {
  const gameBefore = await headerFigure(page, "game-balance");
  await page.getByRole("button", { name: text(lng, "nav.transfer"), exact: true }).click();
  const dialog = page.getByRole("dialog", { name: text(lng, "wallet:transfer.title"), exact: true });
  await dialog.waitFor();
  await dialog.getByText(text(lng, "wallet:direction.in"), { exact: true }).click();
  await dialog.getByLabel(text(lng, "wallet:form.amount"), { exact: true }).fill(String(amount));
  await dialog.getByRole("button", { name: text(lng, "wallet:transfer.submit"), exact: true }).click();
  await headerShows(page, "game-balance", gameBefore + amount);
  await page.keyboard.press("Escape");
  const toast = page.getByRole("alert").filter({ hasText: text(lng, "wallet:transfer.doneIn", { amount: kyat(amount) }) });
  if (await toast.count()) await toast.first().click();
  await toast.first().waitFor({ state: "detached" });
}

export interface LaunchedGame {
  /** The game's name, as its button and the overlay say it. */
  name: string;
  overlay: Locator;
  frame: FrameLocator;
}

/**
 * From a category page: the provider's link, then the game named `game` (or the provider's first
 * game), opened in the overlay. Answers the overlay and the game's frame.
 */
export async function launchGame(page: Page, provider: string, game?: string): Promise<LaunchedGame> {
  await page.getByRole("link", { name: provider, exact: true }).first().click();
  let button = page.locator("main ul li button").first();
  if (game) button = page.getByRole("button", { name: game, exact: true });
  await button.waitFor();
  const name = game ?? (await button.getAttribute("aria-label")) ?? "";
  if (!name) throw new Error(`The first game of ${provider} has no name.`);
  await button.click();
  const overlay = page.getByRole("dialog", { name, exact: true });
  await overlay.waitFor();
  return { name, overlay, frame: page.frameLocator(`iframe[title="${name}"]`) };
}
