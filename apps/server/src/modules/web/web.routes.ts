import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { AppContext, ZodApp } from "../../app-context.ts";
import { type FirstPaintPages, loadFirstPaint } from "./first-paint.ts";

const defaultDist = resolve(dirname(fileURLToPath(import.meta.url)), "../../../../web/dist");

/** The file a precompressed copy stands for: "index-abc.js.br" → "index-abc.js". */
const servedFile = (path: string) => path.replace(/\.(br|gz)$/, "");

/**
 * Files of the installable app that must never be served stale: the service worker and the scripts
 * it imports (a browser checks them for a new version on each visit), and the web app manifest.
 */
const ALWAYS_REVALIDATED = /\/(?:sw\.js|push-sw\.js|manifest\.webmanifest)$/;

/** Cache-Control of a built file: hashed assets forever, HTML and the app's worker and manifest never without asking, the rest a day. */
export function cacheControlFor(path: string): string {
  const file = servedFile(path).replaceAll("\\", "/");
  if (file.includes("/assets/")) return "public, max-age=31536000, immutable";
  if (file.endsWith(".html") || ALWAYS_REVALIDATED.test(file)) return "no-cache";
  return "public, max-age=86400";
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** br or gzip, the best the client accepts (q=0 refuses); undefined for identity. */
export function acceptedEncoding(header: string | undefined): "br" | "gzip" | undefined {
  const accepted = new Map<string, number>();
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const quality = (name: string) => accepted.get(name) ?? (name !== "identity" ? (accepted.get("*") ?? 0) : 0);
  if (quality("br") > 0) return "br";
  if (quality("gzip") > 0) return "gzip";
  return undefined;
}

/** A drawn page, compressed for this client (a fast brotli setting: it is made for each request). */
async function encodePage(page: string, encoding: "br" | "gzip" | undefined): Promise<Buffer> {
  const body = Buffer.from(page, "utf8");
  if (encoding === "br") {
    return brotli(body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 5,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  if (encoding === "gzip") return gzipAsync(body, { level: 6 });
  return body;
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, each text
 * file as the .br or .gz copy the build made when the browser accepts it, and every unknown
 * non-API path answered with the app's page so the client router shows the page (or its 404).
 * The public pages a visit usually starts on arrive already drawn (first-paint.ts). Unknown /api
 * paths answer the JSON 404 body.
 */
export async function registerWebRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const root = ctx.config.webDist ?? defaultDist;
  const hasWeb = existsSync(join(root, "index.html"));
  let firstPaint: FirstPaintPages | undefined;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, path) {
        res.header("cache-control", cacheControlFor(path));
      },
    });
    firstPaint = await loadFirstPaint(
      root,
      async ({ method, url, body }) => {
        if (!url.startsWith("/api/")) return { status: 404, body: "" };
        const res = await app.inject({
          method,
          url,
          ...(body === undefined ? {} : { payload: body, headers: { "content-type": "application/json" } }),
        });
        return { status: res.statusCode, body: res.body };
      },
      (message, err) => app.log.warn({ err }, message),
    );
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (path.startsWith("/api/") || path === "/api" || !hasWeb || (request.method !== "GET" && request.method !== "HEAD")) {
      return reply.status(404).send({ message: "Not found.", code: "NOT_FOUND" });
    }
    // A path with a file extension that does not exist is a real 404 (e.g. a missing image).
    if (/\.[a-z0-9]{2,5}$/i.test(path) && !path.endsWith(".html")) {
      return reply.status(404).send({ message: "Not found.", code: "NOT_FOUND" });
    }
    if (firstPaint && request.method === "GET" && firstPaint.draws(path, request.headers.cookie)) {
      const page = await firstPaint.page(request.url, request.headers.cookie);
      if (page) {
        const encoding = acceptedEncoding(request.headers["accept-encoding"]);
        if (encoding) reply.header("content-encoding", encoding);
        return reply
          .header("cache-control", "no-cache")
          .header("vary", "accept-encoding, cookie")
          .type("text/html; charset=utf-8")
          .send(await encodePage(page, encoding));
      }
    }
    // Whether a page is drawn, and in which language, depends on the browser's cookies.
    if (firstPaint) reply.header("vary", "cookie");
    return reply.header("cache-control", "no-cache").sendFile("index.html", root);
  });
}
