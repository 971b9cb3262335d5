// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSW } from "workbox-build";
import { MANIFEST_URL } from "../src/lib/pwa.ts";
import { APP_MANIFEST, MANIFEST_FILE, OFFLINE_PAGE, PUSH_SCRIPT, pwaOptions, withoutManifestLink } from "./pwa.ts";

/**
 * Builds the real service worker with the site's Workbox settings over a stand-in build folder,
 * runs it against a recording stand-in of the Workbox runtime, and asks which route answers
 * which request.
 */
interface Recorded {
  matcher: (ctx: { url: URL; request: { mode: string; destination: string }; sameOrigin: boolean }) => boolean;
  handler: { kind: string; options: { cacheName?: string; plugins?: { kind: string; options: unknown }[] } };
}

const ORIGIN = "https://shwe.example";
const FILES = [
  "index.html",
  "offline.html",
  "offline.js",
  "assets/index-abc123.js",
  "assets/index-abc123.css",
  "assets/home-page-def456.js",
  "assets/admin-root-aaa111.js",
  "assets/console-app-bbb222.js",
  "assets/noto-sans-myanmar-burmese-400-ccc333.woff2",
  "assets/noto-sans-myanmar-myanmar-400-normal-ddd444.woff2",
  ".ssr/entry-server.mjs",
  "icons/icon-192.png",
  "img/logo-mark.svg",
  "img/banners/one.svg",
  "locales/mm/common.json",
];

let root: string;
let appRoot: string;
let routes: Recorded[];
let precached: string[];
let imported: string[];
let navigationPreload = false;

async function buildWorker(withPush: boolean) {
  const dist = join(root, withPush ? "dist-push" : "dist");
  for (const file of FILES) {
    mkdirSync(dirname(join(dist, file)), { recursive: true });
    writeFileSync(join(dist, file), `/* ${file} */`);
  }
  const app = join(root, withPush ? "app-push" : "app");
  mkdirSync(join(app, "public"), { recursive: true });
  if (withPush) writeFileSync(join(app, "public", PUSH_SCRIPT), "");
  const { workbox } = pwaOptions(app);
  if (!workbox) throw new Error("no workbox options");
  const swDest = join(dist, "sw.js");
  await generateSW({ ...workbox, globDirectory: dist, swDest, mode: "development", inlineWorkboxRuntime: false });
  return readFileSync(swDest, "utf8");
}

function runWorker(source: string) {
  const found: Recorded[] = [];
  const list: string[] = [];
  const scripts: string[] = [];
  const kind = (name: string) =>
    class {
      kind = name;
      constructor(public options: Record<string, unknown> = {}) {}
    };
  const runtime = {
    registerRoute: (matcher: Recorded["matcher"], handler: Recorded["handler"]) => found.push({ matcher, handler }),
    precacheAndRoute: (entries: { url: string }[]) => list.push(...entries.map((e) => e.url)),
    enable: () => {
      navigationPreload = true;
    },
    clientsClaim: () => undefined,
    cleanupOutdatedCaches: () => undefined,
    NetworkOnly: kind("NetworkOnly"),
    NetworkFirst: kind("NetworkFirst"),
    CacheFirst: kind("CacheFirst"),
    StaleWhileRevalidate: kind("StaleWhileRevalidate"),
    PrecacheFallbackPlugin: kind("PrecacheFallbackPlugin"),
    ExpirationPlugin: kind("ExpirationPlugin"),
    CacheableResponsePlugin: kind("CacheableResponsePlugin"),
  };
  // The worker's global scope: `self` is the global object itself.
  const scope: Record<string, unknown> = {
    define: (_deps: string[], factory: (wb: typeof runtime) => void) => factory(runtime),
    skipWaiting: () => undefined,
    addEventListener: () => undefined,
    importScripts: (...urls: string[]) => scripts.push(...urls),
  };
  scope.self = scope;
  runInNewContext(source, scope);
  return { found, list, scripts };
}

/** The route that answers a request (the first whose matcher accepts it), after the precache. */
function routeFor(path: string, { mode = "cors", destination = "", origin = ORIGIN } = {}) {
  const url = new URL(path, origin);
  return routes.find((r) => r.matcher({ url, request: { mode, destination }, sameOrigin: url.origin === ORIGIN }));
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "shwe-sw-"));
  appRoot = root;
  const run = runWorker(await buildWorker(false));
  routes = run.found;
  precached = run.list;
  imported = run.scripts;
}, 60_000);

afterAll(() => {
  rmSync(appRoot, { recursive: true, force: true });
});

