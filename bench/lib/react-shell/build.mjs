import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { precompressDir } from "../../../apps/web/build/precompress.ts";
import { App } from "./app.mjs";

const here = dirname(fileURLToPath(import.meta.url));

/** Where the shell lives inside the built site, and the URL of its page. */
export const SHELL_DIR = "bench-shell";
export const SHELL_PATH = `/${SHELL_DIR}/index.html`;

/**
 * The bare React shell, built into the web build's folder (`webDist`) before the server starts, so the
 * server's static files serve it like the site's own (hashed file under /assets/ cached for a year, the HTML
 * never without asking, .br/.gz copies made the same way): React 19 + react-dom's hydrateRoot of a tree this
 * process draws with renderToString, bundled and minified by esbuild (production React), the site's regular
 * Burmese font face (the same subset file from the build, preloaded as index.html does). Answers the page's
 * path and the JS sizes.
 */
export async function buildReactShell(webDist) {
  const dir = join(webDist, SHELL_DIR);
  mkdirSync(join(dir, "assets"), { recursive: true });
  const bundle = await build({
    entryPoints: [join(here, "entry.mjs")],
    bundle: true,
    minify: true,
    format: "esm",
    target: "es2022",
    platform: "browser",
    define: { "process.env.NODE_ENV": '"production"' },
    write: false,
    logLevel: "warning",
  });
  const js = Buffer.from(bundle.outputFiles[0].contents);
  const jsName = `shell-${createHash("sha256").update(js).digest("hex").slice(0, 8)}.js`;
  writeFileSync(join(dir, "assets", jsName), js);

  const font = readdirSync(join(webDist, "assets")).find((f) => /^noto-sans-myanmar-burmese-400-[\w-]+\.woff2$/.test(f));
  if (!font) throw new Error(`the site's Burmese font is not in ${webDist}/assets`);
  const markup = renderToString(createElement(App));
  const html = `<!doctype html>
<html lang="my">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Bare React shell: the reference page of the Lighthouse benchmark." />
    <title>Shwe Lucky (bare React shell)</title>
    <link rel="preload" href="/assets/${font}" as="font" type="font/woff2" crossorigin="" />
    <style>
      @font-face {
        font-family: "Noto Sans Myanmar";
        font-style: normal;
        font-weight: 400;
        font-display: swap;
        src: url("/assets/${font}") format("woff2");
        unicode-range: U+0000, U+000D, U+0020, U+00A0, U+1000-104F, U+200B-200D, U+25CC, U+FE00;
      }
      html, body { margin: 0; background: #0b1020; color: #e8ecf5; }
      body { font: 16px/1.6 "Noto Sans Myanmar", system-ui, sans-serif; }
      .top { display: flex; justify-content: space-between; padding: 12px 16px; background: #141b2e; color: #f5c542; }
      main { padding: 16px; }
      h1 { font-size: 22px; margin: 0 0 8px; }
      ul { padding-left: 20px; }
      button { font: inherit; padding: 8px 16px; }
    </style>
  </head>
  <body>
    <div id="root">${markup}</div>
    <script type="module" src="/${SHELL_DIR}/assets/${jsName}"></script>
  </body>
</html>
`;
  writeFileSync(join(dir, "index.html"), html);
  precompressDir(dir);
  return {
    path: SHELL_PATH,
    js_bytes: js.length,
    js_gzip_bytes: gzipSync(js, { level: 9 }).length,
    html_gzip_bytes: gzipSync(Buffer.from(html), { level: 9 }).length,
  };
}
