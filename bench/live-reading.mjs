#!/usr/bin/env node
/**
 * What one live market reading costs a page once it is up: the main-thread work that follows each
 * `market_tick` message on the socket, and what React drew again for it.
 *
 *   node bench/live-reading.mjs <site URL> <path> [readings=4] [width=390]
 *
 * Against a running server whose market is open (demo feed moving). Chromium at CHROME_PATH (default
 * /usr/bin/chromium), 390×844 px, Burmese, a visitor, no throttling. After the page is taken over,
 * the network quiet for 1 s and SETTLE_MS (default 3,000) more, it traces until `readings` readings
 * have arrived and WINDOW_MS (default 800) after the last. For each reading: the CPU time of the task
 * that handled the socket message, then every task in the WINDOW_MS after it (the frames of the
 * running number's animation, restyles, layout, paint) with the elements restyled and objects laid
 * out, the largest single task, and the components and DOM elements React drew again (counted by a
 * stand-in React DevTools hook: function components that performed work, host elements whose props
 * changed). The page's own clock ticks (a second's countdown) fall into the window too; they are
 * printed apart by the "baseline" line: the same sums over WINDOW_MS windows without a reading.
 */
import puppeteer from "puppeteer-core";
import { countReactCommits } from "./lib/react-commits.mjs";

const [site, path, readingsArg = "4", widthArg = "390"] = process.argv.slice(2);
if (!site || !path) {
  console.error("usage: node bench/live-reading.mjs <site URL> <path> [readings] [width]");
  process.exit(2);
}
const READINGS = Number(readingsArg);
const width = Number(widthArg);
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 3000);
const WINDOW_MS = Number(process.env.WINDOW_MS ?? 800);
const round = (x) => Math.round(x * 10) / 10;
const cpu = (event) => (event.tdur ?? event.dur) / 1000;

/** Installed before the page's scripts: when readings arrive (React's commits: lib/react-commits.mjs). */
function instrument() {
  window.__liveReadings = [];
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        if (typeof event.data === "string" && event.data.includes('"market_tick"')) {
          window.__liveReadings.push(performance.now());
          performance.mark("market_tick");
        }
      });
    }
  };
}

