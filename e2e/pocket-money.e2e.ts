import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { hasChromium } from "./support/chromium.ts";
import { signIn } from "./support/console.ts";
import { type Lng, text } from "./support/locales.ts";

const PLAYER = { phone: "09500000001", password: "demo-player-1" };

const kyat = (n: number): string => n.toLocaleString("en-US");
const onPath = (path: string) => (url: URL) => url.pathname === path;

async function mainBalance(page: Page): Promise<number> {
  const raw = (await page.locator('header [data-testid="main-balance"]:visible').textContent()) ?? "";
  return Number(raw.replace(/\D/g, ""));
}

describe.skipIf(!hasChromium)("pocket money", () => {
  const browser = useBrowser();

  it("a player claims pocket money, sees the win dialog count up to the amount and the new balance; a second claim is refused (desktop, Burmese)", async () => {
    const lng: Lng = "mm";
    const page = await browser.open("desktop");
    await page.goto("/login");
    await signIn(page, lng, PLAYER);
    await page.waitForURL(onPath("/"));
    await page.locator('header [data-testid="main-balance"]:visible').waitFor();
    const before = await mainBalance(page);

    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/pocket/money/claim");
    await page.getByRole("button", { name: text(lng, "pocket.button"), exact: true }).click();
    const res = await answer;
    expect(res.status()).toBe(200);
    expect(res.request().headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    const { status, amount } = (await res.json()) as { status: string; amount: number };
    expect(status).toBe("success");
    expect(amount).toBeGreaterThanOrEqual(100);
    expect(amount).toBeLessThanOrEqual(5_000);

    // The dialog counts up to the amount (5 s), then closes by itself (2 s later).
    const dialog = page.getByRole("dialog", { name: text(lng, "pocket:modal.title"), exact: true });
    await dialog.waitFor();
    await dialog
      .getByTestId("pocket-win-amount")
      .filter({ hasText: `${kyat(amount)} MMK` })
      .waitFor({ timeout: 8_000 });
    await dialog.waitFor({ state: "detached", timeout: 6_000 });

    // The header shows the new balance without a reload.
    await page
      .locator('header [data-testid="main-balance"]:visible', { hasText: new RegExp(`^${kyat(before + amount)}(\\D|$)`) })
      .waitFor();

    // Once a day: the second press answers with the message as an error toast.
    await page.getByRole("button", { name: text(lng, "pocket.button"), exact: true }).click();
    await page.getByText(text(lng, "pocket.errors.ALREADY_CLAIMED"), { exact: true }).first().waitFor();
    expect(await mainBalance(page)).toBe(before + amount);

    // The winner appears on /winner-list under Pocket Winners, phone masked.
    await page.goto("/winner-list");
    await page.getByRole("combobox").selectOption("POCKET");
    const row = page
      .getByTestId("pocket-winners")
      .getByRole("row")
      .filter({ hasText: `${kyat(amount)} MMK` });
    await row.first().waitFor();
    expect(await row.first().textContent()).toContain(`********${PLAYER.phone.slice(8)}`);
    // The only failed call is the refused second claim.
    expect(browser.errorsOf(page).filter((e) => !e.includes("/api/pocket/money/claim"))).toEqual([]);
  }, 60_000);
});
