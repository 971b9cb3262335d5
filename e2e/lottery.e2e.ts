import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { hasChromium } from "./support/chromium.ts";
import { signIn } from "./support/console.ts";
import { type Lng, text } from "./support/locales.ts";

const PLAYER = { phone: "09500000001", password: "demo-player-1" };
const OPERATOR = { phone: "09400000001", password: "demo-operator-1" };
const YANGON_OFFSET_MS = 390 * 60_000;

/** Whole kyat as the site shows them: 1050000 → "1,050,000". */
const kyat = (n: number): string => n.toLocaleString("en-US");
const onPath = (path: string) => (url: URL) => url.pathname === path;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Draw {
  id: number;
  draw_at: string;
  closes_at: string;
}
interface Schedule {
  weekdays?: number[];
  month_days?: number[];
  times: string[];
  cutoff: { minutes_before: number } | { at: string };
  off_days: string[];
}

async function call<T>(baseUrl: string, method: string, path: string, body?: unknown, token?: string, key?: string): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  if (key) headers["idempotency-key"] = key;
  const res = await fetch(`${baseUrl}/api/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = (await res.json().catch(() => null)) as T;
  if (!res.ok) throw new Error(`${method} /api/${path} answered ${res.status}: ${JSON.stringify(data)}`);
  return data;
}

async function login(baseUrl: string, who: { phone: string; password: string }): Promise<string> {
  return (await call<{ token: string }>(baseUrl, "POST", "user/login", who)).token;
}

/** The main balance the visible header shows. */
async function readMainBalance(page: Page): Promise<number> {
  const raw = (await page.locator('header [data-testid="main-balance"]:visible').textContent()) ?? "";
  return Number(raw.replace(/\D/g, ""));
}

/** Waits until the header shows exactly this main balance (live, without a reload). */
async function headerShows(page: Page, amount: number, timeout?: number): Promise<void> {
  await page
    .locator('header [data-testid="main-balance"]:visible', { hasText: new RegExp(`^${kyat(amount)}$`) })
    .waitFor(timeout ? { timeout } : undefined);
}

/**
 * The engine decides cut-offs by the database clock and reveals fair results at draw time, so the
 * journey gives 2D a draw a few minutes from now: the operator sets the game's schedule to that one
 * time of day (every day), betting open until the draw itself. The original schedule comes back after.
 */
async function scheduleSoonDraw(baseUrl: string, operator: string): Promise<{ drawAt: Date; restore: () => Promise<void> }> {
  const games = await call<{ data: { type: string; schedule: Schedule }[] }>(baseUrl, "GET", "admin/lottery", undefined, operator);
  const original = games.data.find((g) => g.type === "2D")?.schedule;
  if (!original) throw new Error("The 2D game has no schedule.");
  // At least 75 s ahead, on a whole minute (schedules are HH:MM in Asia/Yangon). Everything the journey
  // does before the draw (the draw made, signing in, two bets, the slip) took 9 s on a 2-core machine.
  const drawAt = new Date(Math.ceil((Date.now() + 75_000) / 60_000) * 60_000);
  const time = new Date(drawAt.getTime() + YANGON_OFFSET_MS).toISOString().slice(11, 16);
  await call(
    baseUrl,
    "PUT",
    "admin/lottery/2D",
    {
      schedule: { weekdays: [0, 1, 2, 3, 4, 5, 6], times: [time], cutoff: { minutes_before: 0 }, off_days: original.off_days },
    },
    operator,
  );
  return {
    drawAt,
    restore: async () => {
      await call(baseUrl, "PUT", "admin/lottery/2D", { schedule: original }, operator);
    },
  };
}

describe.skipIf(!hasChromium)("lottery", () => {
  const browser = useBrowser();

  it("a player bets a 2D R pick, sees the slip, the fair draw resolves, the win arrives live and the winner is listed masked (phone, Burmese)", async () => {
    const lng: Lng = "mm";
    const baseUrl = browser.baseUrl;
    const operator = await login(baseUrl, OPERATOR);
    const { drawAt, restore } = await scheduleSoonDraw(baseUrl, operator);
    try {
      // The scheduler (a tick every 5 s) creates the draw with its fair-draw commitment.
      let draw: Draw | undefined;
      await expect
        .poll(
          async () => {
            const sections = await call<{ data: Draw[] }>(baseUrl, "GET", "section");
            draw = sections.data.find((d) => Date.parse(d.draw_at) === drawAt.getTime());
            return draw !== undefined;
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe(true);
      const drawId = (draw as Draw).id;

      // A visitor sees the board; betting sends them to login and back to the game.
      const page = await browser.open("mobile");
      await page.goto("/two/lottery");
      const entry = page.getByLabel(text(lng, "lottery:entry.label", { digits: 2 }), { exact: true });
      await entry.waitFor();
      await page.getByRole("button", { name: text(lng, "lottery:loginToBet"), exact: true }).click();
      await page.waitForURL(onPath("/login"));
      await signIn(page, lng, { phone: PLAYER.phone, password: PLAYER.password });
      await page.waitForURL(onPath("/two/lottery"));

      // The R quick pick: 12 and its reverse 21, 1,000 each.
      await entry.fill("12");
      await page.getByRole("button", { name: text(lng, "lottery:entry.addR"), exact: true }).click();
      for (const n of ["12", "21"]) {
        await expect.poll(() => page.locator(`[data-number="${n}"]`).getAttribute("aria-pressed")).toBe("true");
      }
      await page.getByLabel(text(lng, "lottery:amount.label"), { exact: true }).fill("1000");
      await page.getByRole("button", { name: text(lng, "lottery:bet"), exact: true }).click();

      const sheet = page.getByRole("dialog", { name: text(lng, "lottery:confirm.title"), exact: true });
      await sheet.waitFor();
      await sheet.getByText("2,000 MMK", { exact: true }).waitFor();
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/user/betting" && r.request().method() === "POST");
      await sheet.getByRole("button", { name: text(lng, "lottery:confirm.ok"), exact: true }).click();
      const res = await answer;
      expect(res.status()).toBe(201);
      expect(res.request().headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{32,36}$/);
      expect(JSON.parse(res.request().postData() ?? "{}")).toEqual({
        draw_id: drawId,
        lines: [
          { number: "12", amount: 1000 },
          { number: "21", amount: 1000 },
        ],
      });
      const placed = (await res.json()) as { slip_id: number; total: number; balance: number };
      expect(placed.total).toBe(2000);
      await page.getByText(text(lng, "lottery:placed.title"), { exact: true }).waitFor();
      await headerShows(page, placed.balance);

      // The same player covers every other number (100 each), so this fair draw has a winner whatever it reveals.
      const token = await login(baseUrl, PLAYER);
      const rest = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, "0"))
        .filter((n) => n !== "12" && n !== "21")
        .map((number) => ({ number, amount: 100 }));
      const cover = await call<{ balance: number }>(
        baseUrl,
        "POST",
        "user/betting",
        { draw_id: drawId, lines: rest },
        token,
        `e2e-cover-${drawId}-${Date.now()}`,
      );
      await headerShows(page, cover.balance);

      // The slip is on /betslip, its lines still pending.
      await page.getByRole("link", { name: text(lng, "lottery:placed.viewSlips"), exact: true }).click();
      await page.waitForURL(onPath("/betslip"));
      const slip = page.locator("li[data-slip]", { hasText: text(lng, "lottery:slips.slip", { id: placed.slip_id }) });
      await slip.waitFor();
      for (const n of ["12", "21"]) {
        await slip.locator(`tr[data-line="${n}"]`).getByText(text(lng, "lottery:slips.statuses.pending"), { exact: true }).waitFor();
      }

      // The draw time comes; the fair result is revealed and the draw settles.
      await sleep(Math.max(0, drawAt.getTime() - Date.now()));
      let winners: {
        section: string | null;
        draw_id: number | null;
        lucky_number: string | null;
        data: { phone: string; bet_amount: number; win_amount: number }[];
      } = {
        section: null,
        draw_id: null,
        lucky_number: null,
        data: [],
      };
      await expect
        .poll(
          async () => {
            winners = await call(baseUrl, "GET", "winner_users/2D");
            return winners.draw_id;
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toBe(drawId);
      const lucky = winners.lucky_number ?? "";
      const win = lucky === "12" || lucky === "21" ? 1000 * 85 : 100 * 85;
      const row = winners.data.find((w) => w.phone.endsWith(PLAYER.phone.slice(-3)));
      expect(row?.win_amount).toBe(win);
      expect(row?.phone).not.toBe(PLAYER.phone);

      // The win reaches the header live, without a reload.
      await headerShows(page, cover.balance + win, 30_000);
      expect(await readMainBalance(page)).toBe(cover.balance + win);

      // The settled slip shows each line's outcome.
      await page.reload();
      await slip.waitFor();
      for (const n of ["12", "21"]) {
        await slip
          .locator(`tr[data-line="${n}"]`)
          .getByText(text(lng, `lottery:slips.statuses.${lucky === n ? "won" : "lost"}`), { exact: true })
          .waitFor();
      }

      // The winner list shows the draw's lucky number and the winner with the phone masked.
      await page.goto("/winner-list");
      await page.getByTestId("lucky-number").getByText(lucky, { exact: true }).waitFor();
      const table = page.getByRole("table");
      await table
        .getByRole("cell", { name: row?.phone ?? "", exact: true })
        .first()
        .waitFor();
      await table
        .getByRole("cell", { name: kyat(win), exact: true })
        .first()
        .waitFor();
      expect(await table.getByText(PLAYER.phone).count()).toBe(0);
      expect(browser.errorsOf(page).filter((e) => e.startsWith("pageerror"))).toEqual([]);
    } finally {
      await restore();
    }
  }, 300_000);
});
