// @vitest-environment node
import { describe, expect, it } from "vitest";
import { deferEntryScripts, START_SCRIPT, START_SCRIPT_BUILT, START_SCRIPT_FILE } from "./deferred-start.ts";

const built = `<!doctype html>
<html lang="my">
  <head>
    <title>Shwe Lucky</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="modulepreload" crossorigin href="/assets/query-2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-3.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

describe("deferred start", () => {
  it("replaces the entry script and its module preloads with one deferred start script that lists them", () => {
    const html = deferEntryScripts(built);
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain("modulepreload");
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-3.css">');
    expect(html).toContain(
      `<script defer src="/${START_SCRIPT_FILE}" data-entry="/assets/index-abc.js" data-preload="/assets/react-1.js /assets/query-2.js"></script>`,
    );
    expect(html.indexOf("start-")).toBeLessThan(html.indexOf("</head>"));
  });

  it("refuses a page without an entry script rather than shipping a site that never starts", () => {
    expect(() => deferEntryScripts("<html><head></head></html>")).toThrow(/no entry module script/);
  });

  it("ships the start script minified, with what it reads from the page and adds to it unchanged", () => {
    expect(START_SCRIPT_BUILT.length).toBeLessThan(START_SCRIPT.length * 0.7);
    for (const text of [
      "data-entry",
      "data-preload",
      "modulepreload",
      "inert",
      "first-contentful-paint",
      'link[rel="preload"][as="image"]',
    ])
      expect(START_SCRIPT_BUILT).toContain(text);
    // A classic script: it parses as one.
    expect(() => new Function(START_SCRIPT_BUILT)).not.toThrow();
  });

  it("names the start script by its content", () => {
    expect(START_SCRIPT_FILE).toMatch(/^assets\/start-[0-9a-f]{10}\.js$/);
  });
});
