import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { hasChromium } from "./support/chromium.ts";
import { type Lng, text } from "./support/locales.ts";

const PLAYER = { phone: "09500000001", password: "demo-player-1" };
const OPERATOR = { phone: "09400000001", password: "demo-operator-1" };

/** Whole kyat as the site shows them: 1050000 → "1,050,000". */
const kyat = (n: number): string => n.toLocaleString("en-US");
const onPath = (path: string) => (url: URL) => url.pathname === path;
/** Six random digits: a wallet transaction nobody has reported yet. */
const sixDigits = (): string => String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");

async function signIn(page: Page, lng: Lng, phone: string, password: string): Promise<void> {
  await page.getByRole("button", { name: text(lng, "auth:login.submit"), exact: true }).waitFor({ state: "visible" });
  await page.getByLabel(text(lng, "auth:fields.phone"), { exact: true }).fill(phone);
  await page.getByLabel(text(lng, "auth:fields.password"), { exact: true }).fill(password);
  await page.getByRole("button", { name: text(lng, "auth:login.submit"), exact: true }).click();
}

/** The balance the visible header shows (the other header is hidden at this size). */
function headerFigure(page: Page, testId: "main-balance" | "game-balance") {
  return page.locator(`header [data-testid="${testId}"]:visible`);
}

async function readFigure(page: Page, testId: "main-balance" | "game-balance"): Promise<number> {
  const raw = (await headerFigure(page, testId).textContent()) ?? "";
  return Number(raw.replace(/\D/g, ""));
}

/** Waits until the header shows exactly this amount (live, no reload). */
async function headerShows(page: Page, testId: "main-balance" | "game-balance", amount: number): Promise<void> {
  await page.locator(`header [data-testid="${testId}"]:visible`, { hasText: new RegExp(`^${kyat(amount)}$`) }).waitFor();
}