const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-dev-shm-usage"],
});
try {
  const page = await browser.newPage();
  await page.setViewport({ width, height: 844 });
  await page.setExtraHTTPHeaders({ "Accept-Language": "my" });
  await page.evaluateOnNewDocument(countReactCommits);
  await page.evaluateOnNewDocument(instrument);
  await page.goto(new URL(path, site).href, { waitUntil: "load" });
  await page.waitForFunction(() => !document.getElementById("root")?.hasAttribute("inert"), { timeout: 60_000 });
  await page.waitForNetworkIdle({ idleTime: 1000, timeout: 30_000 }).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

  const cdp = await page.createCDPSession();
  if (process.env.CPU_RATE) await cdp.send("Emulation.setCPUThrottlingRate", { rate: Number(process.env.CPU_RATE) });
  const events = [];
  cdp.on("Tracing.dataCollected", (e) => events.push(...e.value));
  const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.start", {
    categories: "devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,toplevel,blink.user_timing",
    transferMode: "ReportEvents",
  });
  const before = await page.evaluate(() => {
    window.__countCommits = true;
    window.__reactCommits.length = 0;
    return window.__liveReadings.length;
  });
  await page.waitForFunction((n) => window.__liveReadings.length >= n, { timeout: 120_000, polling: 200 }, before + READINGS);
  await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 200));
  const commits = await page.evaluate(() => window.__reactCommits);
  await cdp.send("Tracing.end");
  await complete;

  // The page's main thread: the renderer with the most style recalculations.
  const perProcess = new Map();
  for (const e of events) if (e.name === "UpdateLayoutTree") perProcess.set(e.pid, (perProcess.get(e.pid) ?? 0) + 1);
  const pid = [...perProcess].sort((a, b) => b[1] - a[1])[0]?.[0];
  const tid = events.find((e) => e.ph === "M" && e.name === "thread_name" && e.pid === pid && e.args?.name === "CrRendererMain")?.tid;
  const main = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === "X").sort((a, b) => a.ts - b.ts);
  const tasks = main.filter((e) => e.name === "RunTask");
  const marks = events.filter((e) => e.pid === pid && e.name === "market_tick");
  const within = (task, e) => e.ts >= task.ts && e.ts < task.ts + task.dur;
  const socketTasks = tasks.filter((task) => marks.some((e) => within(task, e)));
  const describe = (list) => {
    let restyled = 0;
    let laidOut = 0;
    for (const task of list)
      for (const e of main)
        if (within(task, e)) {
          if (e.name === "UpdateLayoutTree") restyled += e.args?.elementCount ?? 0;
          if (e.name === "Layout") laidOut += e.args?.beginData?.dirtyObjects ?? 0;
        }
    return {
      tasks: list.length,
      cpuMs: round(list.reduce((s, t) => s + cpu(t), 0)),
      maxMs: round(Math.max(0, ...list.map(cpu))),
      restyled,
      laidOut,
    };
  };
  const rows = [];
  for (const handler of socketTasks) {
    const end = handler.ts + WINDOW_MS * 1000;
    const after = tasks.filter((t) => t !== handler && t.ts > handler.ts && t.ts < end);
    const rest = describe(after);
    rows.push({
      "handler ms": round(cpu(handler)),
      "then: tasks": rest.tasks,
      "cpu ms": rest.cpuMs,
      "max ms": rest.maxMs,
      restyled: rest.restyled,
      "laid out": rest.laidOut,
    });
  }
  if (process.env.DETAIL) {
    // Every task over 0.5 ms after the first reading, with its events' total time by name.
    const h = socketTasks[0];
    for (const t of tasks.filter((t) => h && t.ts >= h.ts && t.ts < h.ts + WINDOW_MS * 1000 && cpu(t) > 0.5)) {
      const by = {};
      for (const e of main) if (within(t, e) && e !== t) by[e.name] = (by[e.name] ?? 0) + cpu(e);
      const top = Object.entries(by)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 7)
        .map(([k, v]) => `${k} ${round(v)}`);
      console.log(`+${round((t.ts - h.ts) / 1000)} ms ${round(cpu(t))} ms: ${top.join(", ")}`);
    }
  }
  console.log(`${site}${path} at ${width} px: ${socketTasks.length} readings, window ${WINDOW_MS} ms after each`);
  console.table(rows);
  // Baseline: windows of the same length that start no sooner than WINDOW_MS after a message.
  const quiet = [];
  const first = tasks[0]?.ts ?? 0;
  const last = tasks.at(-1)?.ts ?? 0;
  for (let start = first; start + WINDOW_MS * 1000 < last; start += WINDOW_MS * 1000) {
    const stop = start + WINDOW_MS * 1000;
    if (socketTasks.some((s) => s.ts > start - WINDOW_MS * 1000 && s.ts < stop)) continue;
    quiet.push(describe(tasks.filter((t) => t.ts >= start && t.ts < stop)));
  }
  if (quiet.length) {
    const avg = (k) => round(quiet.reduce((s, q) => s + q[k], 0) / quiet.length);
    console.log(
      `baseline (${quiet.length} windows without a reading): tasks ${avg("tasks")}, cpu ${avg("cpuMs")} ms, max ${avg("maxMs")} ms, restyled ${avg("restyled")}, laid out ${avg("laidOut")}`,
    );
  }
  console.log(`React commits while tracing: ${commits.length}`);
  for (const c of commits) {
    const top = (o) =>
      Object.entries(o)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([k, v]) => `${k}×${v}`)
        .join(" ");
    console.log(`  at ${Math.round(c.at)} ms: ${c.components} components (${top(c.names)}), ${c.hosts} elements (${top(c.hostNames)})`);
  }
} finally {
  await browser.close();
}
