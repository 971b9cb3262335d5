#!/usr/bin/env node
/**
 * The browser's work while a page loads, in figures that do not depend on the machine's load:
 * React renders and commits, host nodes React hydrated or drew, DOM size, style recalculations and
 * layouts with the elements / layout objects they touched (Chromium trace), JS files and bytes
 * fetched, and the large layouts (300 objects or more needing layout) with their time after the first one. The long-task sum beside them does depend on the machine (read it on a quiet one only).
 *
 *   node bench/load-work.mjs <site URL> <path> [runs=3] [width=390]
 *
 * Against a running server (e.g. `npm run serve` with `PORT`, or two servers with their own
 * `WEB_DIST` for before / after). Chromium at CHROME_PATH (default /usr/bin/chromium), 390×844 px,
 * Burmese, a visitor, CPU ×4, figures gathered until 9 s after `load`. KBPS and RTT (ms) throttle the
 * network (KBPS=700 RTT=300: the cheap-Android profile's); the first contentful paint and the layout
 * shift score are read then.
 */
import puppeteer from "puppeteer-core";
import { slowNetwork } from "./lib/phone.mjs";

const [site, path, runsArg = "3", widthArg = "390"] = process.argv.slice(2);
if (!site || !path) {
  console.error("usage: node bench/load-work.mjs <site URL> <path> [runs] [width]");
  process.exit(2);
}
const width = Number(widthArg);
/** Optional network throttling (KBPS=700 RTT=300 is the cheap-Android profile's network); none by default. */
const KBPS = Number(process.env.KBPS ?? 0);
const RTT = Number(process.env.RTT ?? 0);

/** Layout shifts (CLS as the browser counts it: shifts without recent input) and the first contentful paint. */
function watchShifts() {
  const seen = { cls: 0, fcp: 0, shifts: [] };
  window.__loadShifts = seen;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      seen.cls += e.value;
      const moved = (e.sources ?? []).map((source) => {
        const node = source.node;
        return node?.nodeType === 1
          ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}.${String(node.className).split(" ")[0]}`
          : "";
      });
      seen.shifts.push(`${Math.round(e.value * 1000) / 1000}@${Math.round(e.startTime)}${moved.length ? `(${moved.join(",")})` : ""}`);
    }
  }).observe({ type: "layout-shift", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === "first-contentful-paint") seen.fcp = e.startTime;
  }).observe({ type: "paint", buffered: true });
}

/** A stand-in for React DevTools' hook: counts, in each commit, the components that rendered and the host nodes mounted. */
function countRenders() {
  const stats = { commits: 0, renders: 0, hostMounted: 0, largestCommitHost: 0 };
  window.__loadWork = stats;
  const COMPONENT = new Set([0, 1, 11, 14, 15]); // function, class, forwardRef, memo, simple memo
  const HOST = new Set([5, 6]); // element, text
  const PERFORMED_WORK = 1;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    checkDCE() {},
    inject(renderer) {
      this.renderers.set(1, renderer);
      return 1;
    },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      stats.commits++;
      let host = 0;
      const stack = [root.current.child];
      while (stack.length) {
        const fiber = stack.pop();
        if (!fiber) continue;
        const before = fiber.alternate;
        if (COMPONENT.has(fiber.tag) && (before === null || (fiber.flags & PERFORMED_WORK) !== 0)) stats.renders++;
        if (HOST.has(fiber.tag) && before === null) host++;
        if (fiber.sibling) stack.push(fiber.sibling);
        // A subtree whose children were not worked on in this commit keeps the same child fiber.
        if (fiber.child && (before === null || fiber.child !== before.child)) stack.push(fiber.child);
      }
      stats.hostMounted += host;
      stats.largestCommitHost = Math.max(stats.largestCommitHost, host);
    },
  };
}

const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--lang=my"],
});
const rows = [];
try {
  for (let run = 0; run < Number(runsArg); run++) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width, height: 844 });
    await page.setExtraHTTPHeaders({ "Accept-Language": "my" });
    await page.evaluateOnNewDocument(countRenders);
    const cdp = await page.createCDPSession();
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    if (KBPS > 0) await slowNetwork(cdp, KBPS, RTT);
    await page.evaluateOnNewDocument(watchShifts);
    const events = [];
    cdp.on("Tracing.dataCollected", (e) => events.push(...e.value));
    const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.start", {
      categories: "devtools.timeline,disabled-by-default-devtools.timeline",
      transferMode: "ReportEvents",
    });
    await page.goto(new URL(path, site).href, { waitUntil: "load" });
    await new Promise((resolve) => setTimeout(resolve, 9000));
    await cdp.send("Tracing.end");
    await complete;
    const stats = await page.evaluate(() => window.__loadWork);
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((r) => new URL(r.name).pathname.endsWith(".js"))
        .map((r) => r.decodedBodySize),
    );
    const shifts = await page.evaluate(() => window.__loadShifts);
    const domNodes = await page.evaluate(() => document.getElementsByTagName("*").length);
    // The page's renderer: the process with the most style recalculations.
    const perProcess = new Map();
    for (const e of events) if (e.name === "UpdateLayoutTree") perProcess.set(e.pid, (perProcess.get(e.pid) ?? 0) + 1);
    const renderer = [...perProcess].sort((a, b) => b[1] - a[1])[0]?.[0];
    const timed = events.filter((e) => e.ph === "X" && e.pid === renderer);
    const sum = (list, of) => list.reduce((total, e) => total + (of(e) ?? 0), 0);
    const styles = timed.filter((e) => e.name === "UpdateLayoutTree");
    const layouts = timed.filter((e) => e.name === "Layout");
    // The large layouts (300 objects or more needing layout, a whole page's worth), as dirty objects@ms after the first layout.
    const firstLayout = layouts[0]?.ts ?? 0;
    const largeLayouts = layouts
      .filter((e) => (e.args?.beginData?.dirtyObjects ?? 0) >= 300)
      .map((e) => `${e.args.beginData.dirtyObjects}@${Math.round((e.ts - firstLayout) / 1000)}`)
      .join(" ");
    const longTasks = timed.filter((e) => e.name === "RunTask" && e.dur > 50_000);
    rows.push({
      commits: stats.commits,
      renders: stats.renders,
      hostMounted: stats.hostMounted,
      largestCommitHost: stats.largestCommitHost,
      domNodes,
      styleRecalcs: styles.length,
      styleElements: sum(styles, (e) => e.args?.elementCount),
      layouts: layouts.length,
      layoutObjects: sum(layouts, (e) => e.args?.beginData?.totalObjects),
      dirtyObjects: sum(layouts, (e) => e.args?.beginData?.dirtyObjects),
      largeLayouts,
      fcpMs: Math.round(shifts.fcp),
      cls: Math.round(shifts.cls * 1000) / 1000,
      shifts: shifts.shifts.join(" "),
      jsFiles: scripts.length,
      jsKB: Math.round(sum(scripts, (bytes) => bytes) / 102.4) / 10,
      longTaskMsOver50: Math.round(sum(longTasks, (e) => e.dur / 1000 - 50)),
    });
    await context.close();
  }
} finally {
  await browser.close();
}
console.log(`${new URL(path, site).href} at ${width} px, ${rows.length} loads`);
console.table(rows);
