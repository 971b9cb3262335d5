import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { useBrowser, type ViewportName } from "./support/browser.ts";
import { hasChromium } from "./support/chromium.ts";
import { text } from "./support/locales.ts";

/** Where the journey leaves its pictures of the pages (SHOTS_DIR; none when unset). */
const SHOTS = process.env.SHOTS_DIR;

/** The demo seeds 120 days of past results: the calendar and the statistics have something to show, in Burmese. */
describe.skipIf(!hasChromium)("results calendar and number statistics", () => {
  const browser = useBrowser();
  const shoot = async (page: Awaited<ReturnType<typeof browser.open>>, name: string) => {
    if (!SHOTS) return;
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  };

  for (const size of ["mobile", "desktop"] as ViewportName[]) {
    it(`opens a month of 2D results with the SET and value of a day, then the statistics (${size})`, async () => {
      const page = await browser.open(size);
      await page.goto("/two/lottery");
      if (size === "desktop") {
        // From the header's Lottery menu.
        await page
          .getByRole("button", { name: text("mm", "lotteryNav.menu") })
          .first()
          .click();
        await page.getByRole("menuitem", { name: text("mm", "lotteryNav.resultsCalendar") }).click();
      } else {
        await page.goto("/results-calendar?game=2d");
      }
      await page.waitForURL((url) => url.pathname === "/results-calendar");
      await page.getByRole("heading", { name: text("mm", "stats:calendar.title") }).waitFor();

      // Last month surely has results of the seeded weekdays.
      await page.getByRole("button", { name: text("mm", "stats:calendar.prev") }).click();
      const table = page.getByRole("table");
      const day = table.getByRole("button", { name: /\d\d:\d\d \d\d/ }).first();
      await day.click();
      const details = page.getByRole("region", { name: new RegExp(text("mm", "stats:calendar.dayTitle", { day: ".+" })) });
      await details.getByText(text("mm", "stats:feed.set_index"), { exact: true }).first().waitFor();
      await details.getByText(text("mm", "stats:feed.set_value"), { exact: true }).first().waitFor();
      await shoot(page, `calendar-${size}`);

      await page.getByRole("link", { name: text("mm", "stats:links.stats") }).click();
      await page
        .getByRole("region", { name: text("mm", "stats:stats.hot") })
        .getByRole("listitem")
        .first()
        .waitFor();
      await page.getByRole("button", { name: text("mm", "stats:stats.days", { count: 90 }) }).click();
      await page.waitForURL((url) => url.searchParams.get("days") === "90");
      await page.getByRole("region", { name: text("mm", "stats:stats.heads") }).waitFor();
      await shoot(page, `stats-${size}`);

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(browser.errorsOf(page).filter((e) => e.startsWith("pageerror"))).toEqual([]);
    });
  }
});
