import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { hasChromium } from "./support/chromium.ts";
import { signIn } from "./support/console.ts";
import { english as englishCookie, type Lng, text } from "./support/locales.ts";

const OPERATOR = { phone: "09400000001", password: "demo-operator-1" };
const PLAYER = { phone: "09500000002", password: "demo-player-2" };
const onPath = (path: string) => (url: URL) => url.pathname === path;

interface LiveFrame {
  type: string;
  text?: string;
  shown_for_ms?: number;
}

/** Everything the page's live socket receives from now on (resume answers included). */
function liveFrames(page: Page): LiveFrame[] {
  const frames: LiveFrame[] = [];
  page.on("websocket", (ws) => {
    ws.on("framereceived", ({ payload }) => {
      if (typeof payload !== "string") return;
      try {
        frames.push(JSON.parse(payload) as LiveFrame);
      } catch {
        // Not a JSON message: not ours to read.
      }
    });
  });
  return frames;
}

describe.skipIf(!hasChromium)("live", () => {
  const browser = useBrowser();

  it("an operator's ticker message appears on a visitor's page, stays 20 s and goes, in each page's language; a page opened meanwhile shows it only for what is left, one opened after shows nothing; the console counts the visitor", async () => {
    // A visitor (no account) on the home page, phone size, Burmese.
    const page = await browser.open("mobile");
    await page.goto("/");
    const ticker = page.getByTestId("chat-ticker");
    // A player who chose English, signed in.
    const english = await browser.open("mobile");
    await english.addInitScript(englishCookie);
    await english.goto("/profile");
    await english.waitForURL(onPath("/login"));
    await signIn(english, "en", { phone: PLAYER.phone, password: PLAYER.password });
    await english.waitForURL(onPath("/profile"));

    // The operator sends a ticker message from the console's live page.
    const lng: Lng = "en";
    const desk = await browser.open("desktop");
    await desk.addInitScript(englishCookie);
    await desk.goto("/admin/live");
    await desk.waitForURL(onPath("/login"));
    await signIn(desk, lng, { phone: OPERATOR.phone, password: OPERATOR.password });
    await desk.waitForURL(onPath("/admin/live"));
    await desk.getByRole("heading", { name: text(lng, "live:title"), exact: true }).waitFor();
    // The visitor's socket is counted (every process reports within seconds; the page refreshes every 10 s).
    await desk.getByTestId("live-connections").waitFor();
    await expect
      .poll(
        async () => {
          await desk.reload();
          await desk.getByTestId("live-connections").waitFor();
          return Number((await desk.getByTestId("live-connections").locator("dd").nth(1).textContent())?.replace(/\D/g, "") ?? 0);
        },
        { timeout: 20_000, interval: 1_500 },
      )
      .toBeGreaterThanOrEqual(1);

    // The message in Burmese and in English (Chinese and Thai left empty: those pages show Burmese).
    const stamp = Date.now();
    const message = `ကံကောင်းပါစေ ${stamp}`;
    const inEnglish = `Good luck ${stamp}`;
    const chat = desk.getByTestId("live-chat-form");
    await chat.getByLabel(text(lng, "texts:language.mm"), { exact: true }).fill(message);
    await chat.getByLabel(text(lng, "texts:language.en"), { exact: true }).fill(inEnglish);
    const sent = desk.waitForResponse((r) => new URL(r.url()).pathname === "/api/admin/live/chat");
    await chat.getByRole("button", { name: text(lng, "live:chat.send"), exact: true }).click();
    expect((await sent).status()).toBe(201);
    const sentBy = Date.now();

    // On the visitor's page without a reload: shown at once, in Burmese.
    await ticker.filter({ hasText: message }).waitFor({ timeout: 5_000 });
    const shownAt = Date.now();
    expect(await ticker.textContent()).not.toContain(inEnglish);

    // The English player reads the English text, never the Burmese one.
    const englishTicker = english.getByTestId("chat-ticker");
    await englishTicker.filter({ hasText: inEnglish }).waitFor({ timeout: 5_000 });
    expect(await englishTicker.textContent()).not.toContain(message);
    // A page opened while the message still runs replays it, in its own language too, and only for
    // what is left of its 20 s, not 20 s more.
    const later = await browser.open("desktop");
    const laterFrames = liveFrames(later);
    await later.addInitScript(englishCookie);
    const openedAt = Date.now();
    await later.goto("/");
    await later.getByTestId("chat-ticker").filter({ hasText: inEnglish }).waitFor({ timeout: 10_000 });
    const replayed = laterFrames.find((f) => f.type === "chat" && f.text === message);
    expect(replayed?.shown_for_ms).toBeGreaterThan(0);
    expect(replayed?.shown_for_ms).toBeLessThanOrEqual(20_000 - (openedAt - sentBy));
    expect(browser.errorsOf(english)).toEqual([]);
    expect(browser.errorsOf(later)).toEqual([]);

    // The visitor's message stays 20 s and goes.
    await page.waitForTimeout(Math.max(0, shownAt + 15_000 - Date.now()));
    expect(await ticker.filter({ hasText: message }).isVisible()).toBe(true);
    await ticker.filter({ hasText: message }).waitFor({ state: "detached", timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(18_000);
    await later.getByTestId("chat-ticker").filter({ hasText: inEnglish }).waitFor({ state: "detached" });

    // Once its 20 s are over, a page opened now shows nothing of it: its socket catches up without it.
    const fresh = await browser.open("mobile");
    const freshFrames = liveFrames(fresh);
    await fresh.goto("/");
    await expect.poll(() => freshFrames.some((f) => f.type === "caught_up"), { timeout: 20_000 }).toBe(true);
    expect(freshFrames.filter((f) => f.type === "chat")).toEqual([]);
    expect(await fresh.getByTestId("chat-ticker").filter({ hasText: message }).count()).toBe(0);
    expect(browser.errorsOf(page)).toEqual([]);
  }, 90_000);
});
