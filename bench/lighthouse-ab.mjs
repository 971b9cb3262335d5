import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { createScratchDatabase } from "./lib/database.mjs";
import { prepareMarket } from "./lib/market.mjs";
import { CHEAP_ANDROID, visitOnce } from "./lib/phone.mjs";
import { startServer } from "./lib/servers.mjs";
import { demoPlayerSession, writeSession } from "./lib/session.mjs";
import { extraChromeFlags } from "./lib/setup.mjs";
import { median } from "./lib/statistics.mjs";

/**
 * One page, several builds, Lighthouse runs alternated between them (A, B, A, B, …), so a machine whose
 * speed drifts during the runs (other work, a noisy neighbour) weighs on every build alike:
 *
 *   node bench/lighthouse-ab.mjs <path> <signed in: 0|1> <runs> <web dist> [<web dist> …]
 *
 * Each build (a `vite build --outDir` folder) is served by its own server (`WEB_DIST`) on one scratch
 * database with the demo data (`BENCH_LH_MARKET=open`: the SET market read all day, bench/lib/market.mjs). `PROFILE=default` uses Lighthouse's default mobile profile; otherwise the
 * cheap-Android profile of `lighthouse.mjs` (RTT 300 ms, 700 Kbps, CPU ×12, simulated). Signed in: as in
 * `lighthouse.mjs`, a fresh context with the demo player's session and the signed-in cookie written from
 * `/api/health` first. Prints each run (score, FCP, LCP, TBT, the benchmark index, the LCP element and
 * its phases; `REQS=1` adds the observed FCP and LCP and the requests, `TASKS=1` Lighthouse's long tasks;
 * `CHROME_FLAGS` adds flags to Chromium's command line) and the medians per build. `REPEAT=1` measures a repeat
 * visit instead: the page visited once in the run's fresh context (service worker installed, requests settled), then
 * measured with storage kept, as `lighthouse.mjs` does. A comparison tool, not the results
 * table: it writes nothing under bench/results.
 */
const [path, signedIn, runsArg, ...dists] = process.argv.slice(2);
if (!path?.startsWith("/") || !["0", "1"].includes(signedIn) || dists.length === 0) {
  console.error("usage: node bench/lighthouse-ab.mjs <path> <signed in: 0|1> <runs> <web dist> [<web dist> …]");
  process.exit(2);
}
const RUNS = Math.max(1, Number(runsArg) || 3);
const profile = process.env.PROFILE === "default" ? {} : CHEAP_ANDROID;
const REPEAT = process.env.REPEAT === "1";

const db = await createScratchDatabase();
const servers = [];
let chrome;
let browser;
try {
  for (const dist of dists) servers.push(await startServer({ databaseUrl: db.url, env: { WEB_DIST: dist } }));
  const market = await prepareMarket(db.url, servers[0].base);
  console.log(`SET market ${market.mode}: ${market.status_before_runs}`);
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", ...extraChromeFlags()],
  });
  browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const session = signedIn === "1" ? await demoPlayerSession(servers[0].base) : undefined;
  const all = dists.map(() => []);
  for (let run = 0; run < RUNS; run++) {
    for (let i = 0; i < dists.length; i++) {
      const base = servers[i].base;
      const config = { extends: "lighthouse:default", settings: { onlyCategories: ["performance"], ...profile } };
      const flags = { output: "json", logLevel: "error", onlyCategories: ["performance"] };
      const context = await browser.createBrowserContext();
      let lhr;
      try {
        if (session || REPEAT) {
          const tab = await context.newPage();
          if (session) await writeSession(tab, base, session);
          if (REPEAT) await visitOnce(tab, `${base}${path}`);
          config.settings.disableStorageReset = true;
          lhr = (await lighthouse(`${base}${path}`, flags, config, tab)).lhr;
        } else {
          lhr = (await lighthouse(`${base}${path}`, { ...flags, port: chrome.port }, config)).lhr;
        }
      } finally {
        await context.close().catch(() => undefined);
      }
      if (lhr.runtimeError) console.log(`  runtime error: ${JSON.stringify(lhr.runtimeError)}`);
      const audits = lhr.audits;
      const m = {
        score: Math.round(lhr.categories.performance.score * 100),
        fcp: Math.round(audits["first-contentful-paint"].numericValue),
        lcp: Math.round(audits["largest-contentful-paint"].numericValue),
        tbt: Math.round(audits["total-blocking-time"].numericValue),
        cls: audits["cumulative-layout-shift"].numericValue,
        index: lhr.environment.benchmarkIndex,
        ended: new URL(lhr.finalDisplayedUrl).pathname,
      };
      all[i].push(m);
      const lcp = audits["largest-contentful-paint-element"]?.details?.items;
      const element = lcp?.[0]?.items?.[0]?.node?.snippet?.slice(0, 100);
      const phases = lcp?.[1]?.items?.map((p) => `${p.phase} ${Math.round(p.timing)}`).join(", ");
      console.log(`${dists[i]} run ${run + 1}: ${JSON.stringify(m)}; LCP element ${element} (${phases})`);
      if (process.env.TASKS) {
        // Lighthouse's long tasks, with their simulated durations on this profile and the script they belong to.
        for (const t of audits["long-tasks"]?.details?.items ?? []) {
          console.log(`  task at ${Math.round(t.startTime)} ms: ${Math.round(t.duration)} ms ${String(t.url).replace(base, "")}`);
        }
      }
      if (process.env.REQS) {
        // The unthrottled load the simulation starts from: the simulated LCP counts the requests that ended before its LCP.
        const observed = audits.metrics?.details?.items?.[0] ?? {};
        console.log(
          `  observed: FCP ${Math.round(observed.observedFirstContentfulPaint)} ms, LCP ${Math.round(observed.observedLargestContentfulPaint)} ms`,
        );
        for (const r of audits["network-requests"].details.items) {
          console.log(
            `  ${Math.round(r.networkRequestTime)}–${Math.round(r.networkEndTime)} ms ${r.resourceType} ${r.transferSize} B ${r.url.replace(base, "")}`,
          );
        }
      }
    }
  }
  for (let i = 0; i < dists.length; i++) {
    const of = (key) => median(all[i].map((m) => m[key]));
    console.log(
      `median ${dists[i]}: score ${of("score")}, FCP ${of("fcp")} ms, LCP ${of("lcp")} ms, TBT ${of("tbt")} ms, CLS ${of("cls")}, index ${of("index")}`,
    );
  }
} finally {
  await browser?.disconnect().catch(() => undefined);
  await chrome?.kill();
  for (const server of servers) await server.stop();
  await db.drop();
}
