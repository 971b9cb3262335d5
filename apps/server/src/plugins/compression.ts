import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** Bodies below this many bytes go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/** The encodings offered, best first. */
export type ContentEncoding = "br" | "gzip";
const ENCODINGS: ContentEncoding[] = ["br", "gzip"];

/** Brotli quality for bodies compressed per response: fast, most of the gain (11 costs far more CPU). */
const BROTLI_QUALITY_PER_RESPONSE = 4;
/**
 * Brotli quality for bodies compressed once and reused (cached public answers): the home catalogue
 * (4.7 KB) becomes 641 bytes in about 0.1 ms; quality 9 saves 10 bytes for ten times the time, and
 * 11 another 50 bytes for a pause of several milliseconds at every refill.
 */
const BROTLI_QUALITY_REUSED = 5;

/**
 * Response compression (brotli or gzip, as the client accepts) for bodies of at least 1 KB of a
 * compressible type (JSON, text, HTML, JS, CSS, SVG …). Never applied to WebSocket routes, to a
 * response that already carries a Content-Encoding (precompressed files, cached public answers), to
 * partial content, or to event streams. Request bodies are never decompressed: a compressed upload
 * could expand far beyond the body limit.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook("onRoute", (route) => {
    const ws = route as { websocket?: boolean; wsHandler?: unknown };
    if (ws.websocket === true || ws.wsHandler !== undefined) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ENCODINGS,
    threshold: COMPRESS_THRESHOLD,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY_PER_RESPONSE } },
  });
}

/**
 * The encoding to answer a request with, negotiated exactly like the compression plugin does
 * (`*` and `x-gzip` count as gzip); undefined means identity.
 */
export function negotiateEncoding(request: FastifyRequest): ContentEncoding | undefined {
  const header = request.headers["accept-encoding"];
  if (header === undefined || request.headers["x-no-compression"] !== undefined) return undefined;
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, "gzip"), [...ENCODINGS, "identity"]);
  return chosen === "br" || chosen === "gzip" ? chosen : undefined;
}

/** Compresses a body that will be sent many times (so a slower, tighter brotli setting pays off). */
export function compressReused(body: Buffer, encoding: ContentEncoding): Buffer {
  if (encoding === "br") {
    return brotliCompressSync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY_REUSED,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return gzipSync(body, { level: 9 });
}
