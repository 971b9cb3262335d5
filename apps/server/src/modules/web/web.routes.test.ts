import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { cookieValue, requestLanguage } from "./first-paint.ts";
import { acceptedEncoding, cacheControlFor } from "./web.routes.ts";

const INDEX = `<!doctype html>
<html lang="my">
  <head>
    <title>Shwe Lucky</title>
    <script defer src="/assets/start-abc.js"></script>
  </head>
  <body>
    <div id="root"><!--first-paint--><div class="boot"></div><!--/first-paint--></div>
    <noscript>needs JavaScript</noscript>
  </body>
</html>
`;

const APP_JS = `console.log(${JSON.stringify("shwe ".repeat(500))});`;

/**
 * A stand-in for the web build's first-paint bundle: draws "/" and "/two/lottery" with the language
 * it is given, after reading one public API answer in-process, "/login" for a browser that is not
 * signed in and "/cashin" for one that is; "/broken" fails.
 */
const FAKE_BUNDLE = `
export const LANGUAGES = ["mm", "en", "cn", "thai"];
export const SIGNED_IN_COOKIE = "signed_in";
export const drawn = [];
export function drawsFirstPaint(pathname, signedIn) {
  return ["/", "/two/lottery", "/broken"].includes(pathname) || (pathname === "/login" && !signedIn) || (pathname === "/cashin" && signedIn);
}
export function createFirstPaintRenderer({ locales, callApi }) {
  return {
    async render(url, lng) {
      drawn.push(url + "|" + lng);
      const path = url.split("?")[0];
      if (path === "/broken") throw new Error("drawing failed");
      const health = await callApi({ method: "GET", url: "/api/health" });
      const language = LANGUAGES.includes(lng) ? lng : "mm";
      return {
        lng: language,
        htmlLang: language === "mm" ? "my" : language,
        html: "<main><p>" + locales[language].common.hello + " " + health.status + " " + JSON.parse(health.body).status + "</p></main>",
        dataScript: (at) => '<script type="application/json" id="first-paint-data">{"serverTime":"' + at.toISOString() + '"}</script>',
        leadImage: path === "/" ? "/img/banner.svg" : undefined,
      };
    },
  };
}
`;

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "shwe-web-"));
  mkdirSync(join(dist, "assets"));
  mkdirSync(join(dist, ".ssr"));
  for (const lng of ["mm", "en"]) {
    mkdirSync(join(dist, "locales", lng), { recursive: true });
    writeFileSync(join(dist, "locales", lng, "common.json"), JSON.stringify({ hello: lng === "mm" ? "မင်္ဂလာပါ" : "Hello" }));
  }
  writeFileSync(join(dist, "index.html"), INDEX);
  writeFileSync(join(dist, "index.html.br"), brotliCompressSync(INDEX));
  writeFileSync(join(dist, "assets", "app-abc.js"), APP_JS);
  writeFileSync(join(dist, "assets", "app-abc.js.br"), brotliCompressSync(APP_JS));
  writeFileSync(join(dist, "assets", "app-abc.js.gz"), gzipSync(APP_JS));
  writeFileSync(join(dist, ".ssr", "entry-server.mjs"), FAKE_BUNDLE);
  t = await createTestApp({ config: { webDist: dist }, seed: false });
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("web: built files", () => {
  it("sends a hashed asset as its brotli copy, cached for a year", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/app-abc.js", headers: { "accept-encoding": "gzip, br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(APP_JS);
  });

  it("sends gzip to a client without brotli, and the file itself to a client without either", async () => {
    const gz = await t.app.inject({ method: "GET", url: "/assets/app-abc.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const plain = await t.app.inject({ method: "GET", url: "/assets/app-abc.js", headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it("answers a page the server does not draw with index.html, never cached", async () => {
    const res = await t.app.inject({ method: "GET", url: "/profile?next=1", headers: { "accept-encoding": "br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
  });

  it("keeps JSON 404s for unknown API paths and missing files", async () => {
    const api = await t.app.inject({ method: "GET", url: "/api/no-such-thing" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: "Not found.", code: "NOT_FOUND" });
    const file = await t.app.inject({ method: "GET", url: "/img/missing.png" });
    expect(file.statusCode).toBe(404);
  });
});

describe("web: the server's first paint", () => {
  it("sends the drawn page: inert root, language, lead picture preload, data block, read in-process", async () => {
    const before = Date.now();
    const res = await t.app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "br", cookie: "a=1; i18nextLng=en" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers["content-encoding"]).toBe("br");
    expect(String(res.headers.vary)).toMatch(/accept-encoding/);
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<div id="root" inert><main><p>Hello 200 ok</p></main></div>');
    expect(html).not.toContain('class="boot"');
    expect(html).toContain('<link rel="preload" as="image" href="/img/banner.svg" fetchpriority="high" />');
    const sent = /"serverTime":"([^"]+)"/.exec(html)?.[1];
    expect(Date.parse(sent ?? "")).toBeGreaterThanOrEqual(before - 1);
    expect(html.indexOf("first-paint-data")).toBeGreaterThan(html.indexOf('<div id="root"'));
    expect(html).toContain("<noscript>");
  });

  it("draws in Burmese by default, and ?lng= wins over the cookie", async () => {
    const mm = await t.app.inject({ method: "GET", url: "/two/lottery" });
    expect(mm.headers["content-encoding"]).toBeUndefined();
    expect(mm.body).toContain('<html lang="my">');
    expect(mm.body).toContain("မင်္ဂလာပါ");
    expect(mm.body).not.toContain('rel="preload" as="image"');
    const en = await t.app.inject({ method: "GET", url: "/two/lottery?lng=en", headers: { cookie: "i18nextLng=mm" } });
    expect(en.body).toContain("Hello");
  });

  it("draws a page once per path and language, whatever the query string", async () => {
    const bundle = (await import(pathToFileURL(join(dist, ".ssr", "entry-server.mjs")).href)) as { drawn: string[] };
    const before = bundle.drawn.length;
    for (const query of ["a=1", "a=2", "b=3&c=4"]) {
      const res = await t.app.inject({ method: "GET", url: `/?${query}`, headers: { cookie: "i18nextLng=mm" } });
      expect(res.statusCode).toBe(200);
    }
    expect(bundle.drawn.slice(before)).toEqual(["/|mm"]);
  });

  it("draws a signed-out page only for a browser without the signed-in cookie, a signed-in page only with it", async () => {
    const visitor = await t.app.inject({ method: "GET", url: "/login", headers: { cookie: "signed_in=0; i18nextLng=en" } });
    expect(visitor.body).toContain('<div id="root" inert><main><p>Hello');
    expect(String(visitor.headers.vary)).toMatch(/cookie/);
    const player = await t.app.inject({ method: "GET", url: "/login", headers: { cookie: "i18nextLng=en; signed_in=1" } });
    expect(player.statusCode).toBe(200);
    expect(player.headers["cache-control"]).toBe("no-cache");
    expect(player.body).toBe(INDEX);
    expect(String(player.headers.vary)).toMatch(/cookie/);
    expect((await t.app.inject({ method: "GET", url: "/cashin", headers: { cookie: "signed_in=1" } })).body).toContain(
      '<div id="root" inert>',
    );
    expect((await t.app.inject({ method: "GET", url: "/cashin" })).body).toBe(INDEX);
  });

  it("falls back to index.html when the drawing fails", async () => {
    const res = await t.app.inject({ method: "GET", url: "/broken" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });
});

describe("web: helpers", () => {
  it("caches hashed assets for a year, HTML never without asking, other files a day (compressed copies alike)", () => {
    expect(cacheControlFor("/dist/assets/index-abc.js.br")).toBe("public, max-age=31536000, immutable");
    expect(cacheControlFor("/dist/index.html.gz")).toBe("no-cache");
    expect(cacheControlFor("/dist/locales/mm/common.json")).toBe("public, max-age=86400");
  });

  it("negotiates brotli, then gzip, honouring q=0", () => {
    expect(acceptedEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(acceptedEncoding("br;q=0, gzip")).toBe("gzip");
    expect(acceptedEncoding("*")).toBe("br");
    expect(acceptedEncoding("identity")).toBeUndefined();
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });

  it("takes a supported ?lng= first, then a supported cookie", () => {
    const languages = ["mm", "en"];
    expect(requestLanguage("/?lng=en", "i18nextLng=mm", languages)).toBe("en");
    expect(requestLanguage("/?lng=fr", "x=1; i18nextLng=mm", languages)).toBe("mm");
    expect(requestLanguage("/", "i18nextLng=%E0%A4", languages)).toBeUndefined();
    expect(requestLanguage("/", undefined, languages)).toBeUndefined();
  });

  it("reads one cookie of a Cookie header, decoded, skipping a malformed value", () => {
    expect(cookieValue("a=1; shwe_signed_in=1", "shwe_signed_in")).toBe("1");
    expect(cookieValue("shwe_signed_in_x=1", "shwe_signed_in")).toBeUndefined();
    expect(cookieValue("n=%E0%A4; n=ok%20go", "n")).toBe("ok go");
    expect(cookieValue(undefined, "n")).toBeUndefined();
  });
});
