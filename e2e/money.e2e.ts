import type { Locator, Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { launchGame } from "./support/casino.ts";
import { hasChromium } from "./support/chromium.ts";
import { signIn } from "./support/console.ts";
import { english, type Lng, text } from "./support/locales.ts";
import { fundPlayer, type NewPlayer, pageToken, registerPlayer } from "./support/players.ts";

const PLAYER = { phone: "09500000001", password: "demo-player-1" };
const OPERATOR = { phone: "09400000001", password: "demo-operator-1" };

/** Whole kyat as the site shows them: 1050000 → "1,050,000". */
const kyat = (n: number): string => n.toLocaleString("en-US");
const onPath = (path: string) => (url: URL) => url.pathname === path;
/** Six random digits: a wallet transaction nobody has reported yet. */
const sixDigits = (): string => String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0");

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

/** The signed-in player's profile as the server answers it to the page's own session. */
async function profileOf(page: Page): Promise<{ balance: number; game_balance: number; turnover: number }> {
  const token = await pageToken(page);
  const res = await page.request.get("/api/user/profile", { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { balance: number; game_balance: number; turnover: number };
}

/** A new player, funded by an operator, signed in on the page (English). */
async function newPlayerSignedIn(page: Page, baseUrl: string, name: string, funds: number): Promise<NewPlayer> {
  const player = await registerPlayer(baseUrl, name);
  await fundPlayer(baseUrl, player, funds);
  await page.goto("/login?lng=en");
  await signIn(page, "en", { phone: player.phone, password: player.password });
  await page.waitForURL(onPath("/"));
  await headerFigure(page, "main-balance").waitFor();
  return player;
}

/**
 * Holds the page's next call to `path` until released: what the page shows while a request runs.
 * `tap` is tapped until the call goes out (a header drawn by the server answers once it is adopted).
 */
async function whileRunning(page: Page, path: string, tap: Locator, check: () => Promise<void>): Promise<void> {
  let held: Route | undefined;
  await page.route(`**${path}`, (route) => {
    held = route;
  });
  await expect
    .poll(
      async () => {
        if (!held && (await tap.isEnabled())) await tap.click();
        return held !== undefined;
      },
      { timeout: 15_000, interval: 1_000 },
    )
    .toBe(true);
  try {
    await check();
  } finally {
    await held?.continue();
    await page.unroute(`**${path}`);
  }
}

describe.skipIf(!hasChromium)("money", () => {
  const browser = useBrowser();

  it("a player's cash-in approved by an operator shows up live; transfers both ways; the turnover rule after a promo (phone, Burmese)", async () => {
    const lng: Lng = "mm";
    const page = await browser.open("mobile");

    // The player signs in from the guarded cash-in page and lands back on it.
    await page.goto("/cashin");
    await page.waitForURL(onPath("/login"));
    await signIn(page, lng, { phone: PLAYER.phone, password: PLAYER.password });
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
    await desk.addInitScript(english);
    await desk.goto("/admin/cash-in");
    await desk.waitForURL(onPath("/login"));
    await signIn(desk, "en", { phone: OPERATOR.phone, password: OPERATOR.password });
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
    // Beside the refusal, the turnover still to play, as the server counts it.
    const { turnover } = await profileOf(page);
    expect(turnover).toBeGreaterThan(0);
    await dialog
      .getByTestId("transfer-turnover")
      .filter({ hasText: text(lng, "wallet:transfer.turnoverLeft", { amount: kyat(turnover) }) })
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

  it("a new player's first game, before any transfer, opens the Transfer popup filled in, main → game; after it the game opens (phone, English)", async () => {
    const lng: Lng = "en";
    const page = await browser.open("mobile");
    await newPlayerSignedIn(page, browser.baseUrl, "Ko First Game", 50_000);

    await page.goto("/slot");
    await page.getByRole("link", { name: "Shwe House Games", exact: true }).click();
    await page.getByRole("button", { name: "Golden Pagoda Slots", exact: true }).click();
    // The refusal says what to do, and the popup that does it is open: main → game, 10,000 MMK.
    await page.getByText(text(lng, "games:launch.noTransferIn"), { exact: true }).first().waitFor();
    const dialog = page.getByRole("dialog", { name: text(lng, "wallet:transfer.title"), exact: true });
    await dialog.waitFor();
    expect(await dialog.getByRole("radio", { name: text(lng, "wallet:direction.in"), exact: true }).isChecked()).toBe(true);
    await expect.poll(() => dialog.getByLabel(text(lng, "wallet:form.amount"), { exact: true }).inputValue()).toBe(kyat(10_000));
    expect(await page.getByRole("dialog", { name: "Golden Pagoda Slots", exact: true }).count()).toBe(0);

    // One tap moves it; the game then opens.
    await dialog.getByRole("button", { name: text(lng, "wallet:transfer.submit"), exact: true }).click();
    await headerShows(page, "game-balance", 10_000);
    await headerShows(page, "main-balance", 40_000);
    await dialog.waitFor({ state: "detached" });
    const toast = page.getByRole("alert").filter({ hasText: text(lng, "wallet:transfer.doneIn", { amount: kyat(10_000) }) });
    if (await toast.count()) await toast.first().click();
    await toast.first().waitFor({ state: "detached" });
    await page.goto("/slot");
    const { overlay, frame } = await launchGame(page, "Shwe House Games", "Golden Pagoda Slots");
    await frame
      .getByTestId("game-balance")
      .filter({ hasText: kyat(10_000) })
      .waitFor();
    await page.getByRole("button", { name: text(lng, "games:overlay.close"), exact: true }).click();
    await overlay.waitFor({ state: "detached" });
  });

  it("Claim and Pocket Money wait for each other: while either asks the server, both are disabled (desktop, English)", async () => {
    const lng: Lng = "en";
    const page = await browser.open("desktop");
    await newPlayerSignedIn(page, browser.baseUrl, "Ko Busy", 1_000);
    const claim = page.locator("header").getByRole("button", { name: new RegExp(`^${text(lng, "rewards.claim")}\\b`) });
    const pocket = page.locator("header").getByRole("button", { name: text(lng, "pocket.button"), exact: true });
    await claim.waitFor();
    await pocket.waitFor();

    await whileRunning(page, "/api/promotion/claim", claim, async () => {
      await expect.poll(() => pocket.isDisabled()).toBe(true);
      expect(await claim.isDisabled()).toBe(true);
    });
    await expect.poll(() => pocket.isEnabled()).toBe(true);
    await expect.poll(() => claim.isEnabled()).toBe(true);
    // The claim's answer (nothing to claim yet for a new player) is a toast over the header, which stays
    // while the window is not focused: the player closes it with a tap, as the page offers.
    const answer = page.getByRole("alert").filter({ hasText: text(lng, "errors.NOTHING_TO_CLAIM") });
    await answer.click();
    await answer.waitFor({ state: "detached" });

    await whileRunning(page, "/api/pocket/money/claim", pocket, async () => {
      await expect.poll(() => claim.isDisabled()).toBe(true);
      expect(await pocket.isDisabled()).toBe(true);
    });
    await expect.poll(() => claim.isEnabled()).toBe(true);
  });

  it("during a break the bet board, cash-in, cash-out and the transfer popup say so and offer nothing it pauses; a bet is answered with the break (phone, English)", async () => {
    const lng: Lng = "en";
    const page = await browser.open("mobile");
    const player = await newPlayerSignedIn(page, browser.baseUrl, "Ko Break", 5_000);

    // The player starts a week's break on the profile page, confirming with the password.
    await page.goto("/profile");
    await page.getByLabel(text(lng, "protection:break.title"), { exact: true }).selectOption("1w");
    await page.getByRole("button", { name: text(lng, "protection:break.start"), exact: true }).click();
    const confirm = page.getByRole("dialog", { name: text(lng, "protection:break.confirm_title"), exact: true });
    await confirm.getByLabel(text(lng, "protection:break.password"), { exact: true }).fill(player.password);
    await confirm.getByRole("button", { name: text(lng, "protection:break.confirm"), exact: true }).click();
    await page.getByText(text(lng, "protection:break.started"), { exact: true }).first().waitFor();
    const onBreak = new RegExp(
      `^${text(lng, "protection:break.active_until", { date: "MARK" })
        .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
        .replace("MARK", ".+")}$`,
    );

    // The bet board: the break in the bet bar, and Bet stays disabled with a number and an amount chosen.
    await page.goto("/two/lottery");
    await page.getByLabel(text(lng, "lottery:entry.label", { digits: 2 }), { exact: true }).waitFor();
    await page.getByTestId("break-notice").filter({ hasText: onBreak }).waitFor();
    await page.locator('[data-number="12"]').click();
    await page.getByLabel(text(lng, "lottery:amount.label"), { exact: true }).fill("1000");
    const bet = page.getByRole("button", { name: text(lng, "lottery:bet"), exact: true });
    await expect.poll(() => page.locator('[data-number="12"]').getAttribute("aria-pressed")).toBe("true");
    expect(await bet.isDisabled()).toBe(true);
    // A bet sent anyway (a page opened before the break) is answered with the break, before the balance.
    const sections = await page.request.get("/api/section");
    const drawId = ((await sections.json()) as { data: { id: number; status: string }[] }).data.find((d) => d.status === "open")?.id;
    const refused = await page.request.post("/api/user/betting", {
      headers: { authorization: `Bearer ${await pageToken(page)}`, "idempotency-key": `break-${Date.now()}` },
      data: { draw_id: drawId, lines: [{ number: "12", amount: 100_000 }] },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe("SELF_EXCLUDED");

    // Cash-in: the break, and the request form is off.
    await page.goto("/cashin");
    await page.getByTestId("break-notice").filter({ hasText: onBreak }).waitFor();
    await page.getByRole("radio", { name: "KBZPay" }).waitFor();
    expect(await page.getByRole("button", { name: text(lng, "wallet:cashin.submit"), exact: true }).isDisabled()).toBe(true);

    // Cash-out stays open during a break; the page says the break is running.
    await page.goto("/cashout");
    await page.getByTestId("break-notice").filter({ hasText: onBreak }).waitFor();

    // The transfer popup: main → game shows the break and cannot be sent; game → main can.
    await page.getByRole("button", { name: text(lng, "nav.transfer"), exact: true }).click();
    const dialog = page.getByRole("dialog", { name: text(lng, "wallet:transfer.title"), exact: true });
    await dialog.getByText(text(lng, "wallet:direction.in"), { exact: true }).click();
    await dialog.getByTestId("break-notice").filter({ hasText: onBreak }).waitFor();
    const send = dialog.getByRole("button", { name: text(lng, "wallet:transfer.submit"), exact: true });
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByText(text(lng, "wallet:direction.out"), { exact: true }).click();
    await dialog.getByTestId("break-notice").waitFor({ state: "detached" });
    expect(await send.isEnabled()).toBe(true);
    expect(await profileOf(page)).toMatchObject({ balance: 5_000, game_balance: 0 });
  });
});
