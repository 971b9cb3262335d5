import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/**
 * The site's Helmet settings: a strict Content-Security-Policy, HSTS in production. `frameSources`
 * adds to what the game overlay may frame besides the site itself (a connected aggregator's game
 * pages live on its own hosts: "https:").
 */
export function securityHeaderOptions(production: boolean, frameSources: readonly string[] = []): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", ...frameSources],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
      },
    },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
  };
}

/**
 * The headers Helmet sets for these options, worked out once by running Helmet's own middleware
 * against a recorder. Every directive is static (no per-request nonces), so every response gets the
 * same set; a directive computed per request is refused rather than silently frozen.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const csp = options.contentSecurityPolicy;
  if (csp && typeof csp === "object" && csp.directives) {
    for (const [name, value] of Object.entries(csp.directives)) {
      const values: unknown[] = Array.isArray(value) ? value : [value];
      if (values.some((v) => typeof v === "function")) throw new Error(`CSP directive ${name} is computed per request`);
    }
  }
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Helmet's headers that also protect API answers (JSON, images) when they are not rendered as a
 * page: no MIME sniffing, no framing, no cross-origin embedding, HTTPS only. The others (opener
 * policy, referrer policy, agent cluster, DNS prefetch, download options, Adobe cross-domain policy,
 * XSS auditor) act on HTML documents only.
 */
const API_HEADERS = ["x-content-type-options", "x-frame-options", "cross-origin-resource-policy", "strict-transport-security"];

/**
 * The headers of /api answers: those of API_HEADERS, and a Content-Security-Policy that allows no
 * content at all (an answer opened as a page runs nothing, loads nothing) with the same
 * frame-ancestors as the pages.
 */
export function apiHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of API_HEADERS) {
    const value = documentHeaders[name];
    if (value !== undefined) headers[name] = value;
  }
  const frameAncestors = /(?:^|;)\s*(frame-ancestors [^;]*)/.exec(documentHeaders["content-security-policy"] ?? "")?.[1];
  headers["content-security-policy"] = ["default-src 'none'", frameAncestors ?? "frame-ancestors 'none'"].join(";");
  return headers;
}

const isApiPath = (url: string) => url.startsWith("/api/") || url === "/api" || url.startsWith("/api?");

/**
 * Security headers on every response: Helmet's full set on pages and files of the web app, the API
 * set on /api answers (errors and 404s included). The values are computed once at start-up and
 * copied onto each reply, instead of Helmet parsing its whole configuration for every request.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const document = helmetHeaders(options);
  const api = apiHeaders(document);
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? api : document);
    done();
  });
}
