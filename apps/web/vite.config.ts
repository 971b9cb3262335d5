import { join, resolve } from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { BUDGET_STATS, type BudgetChunk, checkBundleBudget, shortModuleId } from "./build/bundle-budget.ts";
import { COMPILE_HINT, withCompileHint } from "./build/compile-hint.ts";
import { deferEntryScripts, START_SCRIPT_BUILT, START_SCRIPT_FILE } from "./build/deferred-start.ts";
import { precompressDir } from "./build/precompress.ts";
import { manifestAfterLoad, offlinePage, pwaOptions } from "./build/pwa.ts";

const appRoot = import.meta.dirname;

/** Where the server's first-paint bundle goes, inside the built site (a dot folder is never served). */
export const FIRST_PAINT_DIR = ".ssr";

/**
 * Breaks the build when the JS a first visit to an entry page downloads grows past the budget
 * (build/bundle-budget.ts), and prints the weights either way. It also writes what the check needs
 * of every chunk to BUDGET_STATS (a dot folder, never served), so `npm test` checks the files the
 * build wrote (build/check-budget.ts).
 */
function bundleBudget(): Plugin {
  return {
    name: "shwe:bundle-budget",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks: BudgetChunk[] = Object.values(bundle).flatMap((item) =>
        item.type === "chunk"
          ? [
              {
                fileName: item.fileName,
                code: item.code,
                isEntry: item.isEntry,
                facadeModuleId: item.facadeModuleId && shortModuleId(item.facadeModuleId),
                imports: item.imports,
                modules: Object.fromEntries(item.moduleIds.map((id) => [shortModuleId(id), item.modules[id]?.renderedLength ?? 0])),
              },
            ]
          : [],
      );
      // The start script runs before anything else on every page: it counts too.
      chunks.push({ fileName: START_SCRIPT_FILE, code: START_SCRIPT_BUILT, isEntry: true, facadeModuleId: null, imports: [] });
      this.emitFile({
        type: "asset",
        fileName: BUDGET_STATS,
        source: JSON.stringify(chunks.map(({ code: _code, ...rest }) => rest)),
      });
      const report = checkBundleBudget(chunks);
      for (const page of report.pages)
        this.info(`initial JS of the ${page.page} page: ${page.gzipKb} KB gzip (${page.files.length} files)`);
      if (report.failures.length > 0) this.error(`JS budget exceeded:\n${report.failures.join("\n")}`);
    },
  };
}

/** The entry chunk is compiled whole while it downloads (build/compile-hint.ts). */
function compileEntryEagerly(): Plugin {
  return {
    name: "shwe:compile-hint",
    apply: "build",
    // After Vite has written its own lines at the top of the chunk (the lazy chunks' dependency map).
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const item of Object.values(bundle)) {
          if (item.type !== "chunk" || !item.isEntry || item.code.startsWith(COMPILE_HINT)) continue;
          item.code = withCompileHint(item.code);
          // A source map (`vite build --sourcemap`, for profiling) keeps pointing at the right lines.
          if (item.map) item.map.mappings = `;${item.map.mappings}`;
        }
      },
    },
  };
}

/** index.html starts the app through the deferred start script (build/deferred-start.ts). */
function deferredStart(): Plugin {
  return {
    name: "shwe:deferred-start",
    apply: "build",
    transformIndexHtml: { order: "post", handler: (html) => deferEntryScripts(html) },
    generateBundle() {
      this.emitFile({ type: "asset", fileName: START_SCRIPT_FILE, source: START_SCRIPT_BUILT });
    },
  };
}

/** Preloads the Burmese regular face (the one the first paint's text uses) from index.html. */
function preloadBurmeseFont(): Plugin {
  return {
    name: "shwe:preload-font",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((file) => /noto-sans-myanmar-burmese-400-[\w-]+\.woff2$/.test(file));
        if (!font) return [];
        return [
          {
            tag: "link",
            attrs: { rel: "preload", href: `/${font}`, as: "font", type: "font/woff2", crossorigin: "" },
            injectTo: "head",
          },
        ];
      },
    },
  };
}

/**
 * After the site is written: the server's first-paint bundle (src/entry-server.tsx, everything it
 * needs bundled in, so the server loads it from the built folder alone), then .br and .gz copies
 * of every text file for the server to send as they are.
 */
function serverBundleAndCompression(): Plugin {
  let outDir = "";
  let skip = false;
  return {
    name: "shwe:first-paint-and-compression",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      skip = Boolean(config.build.ssr) || config.build.watch !== null;
    },
    async closeBundle() {
      if (skip) return;
      await build({
        configFile: false,
        root: appRoot,
        logLevel: "warn",
        mode: "production",
        plugins: [react()],
        define: { "process.env.NODE_ENV": JSON.stringify("production") },
        ssr: { noExternal: true, target: "node" },
        build: {
          ssr: "src/entry-server.tsx",
          outDir: join(outDir, FIRST_PAINT_DIR),
          emptyOutDir: true,
          target: "node20",
          minify: false,
          copyPublicDir: false,
          rollupOptions: { output: { format: "es", entryFileNames: "[name].mjs", chunkFileNames: "[name]-[hash].mjs" } },
        },
      });
      const { files, bytes, brotliBytes } = precompressDir(outDir);
      this.info(`precompressed ${files} files: ${Math.round(bytes / 1024)} KB → ${Math.round(brotliBytes / 1024)} KB`);
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    preloadBurmeseFont(),
    deferredStart(),
    compileEntryEagerly(),
    bundleBudget(),
    // The offline page, the web app manifest and the service worker (build/pwa.ts).
    offlinePage(),
    VitePWA(pwaOptions(appRoot)),
    manifestAfterLoad(),
    serverBundleAndCompression(),
  ],
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:3000", ws: true } },
  },
  build: {
    target: "es2020",
    cssCodeSplit: true,
    sourcemap: false,
    assetsInlineLimit: 2048,
    // Every browser the site supports knows <link rel="modulepreload">: no polyfill in the first download.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // The shared rules package is pure (no side effects at load): the app keeps only what it calls.
      treeshake: { moduleSideEffects: (id: string) => !id.replaceAll("\\", "/").includes("/packages/domain/src/") },
      // Everything the entry loads statically goes into the entry chunk. Left to itself, Rolldown gives
      // each module that a lazy chunk shares with the entry (React, TanStack Query, the router, the API
      // client, …) a chunk of its own: about 17 files on every first visit, each with its own gzip
      // framing and import/export names (about 5.5 KB gzip on every entry page, bench/README.md).
      output: { codeSplitting: { groups: [{ name: "app", tags: ["$initial"] }] } },
    },
  },
});
