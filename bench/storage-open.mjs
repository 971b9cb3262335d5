#!/usr/bin/env node
/**
 * What the first synchronous use of each browser store costs a page, in a fresh browser context
 * (nothing stored for the origin yet, as on a first visit): the first `localStorage` read, the first
 * `sessionStorage` read and the first `document.cookie` read, each timed in the page (wall ms) with
 * the second use beside it. Each run opens `/api/health` (JSON: none of the site's code runs) in a new
 * context and measures one store only, so no store pays for another's open.
 *
 *   node bench/storage-open.mjs <site URL> [runs=10] [cpu slowdown=1]
 *
 * Playwright-core with Chromium at CHROME_PATH (default /usr/bin/chromium); the slowdown with CDP
 * Emulation.setCPUThrottlingRate (12: the cheap-Android profile). Prints the medians and ranges.
 */
import { chromium } from "playwright-core";

const [site, runsArg = "10", slowdownArg = "1"] = process.argv.slice(2);
if (!site) {
  console.error("usage: node bench/storage-open.mjs <site URL> [runs] [cpu slowdown]");
  process.exit(2);
}
const runs = Number(runsArg);
const slowdown = Number(slowdownArg);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round = (v) => Math.round(v * 100) / 100;

const STORES = {
  localStorage: () => window.localStorage.getItem("user-info"),
  sessionStorage: () => window.sessionStorage.getItem("scroll-positions"),
  "document.cookie": () => document.cookie,
};

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  const times = Object.fromEntries(Object.keys(STORES).map((k) => [k, { first: [], second: [] }]));
  for (let i = 0; i < runs; i++) {
    for (const [name, use] of Object.entries(STORES)) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await page.goto(new URL("/api/health", site).href, { waitUntil: "load" });
      if (slowdown > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
      const [first, second] = await page.evaluate(`(() => {
        const use = ${use.toString()};
        const t0 = performance.now(); use(); const t1 = performance.now(); use(); const t2 = performance.now();
        return [t1 - t0, t2 - t1];
      })()`);
      times[name].first.push(first);
      times[name].second.push(second);
      await context.close();
    }
  }
  console.log(`${site}, CPU ×${slowdown}, ${runs} fresh contexts per store (wall ms, median [min–max])`);
  for (const [name, t] of Object.entries(times))
    console.log(
      `  ${name.padEnd(16)} first use ${round(median(t.first))} [${round(Math.min(...t.first))}–${round(Math.max(...t.first))}], second ${round(median(t.second))}`,
    );
} finally {
  await browser.close();
}
