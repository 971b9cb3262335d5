import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { cacheControlFor } from "./web.routes.ts";

/** The installable app's files as the web build writes them (sw.js with its brotli copy). */
const SW = `importScripts("/push-sw.js");self.addEventListener("fetch",()=>{});`;
const MANIFEST = JSON.stringify({ name: "Shwe Lucky ရွှေကံ", short_name: "ရွှေကံ", start_url: "/" });

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "shwe-web-pwa-"));
  mkdirSync(join(dist, "icons"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>Shwe Lucky</title>");
  writeFileSync(join(dist, "sw.js"), SW);
  writeFileSync(join(dist, "sw.js.br"), brotliCompressSync(SW));
  writeFileSync(join(dist, "push-sw.js"), "self.addEventListener('push',()=>{});");
  writeFileSync(join(dist, "manifest.webmanifest"), MANIFEST);
  writeFileSync(join(dist, "offline.html"), "<!doctype html><title>Offline</title>");
  writeFileSync(join(dist, "icons", "icon-192.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  t = await createTestApp({ config: { webDist: dist }, seed: false });
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("web: the installable app's files", () => {
  it("serves the service worker never without asking, also as its brotli copy", async () => {
    const res = await t.app.inject({ method: "GET", url: "/sw.js", headers: { "accept-encoding": "br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("no-cache");
    const push = await t.app.inject({ method: "GET", url: "/push-sw.js" });
    expect(push.headers["cache-control"]).toBe("no-cache");
  });

  it("serves the manifest as application/manifest+json, never without asking", async () => {
    const res = await t.app.inject({ method: "GET", url: "/manifest.webmanifest" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(JSON.parse(res.body).short_name).toBe("ရွှေကံ");
  });

  it("keeps the day-long cache for icons and never-cached HTML for the offline page", async () => {
    const icon = await t.app.inject({ method: "GET", url: "/icons/icon-192.png" });
    expect(icon.headers["cache-control"]).toBe("public, max-age=86400");
    const offline = await t.app.inject({ method: "GET", url: "/offline.html" });
    expect(offline.headers["cache-control"]).toBe("no-cache");
  });

  it("revalidates only the worker files by exact name", () => {
    expect(cacheControlFor("/dist/sw.js.gz")).toBe("no-cache");
    expect(cacheControlFor("/dist/manifest.webmanifest")).toBe("no-cache");
    expect(cacheControlFor("/dist/img/not-sw.js")).toBe("public, max-age=86400");
    expect(cacheControlFor("/dist/workbox-abc123.js")).toBe("public, max-age=86400");
  });
});
