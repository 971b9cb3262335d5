import { createHash } from "node:crypto";
import { minifySync } from "vite";

/**
 * How the app's scripts start. On a page the server drew (#root is inert), the scripts wait until
 * the browser reports the drawing's first contentful paint and its lead picture (the home banner)
 * has arrived, so on a slow connection they do not compete with what the visitor looks at first; then the entry chunk and
 * its imports download (as module preloads) and the app takes over. On the empty page (the
 * spinner) they start at once. A deferred classic script, so it never blocks the parser.
 *
 * Written in plain ES5; the build ships it minified (START_SCRIPT_BUILT).
 */
export const START_SCRIPT = `(function () {
  var me = document.currentScript;
  var entry = me && me.getAttribute("data-entry");
  if (!entry) return;
  var deps = (me.getAttribute("data-preload") || "").split(" ");
  var started = false;
  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < deps.length; i++) {
      if (!deps[i]) continue;
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = deps[i];
      document.head.appendChild(link);
    }
    var script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = entry;
    document.head.appendChild(script);
  }
  var root = document.getElementById("root");
  if (!root || !root.hasAttribute("inert") || !window.requestAnimationFrame) return start();
  // Never later than this, whatever is still loading.
  setTimeout(start, 4000);
  var waiting = 2;
  function done() {
    waiting -= 1;
    if (waiting === 0) requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  // The first contentful paint as the browser reports it (frames may be drawn before they are shown).
  var painted = false;
  function onPaint() {
    if (painted) return;
    painted = true;
    done();
  }
  try {
    if (performance.getEntriesByName("first-contentful-paint").length) onPaint();
    else {
      var observer = new PerformanceObserver(function (list) {
        if (list.getEntriesByName("first-contentful-paint").length) {
          observer.disconnect();
          onPaint();
        }
      });
      observer.observe({ type: "paint", buffered: true });
    }
  } catch (e) {
    requestAnimationFrame(function () { setTimeout(onPaint, 0); });
  }
  var lead = document.querySelector('link[rel="preload"][as="image"]');
  if (!lead) return done();
  var picture = new Image();
  picture.onload = picture.onerror = done;
  picture.src = lead.href;
})();
`;

/**
 * The start script as the build ships it: minified (about 0.25 KB gzip less on every first visit),
 * ES2015 at most (every browser that can run the app's modules reads it).
 */
export const START_SCRIPT_BUILT = minifyStartScript(START_SCRIPT);

function minifyStartScript(source: string): string {
  const { code, errors } = minifySync("start.js", source, { compress: { target: "es2015" }, mangle: true });
  if (errors.length > 0 || !code) throw new Error(`the start script does not minify: ${errors.map((e) => e.message).join("; ")}`);
  return code;
}

/** The start script's file in the build: content-hashed like every other asset. */
export const START_SCRIPT_FILE = `assets/start-${createHash("sha256").update(START_SCRIPT_BUILT).digest("hex").slice(0, 10)}.js`;

/**
 * Rewrites Vite's index.html: the entry <script type="module"> and its <link rel="modulepreload">
 * tags become one deferred start script that adds them when it is time.
 */
export function deferEntryScripts(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry?.[1]) throw new Error("index.html: no entry module script to defer");
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  let out = html.replace(entry[0], "");
  for (const p of preloads) out = out.replace(p[0], "");
  const deps = preloads.map((p) => p[1]).join(" ");
  const tag = `<script defer src="/${START_SCRIPT_FILE}" data-entry="${entry[1]}" data-preload="${deps}"></script>\n  `;
  return out.replace("</head>", `${tag}</head>`);
}
