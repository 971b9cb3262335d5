#!/usr/bin/env node
/**
 * What a DevTools client alone adds to a page's main-thread work: the cost of creating one `Error` inside a
 * large module's evaluation, timed by the page itself (`performance.now()`), in Debian Chromium
 *
 *   - without any DevTools client (`chromium --headless --dump-dom`, as on a phone),
 *   - with one attached (puppeteer-core, as Lighthouse and the bench's own probes are),
 *   - with one attached and DevTools' timeline recording (Lighthouse's trace),
 *
 * beside the same module without the `Error`.
 *
 *   node bench/devtools-cost.mjs [loads=3]
 *
 * With a DevTools client, V8 keeps a detailed stack for every error it creates, and finding each frame's line
 * and column makes it parse every function on the stack again (source positions are kept lazily): for a
 * module evaluated as one large function (a bundle's entry chunk, React DOM's CommonJS wrapper) that is the
 * whole file. React DOM creates such errors when its module is evaluated (`HydrationMismatchException`,
 * `SuspenseException`, …), so a load under Lighthouse pays this work and a phone does not
 * (bench/README.md, "What DevTools adds to a first visit's figures"). The module is about 700 KB of small
 * generated functions; CHROME_PATH selects the browser (default /usr/bin/chromium).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import puppeteer from "puppeteer-core";
import { median } from "./lib/statistics.mjs";

const loads = Math.max(1, Number(process.argv[2] ?? 3));
const CHROME = process.env.CHROME_PATH || "/usr/bin/chromium";

let pad = "";
for (let i = 0; i < 6000; i++) {
  pad += `function f${i}(a,b){const c=a+b*${i};if(c>${i})return [c,a,b].map(x=>x*2).join(",");return String(c)+"${i}";}\n`;
}
const modules = {
  plain: "",
  error: 'var made = Error("made at load");',
};
const script = (body) =>
  `${pad}\n(function(){const t=performance.now();${body}const cost=performance.now()-t;document.getElementById("out").textContent="COST "+cost.toFixed(2);})();\n`;
const page = (name) => `<!doctype html><html><body><p id="out"></p><script type="module" src="/${name}.js"></script></body></html>`;

const server = createServer((req, res) => {
  const name = req.url.replace(/^\//, "").replace(/\.(js|html)$/, "");
  if (!(name in modules)) return res.writeHead(404).end();
  const js = req.url.endsWith(".js");
  res.writeHead(200, { "content-type": js ? "text/javascript" : "text/html", "cache-control": "no-store" });
  res.end(js ? script(modules[name]) : page(name));
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${server.address().port}`;
const costOf = (text) => Number(/COST ([\d.]+)/.exec(text ?? "")?.[1] ?? Number.NaN);

const results = {};
const record = (label, cost) => {
  if (!results[label]) results[label] = [];
  results[label].push(cost);
};
const profile = mkdtempSync(join(tmpdir(), "shwe-devtools-cost-"));
let browser;
try {
  // Without DevTools first, each load a browser of its own (a profile of its own, nothing else running).
  for (let load = 0; load < loads; load++) {
    for (const name of Object.keys(modules)) {
      // Asynchronously: this process serves the page meanwhile.
      const dumped = await new Promise((resolve) =>
        execFile(
          CHROME,
          ["--headless", "--no-sandbox", "--disable-gpu", `--user-data-dir=${profile}`, "--dump-dom", `${base}/${name}.html`],
          { encoding: "utf8", timeout: 60_000 },
          (_error, stdout) => resolve(stdout ?? ""),
        ),
      );
      record(`${name}, no DevTools`, costOf(dumped));
    }
  }
  browser = await puppeteer.launch({ executablePath: CHROME, headless: true, args: ["--no-sandbox"] });
  for (let load = 0; load < loads; load++) {
    for (const name of Object.keys(modules)) {
      for (const traced of [false, true]) {
        const tab = await browser.newPage();
        if (traced) await tab.tracing.start({ categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] });
        await tab.goto(`${base}/${name}.html`, { waitUntil: "load" });
        await tab.waitForFunction(() => document.getElementById("out")?.textContent);
        const text = await tab.$eval("#out", (e) => e.textContent);
        if (traced) await tab.tracing.stop();
        await tab.close();
        record(`${name}, DevTools attached${traced ? ", timeline recorded" : ""}`, costOf(text));
      }
    }
  }
} finally {
  await browser?.close();
  server.close();
  rmSync(profile, { recursive: true, force: true });
}
console.log(`the statement at the end of the module, ms, median of ${loads} loads (each load)`);
for (const [label, values] of Object.entries(results)) {
  console.log(`  ${label.padEnd(44)} ${median(values).toFixed(2)}   (${values.map((v) => v.toFixed(2)).join(", ")})`);
}
