#!/usr/bin/env node
/**
 * What a first visit does before its first paint: the entry chunk's evaluation (wall and CPU time),
 * first paint and first contentful paint, the functions the CPU profile samples most during the
 * evaluation, and every call of a start-up API with a synchronous or costly first use (localStorage,
 * sessionStorage, document.cookie, indexedDB.open, matchMedia, Intl constructors, service worker
 * registration, WebSocket) made before the first paint and up to the end of the load.
 *
 *   node bench/start-work.mjs <site URL> <path> [runs=5] [cpu slowdown=1]
 *
 * Playwright-core with Chromium at CHROME_PATH (default /usr/bin/chromium), a fresh browser context per
 * run (empty storage, no cookies unless COOKIE="name=value; …" is given), 390×844 px, Burmese, no network
 * throttling; the CPU slowed down with CDP Emulation.setCPUThrottlingRate when asked (12: the cheap-Android
 * profile). The timing runs are not instrumented; one more run wraps the APIs above (a few µs each) to
 * list the calls. Prints each run and the medians.
 */
import { chromium } from "playwright-core";

const [site, path, runsArg = "5", slowdownArg = "1"] = process.argv.slice(2);
if (!site || !path) {
  console.error("usage: node bench/start-work.mjs <site URL> <path> [runs] [cpu slowdown]");
  process.exit(2);
}
const runs = Number(runsArg);
const slowdown = Number(slowdownArg);
const url = new URL(path, site).href;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (us) => Math.round(us / 100) / 10;

/** Wraps the start-up APIs in the page; each call is kept with its time and whether a paint had happened. */
function instrument() {
  const calls = [];
  window.__startCalls = calls;
  let painted = false;
  new PerformanceObserver((list) => {
    if (list.getEntries().some((e) => e.name === "first-paint")) painted = true;
  }).observe({ type: "paint", buffered: true });
  const note = (what) => {
    const stack = (new Error().stack ?? "").split("\n").slice(3, 4).join("").trim();
    calls.push({ what, at: Math.round(performance.now() * 10) / 10, beforePaint: !painted, stack });
  };
  const wrapGetter = (target, prop, label) => {
    const desc = Object.getOwnPropertyDescriptor(target, prop);
    if (!desc?.get) return;
    Object.defineProperty(target, prop, {
      ...desc,
      get() {
        note(label);
        return desc.get.call(this);
      },
    });
  };
  const wrapMethod = (target, prop, label) => {
    const original = target?.[prop];
    if (typeof original !== "function") return;
    target[prop] = function (...args) {
      note(`${label}${args.length && typeof args[0] === "string" ? `(${args[0]})` : ""}`);
      return original.apply(this, args);
    };
  };
  // The first touch of either storage object opens it, whatever is done with it.
  wrapGetter(window, "localStorage", "localStorage");
  wrapGetter(window, "sessionStorage", "sessionStorage");
  const cookie = Object.getOwnPropertyDescriptor(Document.prototype, "cookie");
  Object.defineProperty(Document.prototype, "cookie", {
    ...cookie,
    get() {
      note("document.cookie (read)");
      return cookie.get.call(this);
    },
    set(value) {
      note(`document.cookie = ${String(value).split("=")[0]}`);
      cookie.set.call(this, value);
    },
  });
  wrapMethod(IDBFactory.prototype, "open", "indexedDB.open");
  wrapMethod(window, "matchMedia", "matchMedia");
  for (const name of ["DateTimeFormat", "NumberFormat", "PluralRules", "Collator", "RelativeTimeFormat", "Segmenter", "ListFormat"]) {
    const Original = Intl[name];
    if (typeof Original !== "function") continue;
    const Wrapped = (...args) => {
      note(`Intl.${name}`);
      return new Original(...args);
    };
    Wrapped.prototype = Original.prototype;
    Object.assign(Wrapped, Original);
    Wrapped.supportedLocalesOf = Original.supportedLocalesOf;
    Intl[name] = Wrapped;
  }
  for (const name of ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"]) wrapMethod(Date.prototype, name, `Date.${name}`);
  wrapMethod(Number.prototype, "toLocaleString", "Number.toLocaleString");
  if (navigator.serviceWorker) wrapMethod(ServiceWorkerContainer.prototype, "register", "serviceWorker.register");
  const OriginalSocket = window.WebSocket;
  window.WebSocket = (...args) => {
    note(`WebSocket(${args[0]})`);
    return new OriginalSocket(...args);
  };
  window.WebSocket.prototype = OriginalSocket.prototype;
}

/** When the app has taken the page over (a drawn page's #root loses \`inert\`). */
function watchTakeOver() {
  new MutationObserver((_, observer) => {
    const root = document.getElementById("root");
    if (root && !root.hasAttribute("inert") && (root.firstChild || document.readyState !== "loading")) {
      window.__takenOver = performance.now();
      observer.disconnect();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["inert"], childList: true });
}

async function openPage(browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: "my",
    extraHTTPHeaders: { "Accept-Language": "my" },
  });
  if (process.env.COOKIE) {
    const host = new URL(site);
    await context.addCookies(
      process.env.COOKIE.split(";").map((part) => {
        const [name, ...value] = part.trim().split("=");
        return { name, value: value.join("="), domain: host.hostname, path: "/" };
      }),
    );
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (slowdown > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
  return { context, page, cdp };
}

async function untilTakenOver(page) {
  await page.waitForFunction(() => !document.getElementById("root")?.hasAttribute("inert"), undefined, { timeout: 120_000 });
  await page.waitForLoadState("networkidle").catch(() => undefined);
}

async function timedRun(browser) {
  const { context, page, cdp } = await openPage(browser);
  const events = [];
  cdp.on("Tracing.dataCollected", (e) => events.push(...e.value));
  const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  await cdp.send("Tracing.start", {
    categories: "devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,v8,toplevel,loading",
    transferMode: "ReportEvents",
  });
  await cdp.send("Profiler.start");
  await page.addInitScript(watchTakeOver);
  await page.goto(url, { waitUntil: "load" });
  await untilTakenOver(page);
  const { fp, fcp, takenOver } = await page.evaluate(() => ({
    fp: performance.getEntriesByName("first-paint")[0]?.startTime ?? Number.NaN,
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    takenOver: window.__takenOver ?? Number.NaN,
  }));
  const { profile } = await cdp.send("Profiler.stop");
  await cdp.send("Tracing.end");
  await complete;
  await context.close();

  const perProcess = new Map();
  for (const e of events) if (e.name === "UpdateLayoutTree") perProcess.set(e.pid, (perProcess.get(e.pid) ?? 0) + 1);
  const pid = [...perProcess].sort((a, b) => b[1] - a[1])[0]?.[0];
  const fpTs = events.find((e) => e.name === "firstPaint")?.ts;
  // The entry chunk's evaluation: the longest module evaluation (it evaluates the modules it imports).
  const evaluation = events.filter((e) => e.pid === pid && e.name === "v8.evaluateModule" && e.ph === "X").sort((a, b) => b.dur - a.dur)[0];

  // The functions sampled during the evaluation: self time, and the time with their callees.
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n.id);
  const label = (n) => {
    const f = n.callFrame;
    const file = f.url ? f.url.split("/").pop() : "";
    return `${f.functionName || "(anonymous)"} ${file}${file ? `:${f.lineNumber + 1}:${f.columnNumber + 1}` : ""}`;
  };
  const self = new Map();
  const total = new Map();
  let t = profile.startTime;
  let sampled = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const dt = profile.timeDeltas[i + 1] ?? 0;
    if (!evaluation || t < evaluation.ts || t > evaluation.ts + evaluation.dur) continue;
    sampled += dt;
    let node = nodes.get(profile.samples[i]);
    self.set(label(node), (self.get(label(node)) ?? 0) + dt);
    const seen = new Set();
    while (node) {
      const name = label(node);
      if (!seen.has(name)) total.set(name, (total.get(name) ?? 0) + dt);
      seen.add(name);
      node = nodes.get(parents.get(node.id));
    }
  }
  const top = (map) =>
    [...map]
      .filter(([name]) => !/^\((root|program|idle)\)/.test(name))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([name, us]) => `${ms(us)} ${name}`);
  return {
    fp: Math.round(fp * 10) / 10,
    fcp: Math.round(fcp * 10) / 10,
    takenOver: Math.round(takenOver * 10) / 10,
    // Where the evaluation ran relative to the first paint (negative: before it).
    evalAfterFp: evaluation && fpTs ? ms(evaluation.ts - fpTs) : Number.NaN,
    evalWall: evaluation ? ms(evaluation.dur) : Number.NaN,
    evalCpu: evaluation ? ms(evaluation.tdur ?? evaluation.dur) : Number.NaN,
    sampled: ms(sampled),
    topSelf: top(self),
    topTotal: top(total),
  };
}

