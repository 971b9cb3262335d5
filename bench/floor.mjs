import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";
import { brotliCompressSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHEAP_ANDROID } from "./lib/phone.mjs";
import { median } from "./lib/statistics.mjs";

/**
 * The floor of the cheap-Android profile: what Lighthouse's simulated LCP is for pages that run no script at all,
 * from one line of text up to a page the site's server drew with its scripts taken out.
 *
 *   node bench/floor.mjs <web dist> <runs> [<drawn page.html> …]
 *
 * A small static server on loopback serves the build's files (brotli where the build made a .br) and these pages
 * (brotli):
 *   /text            one line of Latin text, nothing else
 *   /css             the same with the build's style sheet
 *   /css-font        the style sheet, the regular Burmese face preloaded, one line of Burmese text
 *   /drawn/<n>       the n-th drawn page given (e.g. `curl -s localhost:3000/two/lottery > 2d.html`), scripts removed
 * A comparison tool, not the results table: it writes nothing under bench/results.
 */
const [dist, runsArg, ...drawnFiles] = process.argv.slice(2);
if (!dist || !existsSync(join(dist, "index.html"))) {
  console.error("usage: node bench/floor.mjs <web dist> <runs> [<drawn page.html> …]");
  process.exit(2);
}
const RUNS = Math.max(1, Number(runsArg) || 3);

const html = readFileSync(join(dist, "index.html"), "utf8");
const css = html.match(/href="(\/assets\/index-[^"]+\.css)"/)?.[1];
const font = html.match(/href="(\/assets\/noto-sans-myanmar-burmese-400-[^"]+\.woff2)"/)?.[1];
if (!css || !font) throw new Error("the build's index.html names no style sheet or no Burmese face");

const head = (extra) =>
  `<!doctype html><html lang="my"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>floor</title>${extra}</head>`;
const pages = new Map([
  ["/text", `${head("")}<body><h1>Shwe Lucky 2D results</h1></body></html>`],
  ["/css", `${head(`<link rel="stylesheet" href="${css}">`)}<body class="bg-bg text-text"><h1>Shwe Lucky 2D results</h1></body></html>`],
  [
    "/css-font",
    `${head(`<link rel="stylesheet" href="${css}"><link rel="preload" href="${font}" as="font" type="font/woff2" crossorigin="">`)}` +
      `<body class="bg-bg text-text"><h1>၂လုံးထီ ပေါက်ဂဏန်းများ</h1></body></html>`,
  ],
]);
drawnFiles.forEach((file, i) => {
  pages.set(`/drawn/${i}`, readFileSync(file, "utf8").replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ""));
});

const TYPES = {
  ".css": "text/css",
  ".js": "text/javascript",
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
};
const server = createServer((req, res) => {
  const path = new URL(req.url ?? "/", "http://x").pathname;
  const page = pages.get(path);
  if (page) {
    // Compressed as the site's server does: brotli for a browser that takes it.
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "content-encoding": "br" });
    res.end(brotliCompressSync(page));
    return;
  }
  const file = join(dist, normalize(path).replace(/^(\.\.[/\\])+/, ""));
  if (!file.startsWith(dist) || !existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  const headers = { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-store" };
  if (existsSync(`${file}.br`) && String(req.headers["accept-encoding"]).includes("br")) {
    res.writeHead(200, { ...headers, "content-encoding": "br" });
    res.end(readFileSync(`${file}.br`));
  } else {
    res.writeHead(200, headers);
    res.end(readFileSync(file));
  }
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
try {
  for (const path of pages.keys()) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const config = { extends: "lighthouse:default", settings: { onlyCategories: ["performance"], ...CHEAP_ANDROID } };
      const { lhr } = await lighthouse(`${base}${path}`, { output: "json", logLevel: "error", port: chrome.port }, config);
      const a = lhr.audits;
      const phases = a["largest-contentful-paint-element"]?.details?.items?.[1]?.items
        ?.map((p) => `${p.phase} ${Math.round(p.timing)}`)
        .join(", ");
      const m = {
        fcp: Math.round(a["first-contentful-paint"].numericValue),
        lcp: Math.round(a["largest-contentful-paint"].numericValue),
        tbt: Math.round(a["total-blocking-time"].numericValue),
        index: lhr.environment.benchmarkIndex,
      };
      runs.push(m);
      console.log(`${path} run ${run + 1}: ${JSON.stringify(m)} (${phases})`);
    }
    const of = (key) => median(runs.map((m) => m[key]));
    console.log(`median ${path}: FCP ${of("fcp")} ms, LCP ${of("lcp")} ms, TBT ${of("tbt")} ms, index ${of("index")}`);
  }
} finally {
  await chrome.kill();
  server.close();
}