describe("service worker: what it caches", () => {
  it("never caches an API or HOUSE answer: those go to the network only, with no fallback", () => {
    for (const path of ["/api/profile", "/api/user/betting", "/api/wallet/balance?x=1", "/house/api/spin", "/house/api/session"]) {
      const route = routeFor(path);
      expect(route?.handler.kind, path).toBe("NetworkOnly");
      expect(route?.handler.options.plugins ?? [], path).toEqual([]);
    }
    expect(precached.filter((url) => /^\/?(api|house)\//.test(url))).toEqual([]);
  });

  it("precaches the shell: hashed scripts and styles, the Burmese font, icons and the offline page", () => {
    expect(precached).toEqual(
      expect.arrayContaining([
        "offline.html",
        "offline.js",
        "assets/index-abc123.js",
        "assets/index-abc123.css",
        "assets/home-page-def456.js",
        "assets/noto-sans-myanmar-burmese-400-ccc333.woff2",
        "icons/icon-192.png",
        "img/logo-mark.svg",
      ]),
    );
  });

  it("leaves out pages, the server's bundle, the operator console and the non-Burmese font", () => {
    for (const url of [
      "index.html",
      ".ssr/entry-server.mjs",
      "assets/admin-root-aaa111.js",
      "assets/console-app-bbb222.js",
      "assets/noto-sans-myanmar-myanmar-400-normal-ddd444.woff2",
    ]) {
      expect(precached, url).not.toContain(url);
    }
  });

  it("takes every page from the network (navigation preload on) and answers the offline page when that fails", () => {
    for (const path of ["/", "/two/lottery", "/profile", "/house/game/1"]) {
      const route = routeFor(path, { mode: "navigate", destination: "document" });
      expect(route?.handler.kind, path).toBe("NetworkOnly");
      expect(route?.handler.options.plugins?.map((p) => [p.kind, p.options])).toEqual([
        ["PrecacheFallbackPlugin", { fallbackURL: OFFLINE_PAGE }],
      ]);
    }
    expect(navigationPreload).toBe(true);
  });

  it("keeps images (same site only) and translations in bounded caches, refreshed behind", () => {
    const image = routeFor("/img/banners/one.svg", { destination: "image" });
    expect(image?.handler.kind).toBe("StaleWhileRevalidate");
    expect(image?.handler.options.plugins?.find((p) => p.kind === "ExpirationPlugin")?.options).toMatchObject({ maxEntries: 120 });
    expect(routeFor("https://cdn.example/banner.png", { destination: "image", origin: "https://cdn.example" })).toBeUndefined();
    expect(routeFor("/locales/mm/lottery.json")?.handler.kind).toBe("StaleWhileRevalidate");
    expect(routeFor("/assets/console-app-bbb222.js", { destination: "script" })?.handler.kind).toBe("CacheFirst");
  });

  it("imports the push handlers only when the build has them", async () => {
    expect(imported).toEqual([]);
    const withPush = runWorker(await buildWorker(true));
    expect(withPush.scripts).toEqual([`/${PUSH_SCRIPT}`]);
  }, 60_000);
});

describe("web app manifest", () => {
  it("installs as a standalone app with a Burmese name, any and maskable icons at 192 and 512 px", () => {
    expect(APP_MANIFEST).toMatchObject({ start_url: "/", scope: "/", display: "standalone", lang: "my", short_name: "ရွှေကံ" });
    expect(APP_MANIFEST.name).toContain("Shwe Lucky");
    for (const purpose of ["any", "maskable"]) {
      for (const size of ["192x192", "512x512"]) {
        const icon = APP_MANIFEST.icons.find((i) => i.purpose === purpose && i.sizes === size);
        expect(icon, `${purpose} ${size}`).toBeDefined();
        expect(
          readFileSync(join(import.meta.dirname, "../public", icon?.src ?? ""))
            .subarray(1, 4)
            .toString(),
        ).toBe("PNG");
      }
    }
  });
});

describe("the manifest's link after the first paint", () => {
  const head = (links: string) =>
    `<html><head>\n  <link rel="stylesheet" href="/assets/index.css">${links}</head><body><div id="root"></div></body></html>`;

  it("takes vite-plugin-pwa's link out of index.html, where the app links the same address later", () => {
    expect(pwaOptions(".").manifestFilename).toBe(MANIFEST_FILE);
    expect(MANIFEST_URL).toBe(`/${MANIFEST_FILE}`);
    const html = head(`\n  <link rel="manifest" href="/${MANIFEST_FILE}">`);
    expect(withoutManifestLink(html)).toBe(head(""));
  });

  it("breaks the build when the link is missing, doubled or points elsewhere", () => {
    expect(() => withoutManifestLink(head(""))).toThrow(/expected one manifest link, found 0/);
    const link = `<link rel="manifest" href="/${MANIFEST_FILE}">`;
    expect(() => withoutManifestLink(head(link + link))).toThrow(/found 2/);
    expect(() => withoutManifestLink(head('<link rel="manifest" href="/app.webmanifest">'))).toThrow(/points at \/app.webmanifest/);
  });
});
