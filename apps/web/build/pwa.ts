import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import type { VitePWAOptions } from "vite-plugin-pwa";
import type { RuntimeCaching } from "workbox-build";
import { MANIFEST_URL } from "../src/lib/pwa.ts";

/**
 * The installable app: its web app manifest and its service worker (Workbox, generated at build
 * time by vite-plugin-pwa).
 *
 * The service worker precaches the shell (the hashed scripts and styles, the Burmese font, the
 * icons and the offline page) so a repeat visit reads them from the phone. Pages still
 * come from the network every time (the server draws them with fresh results and the visitor's
 * language); when the network fails, the offline page answers instead. API and HOUSE calls (money,
 * sessions, personal data) never touch a cache.
 */

/** The Burmese name players see under the icon: ရွှေ (shwe, gold) + ကံ (kan, luck). */
export const BURMESE_NAME = "ရွှေကံ";
export const SITE_BACKGROUND = "#0B1020";

export const APP_MANIFEST = {
  id: "/",
  name: `Shwe Lucky ${BURMESE_NAME}`,
  short_name: BURMESE_NAME,
  description: "၂D၊ ၃D၊ ၁D ထီနှင့် ဂိမ်းများ — 2D, 3D, 1D lotteries and games for Myanmar players.",
  lang: "my",
  dir: "ltr",
  start_url: "/",
  scope: "/",
  display: "standalone",
  orientation: "portrait",
  theme_color: SITE_BACKGROUND,
  background_color: SITE_BACKGROUND,
  categories: ["games", "entertainment"],
  icons: [
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
    { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
} satisfies Partial<VitePWAOptions["manifest"]>;

/** The page shown for a navigation the network cannot answer (public/offline.html). */
export const OFFLINE_PAGE = "/offline.html";

/**
 * Writes the offline page (build/offline.html) into the build with the address of the app's
 * Burmese font, which carries a content hash; the service worker precaches both.
 */
export function offlinePage(): Plugin {
  return {
    name: "shwe:offline-page",
    apply: "build",
    generateBundle(_options, bundle) {
      const font = Object.keys(bundle).find((file) => /noto-sans-myanmar-burmese-400-[\w-]+\.woff2$/.test(file));
      if (!font) this.error("the Burmese font is missing from the build");
      const template = readFileSync(join(import.meta.dirname, "offline.html"), "utf8");
      this.emitFile({ type: "asset", fileName: OFFLINE_PAGE.slice(1), source: template.replace("%BURMESE_FONT%", `/${font}`) });
    },
  };
}

/**
 * The service worker's routes, first match wins. Each `urlPattern` is copied into the generated
 * sw.js as source text, so it must not use anything from this module.
 */
export const RUNTIME_CACHING: RuntimeCaching[] = [
  {
    // Every page from the network (with navigation preload), the offline page when that fails.
    urlPattern: ({ request }) => request.mode === "navigate",
    handler: "NetworkOnly",
    options: { precacheFallback: { fallbackURL: OFFLINE_PAGE } },
  },
  {
    // Money and personal answers: never cached, not even as a fallback.
    urlPattern: ({ url }) => url.pathname.startsWith("/api/") || url.pathname === "/api" || url.pathname.startsWith("/house/"),
    handler: "NetworkOnly",
  },
  {
    // Hashed build files not in the precache (the operator console): they never change.
    urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
    handler: "CacheFirst",
    options: { cacheName: "shwe-assets", expiration: { maxEntries: 60, maxAgeSeconds: 30 * 24 * 3600 } },
  },
  {
    // Banners, tiles and icons: shown at once from the phone, refreshed behind.
    urlPattern: ({ request, sameOrigin }) => sameOrigin && request.destination === "image",
    handler: "StaleWhileRevalidate",
    options: {
      cacheName: "shwe-images",
      expiration: { maxEntries: 120, maxAgeSeconds: 14 * 24 * 3600, purgeOnQuotaError: true },
      cacheableResponse: { statuses: [200] },
    },
  },
  {
    // Translations: the cached copy first, refreshed behind.
    urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/locales/"),
    handler: "StaleWhileRevalidate",
    options: { cacheName: "shwe-locales", expiration: { maxEntries: 80 }, cacheableResponse: { statuses: [200] } },
  },
];

/** The web app manifest's file, at the address the app links (src/lib/pwa.ts). */
export const MANIFEST_FILE = MANIFEST_URL.slice(1);

/**
 * Takes the manifest's link out of index.html (vite-plugin-pwa writes it into the head); the app links
 * it once the page has loaded and the main thread is idle (src/lib/pwa.ts, `startInstallableApp`). In
 * the head, the browser fetched the manifest and then its 192 px icon while the page's own styles, font
 * and logo were still arriving: on a slow line, two requests that nothing on the first paint needs
 * (bench/README.md, "The manifest after the first paint"). Listed after VitePWA, whose link it removes.
 */
export function manifestAfterLoad(): Plugin {
  return {
    name: "shwe:manifest-after-load",
    apply: "build",
    // VitePWA's plugin is a "post" plugin: this one must run after it.
    enforce: "post",
    transformIndexHtml: { order: "post", handler: (html) => withoutManifestLink(html) },
  };
}

/** index.html without its `<link rel="manifest">`, which must point at MANIFEST_FILE. */
export function withoutManifestLink(html: string): string {
  const links = [...html.matchAll(/\s*<link rel="manifest" href="([^"]*)"[^>]*>/g)];
  if (links.length !== 1) throw new Error(`index.html: expected one manifest link, found ${links.length}`);
  const [link] = links;
  if (link?.[1] !== `/${MANIFEST_FILE}`) throw new Error(`index.html: the manifest link points at ${link?.[1]}, not /${MANIFEST_FILE}`);
  return html.replace(link[0], "");
}

/** The push handlers' file: imported by the service worker when the build has it. */
export const PUSH_SCRIPT = "push-sw.js";

export function pwaOptions(appRoot: string): Partial<VitePWAOptions> {
  const hasPush = existsSync(join(appRoot, "public", PUSH_SCRIPT));
  return {
    // The app registers the worker itself once the page has settled (src/lib/pwa.ts).
    injectRegister: false,
    strategies: "generateSW",
    filename: "sw.js",
    manifestFilename: MANIFEST_FILE,
    manifest: APP_MANIFEST,
    includeManifestIcons: false,
    // Before the build's precompression, so sw.js gets its .br/.gz copies too.
    integration: { closeBundleOrder: "pre" },
    workbox: {
      // Not index.html: every page comes from the server, drawn with fresh data.
      globPatterns: ["offline.html", "offline.js", "assets/**/*.{js,css,woff2}", "icons/*.png", "img/logo-mark.svg"],
      globIgnores: [
        ".ssr/**",
        // The operator console is for operators only; it is cached when first opened (shwe-assets).
        "assets/admin-*",
        "assets/console-app-*",
        // The whole Myanmar-script font serves the languages other than Burmese only.
        "assets/noto-sans-myanmar-myanmar-*",
      ],
      // Hashed files carry their version in the name: no cache-busting query needed.
      dontCacheBustURLsMatching: /^assets\//,
      maximumFileSizeToCacheInBytes: 512 * 1024,
      // A page's address never stands for a precached file ("/" is not index.html).
      directoryIndex: null,
      navigateFallback: null,
      navigationPreload: true,
      runtimeCaching: RUNTIME_CACHING,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      importScripts: hasPush ? [`/${PUSH_SCRIPT}`] : [],
    },
  };
}