async function instrumentedRun(browser) {
  const { context, page } = await openPage(browser);
  await page.addInitScript(instrument);
  await page.goto(url, { waitUntil: "load" });
  await untilTakenOver(page);
  await page.waitForTimeout(Number(process.env.WAIT_MS ?? 3000));
  const calls = await page.evaluate(() => window.__startCalls);
  await context.close();
  return calls;
}

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  console.log(`${url}, CPU ×${slowdown}, ${runs} runs${process.env.COOKIE ? `, cookies: ${process.env.COOKIE}` : ""}`);
  const results = [];
  for (let i = 0; i < runs; i++) {
    const r = await timedRun(browser);
    results.push(r);
    console.log(
      `run ${i + 1}: first paint ${r.fp} ms, FCP ${r.fcp} ms, entry evaluation ${r.evalWall} ms wall / ${r.evalCpu} ms CPU (starting ${r.evalAfterFp} ms after first paint), taken over at ${r.takenOver} ms`,
    );
  }
  const mid = results.map((r) => r.evalCpu).indexOf(median(results.map((r) => r.evalCpu)));
  const shown = results[mid >= 0 ? mid : 0];
  console.log(`\nmedian run's profile of the entry evaluation (${shown.sampled} ms sampled), self ms:`);
  for (const line of shown.topSelf) console.log(`  ${line}`);
  console.log("with callees, ms:");
  for (const line of shown.topTotal) console.log(`  ${line}`);
  console.log(
    `\nmedians: first paint ${median(results.map((r) => r.fp))} ms, FCP ${median(results.map((r) => r.fcp))} ms, entry evaluation ${median(
      results.map((r) => r.evalWall),
    )} ms wall / ${median(results.map((r) => r.evalCpu))} ms CPU, taken over at ${median(results.map((r) => r.takenOver))} ms`,
  );
  const calls = await instrumentedRun(browser);
  console.log("\nstart-up API calls (instrumented run), ms after navigation:");
  for (const c of calls)
    console.log(`  ${String(c.at).padStart(7)} ${c.beforePaint ? "before paint" : "after paint "} ${c.what}  ${c.stack}`);
} finally {
  await browser.close();
}
