#!/usr/bin/env node
import { chromium } from "playwright-core";
import { slowNetwork } from "./lib/phone.mjs";
import { median } from "./lib/statistics.mjs";

/**
 * When a drawn page becomes the app's on a slow phone, and when its pictures arrive: for each site given,
 * loads of `path` in a fresh Chromium context at 390×844, Burmese, a visitor, CPU ×4 and the cheap-Android
 * network (700 kbit/s, RTT 300 ms, by the DevTools protocol), alternated between the sites. Prints per load and
 * as medians: the first contentful paint, the takeover (`#root` no longer inert), the moment the last picture
 * fetched by then finished and the last script (resource timing), once the network has been idle.
 *
 *   node bench/takeover-time.mjs <path> <loads> <site URL> [<site URL> …]
 *
 * A comparison tool (two servers with their own `WEB_DIST`); it writes nothing under bench/results.
 */
const [path, loadsArg, ...sites] = process.argv.slice(2);
if (!path?.startsWith("/") || sites.length === 0) {
  console.error("usage: node bench/takeover-time.mjs <path> <loads> <site URL> [<site URL> …]");
  process.exit(2);
}
const LOADS = Math.max(1, Number(loadsArg) || 5);
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || "/usr/bin/chromium", args: ["--no-sandbox"] });
const all = sites.map(() => []);
try {
  for (let load = 0; load < LOADS; load++) {
    for (let i = 0; i < sites.length; i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "my-MM" });
      // The takeover: the moment the app takes `inert` off the drawing.
      await context.addInitScript(() => {
        new MutationObserver((_, observer) => {
          const root = document.getElementById("root");
          if (root && !root.hasAttribute("inert") && root.firstChild) {
            window.__takeover = performance.now();
            observer.disconnect();
          }
        }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["inert"] });
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await slowNetwork(cdp, 700, 300);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await page.goto(`${sites[i]}${path}`, { waitUntil: "commit" });
      await page.waitForFunction(() => window.__takeover !== undefined, null, { timeout: 120_000, polling: 100 });
      await page.waitForLoadState("networkidle", { timeout: 120_000 }).catch(() => undefined);
      const m = await page.evaluate(() => {
        const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
        const images = performance.getEntriesByType("resource").filter((r) => r.initiatorType === "img" && !r.name.startsWith("data:"));
        return {
          fcp: Math.round(fcp),
          takeover: Math.round(window.__takeover),
          images: images.length,
          lastImage: Math.round(Math.max(0, ...images.map((r) => r.responseEnd))),
          scripts: Math.round(
            Math.max(
              0,
              ...performance
                .getEntriesByType("resource")
                .filter((r) => r.initiatorType === "script" || r.initiatorType === "link")
                .map((r) => r.responseEnd),
            ),
          ),
        };
      });
      all[i].push(m);
      console.log(`${sites[i]} load ${load + 1}: ${JSON.stringify(m)}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
}
for (let i = 0; i < sites.length; i++) {
  const of = (k) => median(all[i].map((m) => m[k]));
  console.log(
    `median ${sites[i]}: FCP ${of("fcp")} ms, takeover ${of("takeover")} ms, last picture ${of("lastImage")} ms (${of("images")} pictures), last script ${of("scripts")} ms`,
  );
}
