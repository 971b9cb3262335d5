// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { precompressDir } from "./precompress.ts";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("precompress", () => {
  it("writes .br and .gz copies of text files that decompress to the original, and skips the rest", () => {
    dir = mkdtempSync(join(tmpdir(), "precompress-"));
    mkdirSync(join(dir, "assets"));
    mkdirSync(join(dir, ".ssr"));
    const js = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};`;
    writeFileSync(join(dir, "assets", "index-abc.js"), js);
    writeFileSync(join(dir, "index.html"), `<!doctype html><p>${"ကစား ".repeat(400)}</p>`);
    writeFileSync(join(dir, "assets", "tiny.css"), "a{color:red}");
    writeFileSync(join(dir, "assets", "font.woff2"), Buffer.alloc(4096, 7));
    writeFileSync(join(dir, ".ssr", "entry-server.mjs"), js);

    const totals = precompressDir(dir);

    expect(totals.files).toBe(2);
    expect(brotliDecompressSync(readFileSync(join(dir, "assets", "index-abc.js.br"))).toString()).toBe(js);
    expect(gunzipSync(readFileSync(join(dir, "assets", "index-abc.js.gz"))).toString()).toBe(js);
    expect(existsSync(join(dir, "index.html.br"))).toBe(true);
    // Too small to gain, a binary format, and the server's own bundle (never served): left alone.
    expect(existsSync(join(dir, "assets", "tiny.css.gz"))).toBe(false);
    expect(existsSync(join(dir, "assets", "font.woff2.gz"))).toBe(false);
    expect(existsSync(join(dir, ".ssr", "entry-server.mjs.gz"))).toBe(false);
  });
});
