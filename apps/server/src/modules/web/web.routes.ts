import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { AppContext, ZodApp } from "../../app.ts";

const defaultDist = resolve(dirname(fileURLToPath(import.meta.url)), "../../../../web/dist");

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * unknown non-API path answered with index.html so the client router shows the page (or its 404).
 * Unknown /api paths answer the JSON 404 body.
 */
export async function registerWebRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const root = ctx.config.webDist ?? defaultDist;
  const hasWeb = existsSync(join(root, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        if (path.includes(`${"/"}assets${"/"}`)) res.header("cache-control", "public, max-age=31536000, immutable");
        else if (path.endsWith(".html")) res.header("cache-control", "no-cache");
        else res.header("cache-control", "public, max-age=86400");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (path.startsWith("/api/") || path === "/api" || !hasWeb || (request.method !== "GET" && request.method !== "HEAD")) {
      return reply.status(404).send({ message: "Not found.", code: "NOT_FOUND" });
    }
    // A path with a file extension that does not exist is a real 404 (e.g. a missing image).
    if (/\.[a-z0-9]{2,5}$/i.test(path) && !path.endsWith(".html")) {
      return reply.status(404).send({ message: "Not found.", code: "NOT_FOUND" });
    }
    return reply.header("cache-control", "no-cache").sendFile("index.html", root);
  });
}
