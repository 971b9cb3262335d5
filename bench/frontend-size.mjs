import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { buildWeb } from "./lib/servers.mjs";
import { log } from "./lib/setup.mjs";
import { round, writeResult } from "./lib/statistics.mjs";

/**
 * Benchmark 6 (sizes): a production build of apps/web into a temporary folder with Vite's manifest; for the
 * home page and the 2D page, the JS and CSS a first visit loads (index.html's static imports plus the page's
 * lazy chunk and its static imports), gzip level 9. Beside it, the whole build's JS for scale.
 */
const NAME = "frontend-size";
const PAGES = { home: "src/features/home/pages/home-page.tsx", "2D": "src/features/lottery/pages/lottery-page.tsx" };

const outDir = mkdtempSync(join(tmpdir(), "shwe-web-build-"));
try {
  log(NAME, "vite build");
  const buildSeconds = buildWeb(outDir);
  const manifest = JSON.parse(readFileSync(join(outDir, ".vite", "manifest.json"), "utf8"));
  const gz = (file) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
  const raw = (file) => readFileSync(join(outDir, file)).length;

  /** Files loaded without any further navigation: the chunks' static import closure and their CSS. */
  function closure(keys) {
    const js = new Set();
    const css = new Set();
    const visit = (key) => {
      const chunk = manifest[key];
      if (!chunk || js.has(chunk.file)) return;
      js.add(chunk.file);
      for (const c of chunk.css ?? []) css.add(c);
      for (const i of chunk.imports ?? []) visit(i);
    };
    for (const k of keys) visit(k);
    return { js: [...js], css: [...css] };
  }
  const sum = (files, f) => files.reduce((a, file) => a + f(file), 0);
  const kb = (bytes) => round(bytes / 1024, 1);

  const pages = {};
  for (const [page, source] of Object.entries(PAGES)) {
    if (!manifest[source]) {
      pages[page] = { source, in_build: false };
      continue;
    }
    const files = closure(["index.html", source]);
    pages[page] = {
      source,
      in_build: true,
      js_files: files.js.length,
      js_gzip_kb: kb(sum(files.js, gz)),
      js_raw_kb: kb(sum(files.js, raw)),
      css_gzip_kb: kb(sum(files.css, gz)),
      css_raw_kb: kb(sum(files.css, raw)),
    };
  }
  const allJs = readdirSync(join(outDir, "assets"))
    .filter((f) => f.endsWith(".js"))
    .map((f) => join("assets", f));
  const totalJsGzipKb = kb(sum(allJs, gz));

  const rows = [];
  for (const [page, p] of Object.entries(pages)) {
    if (!p.in_build) {
      rows.push({
        metric: `${page} page initial JS (gzip)`,
        figure: "not reachable from the router in this build",
        target: "≤ 117 KB (goal 90 KB)",
      });
      continue;
    }
    rows.push(
      {
        metric: `${page} page initial JS (gzip)`,
        figure: p.js_gzip_kb,
        unit: "KB",
        reference_label: "all JS of the build",
        reference: totalJsGzipKb,
        reference_unit: "KB",
        ratio: round(p.js_gzip_kb / totalJsGzipKb, 3),
        target: "≤ 117 KB (goal 90 KB)",
        pass: p.js_gzip_kb <= 117,
      },
      { metric: `${page} page initial CSS (gzip)`, figure: p.css_gzip_kb, unit: "KB" },
    );
  }
  const file = writeResult(NAME, {
    settings: { tool: "vite build --manifest (apps/web/vite.config.ts), gzip level 9", lighthouse: "see the lighthouse benchmark" },
    build_seconds: round(buildSeconds, 1),
    pages,
    total_js_gzip_kb: totalJsGzipKb,
    js_chunks: allJs.length,
    rows,
  });
  log(NAME, `${JSON.stringify(pages)}; all JS ${totalJsGzipKb} KB; ${file}`);
} finally {
  if (existsSync(outDir)) rmSync(outDir, { recursive: true, force: true });
}
