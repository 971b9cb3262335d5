import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Text formats worth compressing (fonts and pictures in binary formats are compressed already). */
const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".html", ".svg", ".json", ".txt", ".xml", ".webmanifest", ".ico"]);
/** Smaller files gain less than the extra lookups cost. */
const MIN_BYTES = 1024;

/**
 * Writes file.br (brotli, quality 11) and file.gz (gzip, level 9) beside every compressible file
 * of the built site, when that makes it at least 10 % smaller; the server sends them as they are
 * (@fastify/static preCompressed). Folders starting with a dot (Vite's manifest, the server's
 * first-paint bundle) are never served and are skipped.
 */
export function precompressDir(dir: string): { files: number; bytes: number; brotliBytes: number } {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      if (name.startsWith(".")) continue;
      const path = join(folder, name);
      if (statSync(path).isDirectory()) {
        walk(path);
        continue;
      }
      if (!COMPRESSIBLE.has(extname(name))) continue;
      const body = readFileSync(path);
      if (body.length < MIN_BYTES) continue;
      const br = brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
      const gz = gzipSync(body, { level: 9 });
      if (gz.length > body.length * 0.9) continue;
      writeFileSync(`${path}.gz`, gz);
      if (br.length < gz.length) writeFileSync(`${path}.br`, br);
      totals.files += 1;
      totals.bytes += body.length;
      totals.brotliBytes += Math.min(br.length, gz.length);
    }
  };
  walk(dir);
  return totals;
}
