import { describe, expect, it } from "vitest";
import { useBrowser } from "./support/browser.ts";
import { hasChromium } from "./support/chromium.ts";
import { api, onPath, signIn } from "./support/console.ts";
import { english, type Lng, text } from "./support/locales.ts";

const FIRST = { phone: "09400000001", password: "demo-operator-1" };
const SECOND = { phone: "09400000002", password: "demo-operator-2" };
const YANGON_OFFSET_MS = 390 * 60_000;

interface Game {
  type: string;
  result_source: string;
  schedule: { off_days: string[] } & Record<string, unknown>;
}
interface AdminDraw {
  id: number;
  draw_at: string;
  status: string;
  result: string | null;
}

describe.skipIf(!hasChromium)("console: results", () => {
  const browser = useBrowser();

  it("one operator enters a 3D result after the draw time, a second types the number they checked and the draw settles (desktop, English)", {
    timeout: 240_000,
  }, async () => {
    const lng: Lng = "en";
    const baseUrl = browser.baseUrl;
    const admin = (await api<{ token: string }>(baseUrl, "POST", "user/login", FIRST)).token;
    // 3D with one manual draw a minute or two from now (the scheduler makes it), betting open until then.
    const game = (await api<{ data: Game[] }>(baseUrl, "GET", "admin/lottery", undefined, admin)).data.find((g) => g.type === "3D") as Game;
    const drawAt = new Date(Math.ceil((Date.now() + 75_000) / 60_000) * 60_000);
    const time = new Date(drawAt.getTime() + YANGON_OFFSET_MS).toISOString().slice(11, 16);
    await api(
      baseUrl,
      "PUT",
      "admin/lottery/3D",
      {
        result_source: "manual",
        schedule: { weekdays: [0, 1, 2, 3, 4, 5, 6], times: [time], cutoff: { minutes_before: 0 }, off_days: game.schedule.off_days },
      },
      admin,
    );
    try {
      let draw: AdminDraw | undefined;
      await expect
        .poll(
          async () => {
            const list = await api<{ data: AdminDraw[] }>(baseUrl, "GET", "admin/draws?type=3D&limit=50", undefined, admin);
            draw = list.data.find((d) => Date.parse(d.draw_at) === drawAt.getTime());
            return draw !== undefined;
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe(true);
      const path = `/admin/lottery/draws/${(draw as AdminDraw).id}`;

      // The first operator opens the draw and, once the draw time has passed, enters the result.
      const first = await browser.open("desktop");
      await first.addInitScript(english);
      await first.goto(path);
      await first.waitForURL(onPath("/login"));
      await signIn(first, lng, FIRST);
      await first.waitForURL(onPath(path));
      await first.waitForTimeout(Math.max(0, drawAt.getTime() - Date.now() + 2_000));
      await first.reload();
      await first.getByLabel(text(lng, "admin:lottery.enterResult", { digits: 3 }), { exact: true }).fill("482");
      await first.getByRole("button", { name: text(lng, "admin:lottery.saveResult"), exact: true }).click();
      await first.getByText(text(lng, "admin:lottery.otherOperator")).waitFor();

      // The second operator checks it: a different number is refused, the same number settles the draw.
      const second = await browser.open("desktop");
      await second.addInitScript(english);
      await second.goto(path);
      await second.waitForURL(onPath("/login"));
      await signIn(second, lng, SECOND);
      await second.waitForURL(onPath(path));
      await second.getByRole("button", { name: text(lng, "admin:lottery.checkResult"), exact: true }).click();
      const dialog = second.getByRole("dialog");
      const checked = dialog.getByLabel(text(lng, "admin:lottery.checkedNumber", { digits: 3 }), { exact: true });
      await checked.fill("428");
      await dialog.getByRole("button", { name: text(lng, "admin:lottery.confirmTyped"), exact: true }).click();
      await second.getByText(text(lng, "admin:errors.RESULT_MISMATCH")).first().waitFor();
      await checked.fill("482");
      await dialog.getByRole("button", { name: text(lng, "admin:lottery.confirmTyped"), exact: true }).click();
      await expect
        .poll(async () => (await api<AdminDraw>(baseUrl, "GET", `admin/draws/${(draw as AdminDraw).id}`, undefined, admin)).status, {
          timeout: 20_000,
        })
        .toMatch(/^(resulted|settled)$/);
      const done = await api<AdminDraw>(baseUrl, "GET", `admin/draws/${(draw as AdminDraw).id}`, undefined, admin);
      expect(done.result).toBe("482");
      await second.screenshot({ path: "e2e/artifacts/console-result-confirmed.png", fullPage: true });
    } finally {
      await api(baseUrl, "PUT", "admin/lottery/3D", { result_source: game.result_source, schedule: game.schedule }, admin);
    }
  });

  it("an admin reaches the SET's market readings from the 2D game settings and sets the reading interval (phone), then reads the crypto market (desktop)", {
    timeout: 120_000,
  }, async () => {
    const lng: Lng = "en";
    const baseUrl = browser.baseUrl;
    const admin = (await api<{ token: string }>(baseUrl, "POST", "user/login", FIRST)).token;
    const before = await api<{ settings: { interval_ms: number } }>(baseUrl, "GET", "admin/market/set", undefined, admin);
    try {
      const phone = await browser.open("mobile");
      await phone.addInitScript(english);
      await phone.goto("/admin/lottery/settings/2D");
      await phone.waitForURL(onPath("/login"));
      await signIn(phone, lng, FIRST);
      await phone.waitForURL(onPath("/admin/lottery/settings/2D"));
      await phone.getByRole("link", { name: text(lng, "market:console.link"), exact: true }).click();
      await phone.waitForURL(onPath("/admin/lottery/market/set"));
      const interval = phone.getByLabel(text(lng, "market:console.interval"), { exact: true });
      await expect.poll(() => interval.inputValue(), { timeout: 15_000 }).toBe(String(before.settings.interval_ms / 1000));
      await interval.fill("0");
      await phone.getByRole("button", { name: text(lng, "admin:actions.save"), exact: true }).click();
      await phone.getByText(text(lng, "market:console.intervalInvalid")).waitFor();
      await interval.fill("10");
      await phone.getByRole("button", { name: text(lng, "admin:actions.save"), exact: true }).click();
      await phone.getByText(text(lng, "market:console.saved")).first().waitFor();
      const after = await api<{ settings: { interval_ms: number } }>(baseUrl, "GET", "admin/market/set", undefined, admin);
      expect(after.settings.interval_ms).toBe(10_000);
      await phone.getByTestId("market-console-status").waitFor();
      await phone.screenshot({ path: "/tmp/market-console-390.png", fullPage: true });

      const desk = await browser.open("desktop");
      await desk.addInitScript(english);
      await desk.goto("/admin/lottery/market/set");
      await desk.waitForURL(onPath("/login"));
      await signIn(desk, lng, FIRST);
      await desk.waitForURL(onPath("/admin/lottery/market/set"));
      await expect
        .poll(() => desk.getByLabel(text(lng, "market:console.interval"), { exact: true }).inputValue(), { timeout: 15_000 })
        .toBe("10");
      await desk.getByTestId("market-console-status").waitFor();
      await desk.screenshot({ path: "/tmp/market-console-1280.png", fullPage: true });
      await desk.getByRole("link", { name: text(lng, "market:console.marketNames.crypto"), exact: true }).click();
      await desk.waitForURL(onPath("/admin/lottery/market/crypto"));
      await expect.poll(() => desk.getByLabel(text(lng, "market:console.opens", { n: 1 }), { exact: true }).inputValue()).toBe("00:00");
      await desk.screenshot({ path: "/tmp/market-console-1280-crypto.png", fullPage: true });
      expect(browser.errorsOf(phone)).toEqual([]);
      expect(browser.errorsOf(desk)).toEqual([]);
    } finally {
      await api(baseUrl, "PUT", "admin/market/set", before.settings, admin);
    }
  });
});