/** Files a cash-in on /cashin and returns the request id the server gave it. */
async function fileCashIn(page: Page, lng: Lng, amount: number, digits: string, promo?: string): Promise<number> {
  await page.getByRole("radio", { name: "KBZPay" }).waitFor();
  await page.getByLabel(text(lng, "wallet:form.amount"), { exact: true }).fill(String(amount));
  await page.getByLabel(text(lng, "wallet:cashin.lastSix"), { exact: true }).fill(digits);
  if (promo) await page.getByLabel(text(lng, "wallet:cashin.promo"), { exact: true }).fill(promo);
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/cash-in" && r.request().method() === "POST");
  await page.getByRole("button", { name: text(lng, "wallet:cashin.submit"), exact: true }).click();
  const res = await answer;
  expect(res.status()).toBe(201);
  expect(res.request().headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  await page.getByText(text(lng, "wallet:cashin.sent"), { exact: true }).first().waitFor();
  return ((await res.json()) as { id: number }).id;
}

/** The operator approves one cash-in in the console's queue. */
async function approveInConsole(desk: Page, id: number): Promise<void> {
  const lng: Lng = "en";
  await desk.goto("/admin/cash-in");
  await desk.getByRole("heading", { name: text(lng, "admin:cashIn.title"), exact: true }).waitFor();
  const row = desk.getByRole("listitem").filter({ hasText: `#${id}` });
  // The queue refreshes by itself; the refresh button makes a just-filed request appear at once.
  await desk.getByRole("button", { name: text(lng, "admin:actions.refresh"), exact: true }).click();
  await row.getByRole("button", { name: text(lng, "admin:actions.approve"), exact: true }).click();
  const dialog = desk.getByRole("dialog", { name: text(lng, "admin:cashIn.approveTitle", { id }), exact: true });
  await dialog.getByRole("button", { name: text(lng, "admin:actions.approve"), exact: true }).click();
  await desk
    .getByText(text(lng, "admin:cashIn.approved", { id }), { exact: true })
    .first()
    .waitFor();
}

/** Opens the transfer popup from the header, picks the direction, sends an amount. */
async function transfer(page: Page, lng: Lng, direction: "in" | "out", amount: number) {
  await page.getByRole("button", { name: text(lng, "nav.transfer"), exact: true }).click();
  const dialog = page.getByRole("dialog", { name: text(lng, "wallet:transfer.title"), exact: true });
  await dialog.waitFor();
  await dialog.getByText(text(lng, `wallet:direction.${direction}`), { exact: true }).click();
  await dialog.getByLabel(text(lng, "wallet:form.amount"), { exact: true }).fill(String(amount));
  await dialog.getByRole("button", { name: text(lng, "wallet:transfer.submit"), exact: true }).click();
  return dialog;
}

describe.skipIf(!hasChromium)("money", () => {
  const browser = useBrowser();

  it("a player's cash-in approved by an operator shows up live; transfers both ways; the turnover rule after a promo (phone, Burmese)", async () => {
    const lng: Lng = "mm";
    const page = await browser.open("mobile");

    // The player signs in from the guarded cash-in page and lands back on it.
    await page.goto("/cashin");
    await page.waitForURL(onPath("/login"));
    await signIn(page, lng, PLAYER.phone, PLAYER.password);
    await page.waitForURL(onPath("/cashin"));
    await page.getByRole("heading", { name: text(lng, "wallet:cashin.title"), exact: true }).waitFor();
    await headerFigure(page, "main-balance").waitFor();
    const main0 = await readFigure(page, "main-balance");
    const game0 = await readFigure(page, "game-balance");

    // The request: the receiving account is shown, the request goes out and waits in today's list.
    await page.getByTestId("account-number").waitFor();
    const cashIn = 50_000;
    const firstId = await fileCashIn(page, lng, cashIn, sixDigits());
    const todayList = page.getByTestId("history-cashin");
    await todayList
      .locator('[data-status="pending"]', { hasText: text(lng, "wallet:status.pending") })
      .first()
      .waitFor();

    // An operator approves it in the console (another browser, desktop).
    const desk = await browser.open("desktop");
    await desk.addInitScript(() => localStorage.setItem("i18nextLng", "en"));
    await desk.goto("/admin/cash-in");
    await desk.waitForURL(onPath("/login"));
    await signIn(desk, "en", OPERATOR.phone, OPERATOR.password);
    await desk.waitForURL(onPath("/admin/cash-in"));
    await approveInConsole(desk, firstId);

    // The player's header rises without a reload, and the request turns approved.
    const main1 = main0 + cashIn;
    await headerShows(page, "main-balance", main1);
    await todayList
      .locator('[data-status="approved"]', { hasText: text(lng, "wallet:status.approved") })
      .first()
      .waitFor();
    expect(new URL(page.url()).pathname).toBe("/cashin");

    // Main → game and back, from the header's transfer button.
    let dialog = await transfer(page, lng, "in", 10_000);
    await page
      .getByText(text(lng, "wallet:transfer.doneIn", { amount: kyat(10_000) }), { exact: true })
      .first()
      .waitFor();
    await dialog.waitFor({ state: "detached" });
    await headerShows(page, "main-balance", main1 - 10_000);
    await headerShows(page, "game-balance", game0 + 10_000);

    dialog = await transfer(page, lng, "out", 10_000);
    await page
      .getByText(text(lng, "wallet:transfer.doneOut", { amount: kyat(10_000) }), { exact: true })
      .first()
      .waitFor();
    await dialog.waitFor({ state: "detached" });
    await headerShows(page, "main-balance", main1);
    await headerShows(page, "game-balance", game0);

    // A promo cash-in: its bonus lands on the game balance with turnover to play through.
    const promoCashIn = 10_000;
    const promoId = await fileCashIn(page, lng, promoCashIn, sixDigits(), "WELCOME10");
    await approveInConsole(desk, promoId);
    await headerShows(page, "main-balance", main1 + promoCashIn);
    await headerShows(page, "game-balance", game0 + promoCashIn / 10);

    // Turnover > 0 and game balance ≥ 500: main → game is refused with the spec's sentence.
    dialog = await transfer(page, lng, "in", 1_000);
    await dialog
      .getByRole("alert")
      .filter({ hasText: text(lng, "wallet:errors.TURNOVER_IN", { limit: "500" }) })
      .waitFor();
    await headerShows(page, "main-balance", main1 + promoCashIn);

    // The wallet history has both transfers of today.
    await page.keyboard.press("Escape");
    await page.goto("/wallet-history?tab=transfer-in");
    await page
      .getByTestId("history-transfer-in")
      .getByRole("listitem")
      .filter({ hasText: kyat(10_000) })
      .first()
      .waitFor();

    expect(browser.errorsOf(page).filter((e) => e.startsWith("pageerror"))).toEqual([]);
  });
});
