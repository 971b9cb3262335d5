#!/usr/bin/env node
/**
 * What a page costs the main thread once it is up and nothing happens: its clocks (a countdown
 * drawn every second) and its endless animations (the marquee).
 *
 *   node bench/page-ticks.mjs <site URL> <path> [seconds=6] [width=390]
 *
 * Chromium at CHROME_PATH (default /usr/bin/chromium), 390×844 px, Burmese, a visitor; CPU_RATE=12
 * throttles the CPU as Lighthouse's cheap-Android profile does (CDP Emulation.setCPUThrottlingRate).
 * After the page is taken over, the network quiet for 1 s and SETTLE_MS (default 3,000) more, it
 * traces `seconds` seconds four times: the page as it is, with the marquee's animation paused, with
 * every animation on the page paused, and with the marquee's alone running (the differences are
 * what the animations cost). For each: main-thread tasks per second
 * (all, and those over 0.1 ms of CPU), the timer tasks (setInterval ticks) with their CPU time and
 * the elements they restyled, frames drawn on the main thread per second, and what each React commit
 * drew again (a stand-in React DevTools hook: function components that performed work, host elements
 * whose props changed) with the CPU time of the task it ran in and of the frame that drew it. Animations that the compositor could not take are listed with Chromium's reason.
 */
import puppeteer from "puppeteer-core";
import { countReactCommits } from "./lib/react-commits.mjs";

const [site, path, secondsArg = "6", widthArg = "390"] = process.argv.slice(2);
if (!site || !path) {
  console.error("usage: node bench/page-ticks.mjs <site URL> <path> [seconds] [width]");
  process.exit(2);
}
const SECONDS = Number(secondsArg);
const width = Number(widthArg);
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 3000);
const round = (x) => Math.round(x * 10) / 10;
const cpu = (event) => (event.tdur ?? event.dur) / 1000;

