#!/usr/bin/env node
/**
 * What the browser redoes for changes a page makes to itself once it has been drawn, measured on the
 * page after it has loaded and settled (so every cost here is a warm one, not the first layout's):
 *
 *   - `inert` taken off #root (the app's take-over of a drawn page, main.tsx): the restyle of the drawing;
 *   - the same with `pointer-events` instead of `inert`, and a data attribute no style uses (the floor);
 *   - a font face added to `document.fonts` under the page's Burmese family (lib/bold-font.ts) and under a
 *     family no element uses: the layout objects laid out again;
 *   - a whole restyle and relayout (#root shown again after `display: none`), for scale.
 *
 *   node bench/render-costs.mjs <site URL> <path> [repeats=3] [width=390]
 *
 * Each change is made `repeats` times (undone between) with DevTools' timeline recording; the table gives
 * the median main-thread CPU time of the style recalculations and layouts it caused, and the elements
 * restyled and objects laid out. Against a running server (`npm run serve` with `PORT`); Chromium at
 * CHROME_PATH (default /usr/bin/chromium). The times depend on the machine: compare rows of one run.
 */
import puppeteer from "puppeteer-core";
import { extraChromeFlags, sleep } from "./lib/setup.mjs";
import { median, round } from "./lib/statistics.mjs";

const [site, path, repeatsArg = "3", widthArg = "390"] = process.argv.slice(2);
if (!site || !path) {
  console.error("usage: node bench/render-costs.mjs <site URL> <path> [repeats] [width]");
  process.exit(2);
}
const repeats = Math.max(1, Number(repeatsArg));

/** [name, what makes the change, what undoes it], run in the page with `root` = #root. */
const CHANGES = [
  ["inert off #root", "root.setAttribute('inert', '')", "root.removeAttribute('inert')"],
  ["pointer-events back on #root", "root.style.pointerEvents = 'none'", "root.style.pointerEvents = ''"],
  ["data attribute off #root (no style uses it)", "root.setAttribute('data-probe', '')", "root.removeAttribute('data-probe')"],
  ["font face added, page's Burmese family", null, "await addFace('Noto Sans Myanmar')"],
  ["font face added, a family nothing uses", null, "await addFace('Render Costs Probe')"],
  ["whole restyle and relayout", "root.style.display = 'none'", "root.style.display = ''"],
];

const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--lang=my", ...extraChromeFlags()],
});
try {
  const page = await browser.newPage();
  await page.setViewport({ width: Number(widthArg), height: 844 });
  await page.goto(new URL(path, site).href, { waitUntil: "networkidle0", timeout: 60_000 });
  // The app has taken the page over and the bold face has joined; nothing more is on its way.
  await page.waitForFunction(() => !document.getElementById("root")?.hasAttribute("inert"), { timeout: 30_000 });
  await sleep(3000);
  const face = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .find((name) => /noto-sans-myanmar-burmese-700-[\w-]+\.woff2$/.test(name)),
  );
  if (!face) throw new Error("the page did not load the Burmese bold face");
  await page.evaluate((url) => {
    window.__probeFace = fetch(url).then((res) => res.arrayBuffer());
    window.addFace = async (family) => document.fonts.add(await new FontFace(family, await window.__probeFace, { weight: "700" }).load());
  }, face);

  const rows = [];
  for (const [name, setUp, change] of CHANGES) {
    const runs = [];
    for (let i = 0; i < repeats; i++) {
      if (setUp) await page.evaluate(`(() => { const root = document.getElementById("root"); ${setUp}; document.body.offsetHeight; })()`);
      await sleep(100);
      await page.tracing.start({ categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] });
      await page.evaluate(
        `(async () => { const root = document.getElementById("root"); ${change}; await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))); })()`,
      );
      const events = JSON.parse(new TextDecoder().decode(await page.tracing.stop())).traceEvents;
      const of = (eventName) => events.filter((e) => e.name === eventName && e.ph === "X");
      const cpu = (list) => list.reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0), 0) / 1000;
      const styles = of("UpdateLayoutTree");
      const layouts = of("Layout");
      runs.push({
        styleMs: cpu(styles),
        layoutMs: cpu(layouts),
        restyled: styles.reduce((sum, e) => sum + (e.args?.elementCount ?? 0), 0),
        laidOut: layouts.reduce((sum, e) => sum + (e.args?.beginData?.dirtyObjects ?? 0), 0),
      });
    }
    const pick = (key) => median(runs.map((run) => run[key]));
    rows.push({
      change: name,
      "style ms": round(pick("styleMs")),
      restyled: pick("restyled"),
      "layout ms": round(pick("layoutMs")),
      "laid out": pick("laidOut"),
    });
  }
  const elements = await page.evaluate(() => document.querySelectorAll("#root *").length);
  console.log(`${new URL(path, site).href} at ${widthArg} px, ${elements} elements in #root, medians of ${repeats}:`);
  console.table(rows);
} finally {
  await browser.close();
}
