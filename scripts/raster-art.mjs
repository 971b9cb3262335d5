#!/usr/bin/env node
/**
 * The demo's game art as WebP: every SVG in apps/web/public/img/{categories,providers,games,payments}
 * drawn by Chromium at its own width and height (its `width`/`height` attributes) and written beside it
 * as <name>.webp. The seed data points at the WebP files; the SVGs stay, as the source and for databases
 * seeded before.
 *
 *   node scripts/raster-art.mjs
 *
 * Why: a browser draws each SVG image in a document of its own (parse, style, layout, text shaping with
 * font matching for its <text>) on the page's main thread, 10–25 ms each on a desktop CPU; the home page
 * shows about twenty of them at once (bench/README.md, "The demo's art as WebP"). A WebP is decoded off
 * the main thread. An operator's own art (uploaded, or the aggregator's) is usually raster already.
 *
 * Run it after changing an SVG there; seed-art.test.ts checks that every SVG has its WebP, at its size.
 * Needs Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";

const ROOT = join(import.meta.dirname, "..", "apps/web/public/img");
const FOLDERS = ["categories", "providers", "games", "payments"];
/** Lossy WebP at this quality: flat colours, gradients and the names stay clean at the sizes shown (2× at most). */
const QUALITY = 0.7;

const svgs = FOLDERS.flatMap((folder) =>
  readdirSync(join(ROOT, folder))
    .filter((name) => name.endsWith(".svg"))
    .map((name) => join(ROOT, folder, name)),
);
const webpOf = (svg) => svg.replace(/\.svg$/, ".webp");

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  const page = await browser.newPage();
  let before = 0;
  let after = 0;
  for (const svg of svgs) {
    const source = readFileSync(svg, "utf8");
    const width = Number(/<svg[^>]*\swidth="(\d+(?:\.\d+)?)"/.exec(source)?.[1]);
    const height = Number(/<svg[^>]*\sheight="(\d+(?:\.\d+)?)"/.exec(source)?.[1]);
    if (!(width > 0 && height > 0)) throw new Error(`${svg}: the <svg> needs width and height attributes`);
    const dataUrl = await page.evaluate(
      async ({ source, width, height, quality }) => {
        const image = new Image(width, height);
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = width;
        canvas.height = height;
        const context = canvas.getContext("2d");
        if (!context) throw new Error("no 2D canvas");
        context.drawImage(image, 0, 0, width, height);
        return canvas.toDataURL("image/webp", quality);
      },
      { source, width, height, quality: QUALITY },
    );
    if (!dataUrl.startsWith("data:image/webp;base64,")) throw new Error(`${svg}: Chromium wrote no WebP`);
    const bytes = Buffer.from(dataUrl.slice("data:image/webp;base64,".length), "base64");
    writeFileSync(webpOf(svg), bytes);
    before += Buffer.byteLength(source);
    after += bytes.length;
  }
  console.log(`[raster-art] ${svgs.length} SVGs (${Math.round(before / 1024)} KB) → WebP (${Math.round(after / 1024)} KB)`);
} finally {
  await browser.close();
}