async function trace(page, cdp) {
  const events = [];
  const onData = (e) => events.push(...e.value);
  cdp.on("Tracing.dataCollected", onData);
  const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.start", {
    categories: "devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,toplevel,blink.user_timing,cc,benchmark",
    transferMode: "ReportEvents",
  });
  await page.evaluate(() => {
    window.__countCommits = true;
    window.__reactCommits.length = 0;
  });
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  const commits = await page.evaluate(() => {
    window.__countCommits = false;
    return window.__reactCommits;
  });
  await cdp.send("Tracing.end");
  await complete;
  cdp.off("Tracing.dataCollected", onData);

  const perProcess = new Map();
  for (const e of events) if (e.name === "RunTask" && e.ph === "X") perProcess.set(e.pid, (perProcess.get(e.pid) ?? 0) + 1);
  const pid = [...perProcess].sort((a, b) => b[1] - a[1])[0]?.[0];
  const tid = events.find((e) => e.ph === "M" && e.name === "thread_name" && e.pid === pid && e.args?.name === "CrRendererMain")?.tid;
  const main = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === "X").sort((a, b) => a.ts - b.ts);
  const tasks = main.filter((e) => e.name === "RunTask");
  const within = (task, e) => e.ts >= task.ts && e.ts < task.ts + task.dur;
  const inside = (task, name) => main.filter((e) => e.name === name && within(task, e));
  const timers = tasks.filter((t) => inside(t, "TimerFire").length > 0);
  const frames = tasks.filter((t) => inside(t, "UpdateLayoutTree").length > 0 || inside(t, "Paint").length > 0);
  const restyledIn = (t) => inside(t, "UpdateLayoutTree").reduce((s, e) => s + (e.args?.elementCount ?? 0), 0);
  // Each React commit: the task it ran in, and the frame that drew it (restyle, layout, paint).
  const marks = events.filter((e) => e.pid === pid && e.name === "react-commit");
  const drawn = marks.map((mark) => {
    const task = tasks.find((t) => within(t, mark));
    const frame = task && (frames.includes(task) ? task : frames.find((f) => f.ts > task.ts && f.ts < task.ts + 100_000));
    return {
      renderMs: task ? round(cpu(task)) : null,
      frameMs: frame && frame !== task ? round(cpu(frame)) : 0,
      restyled: frame ? restyledIn(frame) : 0,
      // With DETAIL=1: the frame's steps by CPU time.
      steps:
        process.env.DETAIL && frame
          ? Object.entries(
              main
                .filter((e) => e !== frame && within(frame, e))
                .reduce((by, e) => Object.assign(by, { [e.name]: (by[e.name] ?? 0) + cpu(e) }), {}),
            )
              .sort((a, b) => b[1] - a[1])
              .slice(0, 8)
              .map(([k, v]) => `${k} ${round(v)}`)
              .join(", ")
          : undefined,
    };
  });
  const failed = events
    .filter((e) => e.pid === pid && e.name === "Animation" && e.args?.data?.compositeFailed)
    .map(
      (e) =>
        `${e.args.data.name ?? "?"}: compositeFailed ${e.args.data.compositeFailed} (${(e.args.data.unsupportedProperties ?? []).join(", ")})`,
    );
  const span = SECONDS;
  return {
    tasksPerSecond: round(tasks.length / span),
    busyTasksPerSecond: round(tasks.filter((t) => cpu(t) > 0.1).length / span),
    mainFramesPerSecond: round(frames.length / span),
    cpuPerSecond: round(tasks.reduce((s, t) => s + cpu(t), 0) / span),
    maxTaskMs: round(Math.max(0, ...tasks.map(cpu))),
    timerTasks: timers.map((t) => ({ ms: round(cpu(t)), restyled: restyledIn(t) })),
    // The frame right after a timer task (its restyle, layout and paint, when drawing is not in the same task).
    framesAfterTimers: timers.map((t) => {
      const next = frames.find((f) => f.ts >= t.ts && f.ts < t.ts + 100_000);
      return next ? { ms: round(cpu(next)), restyled: restyledIn(next) } : null;
    }),
    commits: commits.map((c, i) => ({ ...c, ...drawn[i] })),
    failed: [...new Set(failed)],
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
  await page.goto(new URL(path, site).href, { waitUntil: "load" });
  await page.waitForFunction(() => !document.getElementById("root")?.hasAttribute("inert"), { timeout: 60_000 });
  await page.waitForNetworkIdle({ idleTime: 1000, timeout: 30_000 }).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const cdp = await page.createCDPSession();
  if (process.env.CPU_RATE) await cdp.send("Emulation.setCPUThrottlingRate", { rate: Number(process.env.CPU_RATE) });

  const report = (label, r) => {
    console.log(
      `${label}: ${r.tasksPerSecond} tasks/s (${r.busyTasksPerSecond} over 0.1 ms), ${r.mainFramesPerSecond} main-thread frames/s, ${r.cpuPerSecond} ms CPU/s, largest task ${r.maxTaskMs} ms`,
    );
    console.log(`  timer tasks: ${r.timerTasks.map((t) => `${t.ms} ms/${t.restyled} el`).join(", ") || "none"}`);
    console.log(`  frame after each: ${r.framesAfterTimers.map((t) => (t ? `${t.ms} ms/${t.restyled} el` : "-")).join(", ") || "none"}`);
    const top = (o) =>
      Object.entries(o)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([k, v]) => `${k}×${v}`)
        .join(" ");
    console.log(`  React commits: ${r.commits.length}`);
    for (const c of r.commits)
      console.log(
        `    ${c.components} components (${top(c.names)}), ${c.hosts} elements (${top(c.hostNames)}): task ${c.renderMs} ms, then frame ${c.frameMs} ms, ${c.restyled} restyled${c.steps ? ` (${c.steps})` : ""}`,
      );
    for (const f of r.failed) console.log(`  not composited: ${f}`);
  };
  console.log(`${site}${path} at ${width} px, ${SECONDS} s each${process.env.CPU_RATE ? `, CPU ×${process.env.CPU_RATE}` : ""}`);
  report("as is", await trace(page, cdp));
  await page.evaluate(() => {
    for (const a of document.getAnimations()) if (String(a.animationName).startsWith("marquee")) a.pause();
  });
  report("marquee paused", await trace(page, cdp));
  await page.evaluate(() => {
    for (const a of document.getAnimations()) a.pause();
  });
  report("every animation paused", await trace(page, cdp));
  await page.evaluate(() => {
    for (const a of document.getAnimations()) if (String(a.animationName).startsWith("marquee")) a.play();
  });
  report("the marquee alone running", await trace(page, cdp));
} finally {
  await browser.close();
}
