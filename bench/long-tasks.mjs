#!/usr/bin/env node
/**
 * The main-thread tasks of an unthrottled first visit, each with what it is, and the "simulated TBT
 * estimate" Lighthouse's simulated throttling would make of them: the sum over tasks after the first
 * contentful paint of max(0, SLOWDOWN × duration − 50 ms) (SLOWDOWN 12 is the cheap-Android profile's,
 * 4 the default mobile one's). A task of 4 ms costs nothing at ×12, one of 40 ms costs 430 ms.
 *
 *   node bench/long-tasks.mjs <site URL> <path> [runs=5] [width=390]
 *
 * Durations are the main thread's CPU time in each task (the trace's thread time), so that a loaded
 * machine inflates them far less than wall time; the wall time is printed beside them.
 *
 * CHROME_FLAGS adds flags to Chromium's command line (lib/setup.mjs, `extraChromeFlags`).
 *
 * Against a running server (`npm run serve` with `PORT`). Chromium at CHROME_PATH (default
 * /usr/bin/chromium), 390×844 px, Burmese, a visitor, no CPU or network throttling (what Lighthouse
 * observes before it simulates), everything until the app has taken the page over, the network has
 * been quiet for 1 s, and WAIT_MS (default 3,000) more. Prints each
 * run's estimate and, for the run with the median estimate, every task over MIN_MS (default 4 ms):
 * start after navigation (ms), duration, and its self time by kind (script per file, style with the
 * elements restyled, layout with the objects laid out, HTML parsing, GC, paint). Then the medians
 * over the runs of the estimate and of the time by kind. CPU time still depends somewhat on the
 * machine's load (caches, frequency): compare before / after on the same machine in alternated runs,
 * and state the load average.
 */
import puppeteer from "puppeteer-core";
import { extraChromeFlags } from "./lib/setup.mjs";

const [site, path, runsArg = "5", widthArg = "390"] = process.argv.slice(2);
if (!site || !path) {
  console.error("usage: node bench/long-tasks.mjs <site URL> <path> [runs] [width]");
  process.exit(2);
}
const width = Number(widthArg);
const SLOWDOWN = Number(process.env.SLOWDOWN ?? 12);
const MIN_MS = Number(process.env.MIN_MS ?? 4);
const WAIT_MS = Number(process.env.WAIT_MS ?? 3000);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (us) => Math.round(us / 100) / 10;
const shortUrl = (url) => {
  if (!url) return "";
  try {
    const { pathname } = new URL(url);
    return pathname.split("/").pop() || pathname;
  } catch {
    return url.slice(0, 40);
  }
};

/** What a trace event is, for the breakdown: a kind and, for script, the file. */
function kindOf(event, inheritedUrl) {
  const data = event.args?.data ?? {};
  switch (event.name) {
    case "UpdateLayoutTree":
    case "RecalculateStyles":
    case "ParseAuthorStyleSheet":
      return { kind: "style" };
    case "Layout":
      return { kind: "layout" };
    case "ParseHTML":
      return { kind: "parseHTML" };
    case "MajorGC":
    case "MinorGC":
    case "V8.GCScavenger":
    case "V8.GCIncrementalMarking":
    case "V8.GCFinalizeMC":
    case "V8.GCCompactor":
    case "BlinkGC.AtomicPhase":
      return { kind: "gc" };
    case "Paint":
    case "PrePaint":
    case "Layerize":
    case "UpdateLayer":
    case "Commit":
    case "CompositeLayers":
    case "PaintImage":
    case "Decode Image":
      return { kind: "paint" };
    case "EvaluateScript":
    case "v8.compile":
    case "v8.compileModule":
    case "v8.evaluateModule":
    case "v8.produceModuleCache":
    case "FunctionCall":
    case "TimerFire":
    case "FireAnimationFrame":
    case "FireIdleCallback":
    case "EventDispatch":
    case "RunMicrotasks":
    case "v8.run":
    case "V8.Execute":
    case "HandlePostMessage":
      return { kind: "script", url: data.url || event.args?.fileName || inheritedUrl };
    case "IntersectionObserverController::computeIntersections":
      return { kind: "intersections" };
    case "ResourceFetcher::requestResource":
    case "ResourceDispatcher::OnReceivedResponse":
    case "DocumentLoader::CommitNavigation":
    case "PageTimingMetricsSender::SendNow":
      return { kind: "loading" };
    default:
      // V8's own entries (compile, call, GC interrupts) belong to the script they run in.
      if (/^v8\./i.test(event.name)) return { kind: "script", url: data.url || event.args?.fileName || inheritedUrl };
      return null;
  }
}

/**
 * A task's time on the main thread's CPU (`tdur`), not its wall time: on a loaded machine the wall
 * time is mostly waiting for a core (a task of 3 ms of CPU took 140 ms of wall time at load average
 * 27), which says nothing about the page. Falls back to the wall time where the trace has no thread time.
 */
const cpu = (event) => event.tdur ?? event.dur;

async function loadOnce(browser) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width, height: 844 });
  await page.setExtraHTTPHeaders({ "Accept-Language": "my" });
  const cdp = await page.createCDPSession();
  const events = [];
  cdp.on("Tracing.dataCollected", (e) => events.push(...e.value));
  const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.start", {
    categories: "devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,v8,toplevel,blink.user_timing,loading",
    transferMode: "ReportEvents",
  });
  await page.goto(new URL(path, site).href, { waitUntil: "load" });
  // Until the app has taken the page over (a drawn page's #root loses `inert`) and the network has
  // been quiet for a second, then WAIT_MS more: what the first visit starts after hydration is in.
  await page.waitForFunction(() => !document.getElementById("root")?.hasAttribute("inert"), { timeout: 60_000 });
  await page.waitForNetworkIdle({ idleTime: 1000, timeout: 30_000 }).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
  await cdp.send("Tracing.end");
  await complete;
  await context.close();

  // The page's main thread: CrRendererMain of the process with the most style recalculations.
  const perProcess = new Map();
  for (const e of events) if (e.name === "UpdateLayoutTree") perProcess.set(e.pid, (perProcess.get(e.pid) ?? 0) + 1);
  const pid = [...perProcess].sort((a, b) => b[1] - a[1])[0]?.[0];
  const tid = events.find((e) => e.ph === "M" && e.name === "thread_name" && e.pid === pid && e.args?.name === "CrRendererMain")?.tid;
  const main = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === "X").sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const navStart =
    events.find((e) => e.pid === pid && e.name === "navigationStart" && e.args?.data?.isLoadingMainFrame)?.ts ??
    events.find((e) => e.pid === pid && e.name === "navigationStart")?.ts ??
    main[0]?.ts ??
    0;
  const fcp = events.find((e) => e.pid === pid && e.name === "firstContentfulPaint")?.ts ?? navStart;

  const tasks = main.filter((e) => e.name === "RunTask" && e.ts >= navStart);
  const inner = main.filter((e) => e.name !== "RunTask");
  const rows = [];
  let cursor = 0;
  for (const task of tasks) {
    const end = task.ts + task.dur;
    while (cursor < inner.length && inner[cursor].ts < task.ts) cursor++;
    const children = [];
    for (let i = cursor; i < inner.length && inner[i].ts < end; i++) children.push(inner[i]);
    // Self time per kind: nest the events by time, each classified event's time less its classified children's.
    const self = new Map();
    const details = { styleElements: 0, layoutObjects: 0 };
    const stack = [];
    let classifiedTotal = 0;
    for (const e of children) {
      while (stack.length && stack[stack.length - 1].end <= e.ts) stack.pop();
      const parent = stack.findLast((s) => s.kind);
      const kind = kindOf(e, parent?.kind?.url);
      const node = { end: e.ts + (e.dur ?? 0), kind };
      if (kind) {
        const key = kind.kind === "script" ? `script ${shortUrl(kind.url) || "?"}` : kind.kind;
        self.set(key, (self.get(key) ?? 0) + cpu(e));
        if (parent) {
          const parentKey = parent.kind.kind === "script" ? `script ${shortUrl(parent.kind.url) || "?"}` : parent.kind.kind;
          self.set(parentKey, (self.get(parentKey) ?? 0) - cpu(e));
        } else classifiedTotal += cpu(e);
        if (e.name === "UpdateLayoutTree") details.styleElements += e.args?.elementCount ?? 0;
        if (e.name === "Layout") details.layoutObjects += e.args?.beginData?.dirtyObjects ?? 0;
      }
      stack.push(node);
    }
    const other = cpu(task) - classifiedTotal;
    if (other > 0) self.set("other", other);
    rows.push({ start: task.ts - navStart, dur: cpu(task), wall: task.dur, afterFcp: task.ts >= fcp, self, details });
  }
  const cost = (dur) => Math.max(0, (SLOWDOWN * dur) / 1000 - 50);
  const estimate = Math.round(rows.filter((r) => r.afterFcp).reduce((t, r) => t + cost(r.dur), 0));
  const estimateAll = Math.round(rows.reduce((t, r) => t + cost(r.dur), 0));
  const byKind = new Map();
  for (const r of rows) for (const [k, v] of r.self) byKind.set(k.split(" ")[0], (byKind.get(k.split(" ")[0]) ?? 0) + v);
  return { rows, estimate, estimateAll, fcp: fcp - navStart, byKind };
}

const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--lang=my", ...extraChromeFlags()],
});
const runs = [];
try {
  // One load to warm the server and the browser's caches of the compiled code are per context, so not kept.
  await loadOnce(browser);
  for (let run = 0; run < Number(runsArg); run++) runs.push(await loadOnce(browser));
} finally {
  await browser.close();
}

const { loadavg } = await import("node:os");
console.log(
  `${new URL(path, site).href} at ${width} px, ${runs.length} loads, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
console.log(
  `simulated TBT estimate (×${SLOWDOWN}, tasks after FCP) per run: ${runs.map((r) => r.estimate).join(", ")} ms; median ${median(runs.map((r) => r.estimate))} ms`,
);
console.log(`the same over every task: median ${median(runs.map((r) => r.estimateAll))} ms`);
const kinds = new Set(runs.flatMap((r) => [...r.byKind.keys()]));
console.log(
  `median main-thread time by kind (ms): ${[...kinds].map((k) => `${k} ${ms(median(runs.map((r) => r.byKind.get(k) ?? 0)))}`).join(", ")}`,
);
const sorted = [...runs].sort((a, b) => a.estimate - b.estimate);
const typical = sorted[Math.floor((sorted.length - 1) / 2)];
console.log(`\ntasks over ${MIN_MS} ms of the median run (FCP at ${ms(typical.fcp)} ms):`);
console.table(
  typical.rows
    .filter((r) => r.dur >= MIN_MS * 1000)
    .map((r) => ({
      at: ms(r.start),
      ms: ms(r.dur),
      wall: ms(r.wall),
      [`×${SLOWDOWN} cost`]: r.afterFcp ? Math.round(Math.max(0, (SLOWDOWN * r.dur) / 1000 - 50)) : "(before FCP)",
      what: [...r.self]
        .filter(([, v]) => v >= 300)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k} ${ms(v)}`)
        .join(", "),
      restyled: r.details.styleElements || "",
      laidOut: r.details.layoutObjects || "",
    })),
);
