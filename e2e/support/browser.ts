import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { CHROMIUM_ARGS, chromiumPath } from "./chromium.ts";
import { repoRoot } from "./server.ts";

export const artifactsDir = join(repoRoot, "e2e/artifacts");

/** The two sizes every journey cares about: a mid-range Android phone first, then a laptop. */
export const viewports = {
  mobile: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
} as const;
export type ViewportName = keyof typeof viewports;

/**
 * Launches the system Chromium headless through playwright-core. Playwright gives every launch
 * its own fresh, temporary profile directory and removes it on close.
 */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error("Chromium is not installed (apt-get install -y chromium, or set CHROMIUM_PATH).");
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS, timeout: 60_000 });
}

/** A new isolated browser context (own storage, own cookies) at one of the two sizes. */
export async function newContext(browser: Browser, size: ViewportName, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ ...viewports[size], baseURL });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  return context;
}

interface OpenPage {
  page: Page;
  context: BrowserContext;
  size: ViewportName;
  errors: string[];
}

export interface BrowserSession {
  /** The server under test. */
  baseUrl: string;
  /** Opens a page in a fresh context; it is closed after the test (and photographed first if the test failed). */
  open(size: ViewportName): Promise<Page>;
  /** Uncaught exceptions and console errors the page reported so far. */
  errorsOf(page: Page): string[];
}

function fileSafe(name: string): string {
  return name
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 120);
}

/**
 * Wires a browser into the current test file: launched once before the first test, every page
 * closed after its test, a full-page screenshot (and the page's errors) saved under e2e/artifacts/
 * when a test fails.
 */
export function useBrowser(): BrowserSession {
  const baseUrl = inject("baseUrl");
  let browser: Browser | undefined;
  let pages: OpenPage[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterEach(async ({ task }) => {
    const open = pages;
    pages = [];
    if (task.result?.state === "fail") {
      mkdirSync(artifactsDir, { recursive: true });
      const base = fileSafe(`${task.file?.name ?? "e2e"}-${task.name}`);
      for (const [i, p] of open.entries()) {
        const name = `${base}-${p.size}${open.length > 1 ? `-${i + 1}` : ""}`;
        try {
          await p.page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true, timeout: 10_000 });
          writeFileSync(join(artifactsDir, `${name}.txt`), `${[`url: ${p.page.url()}`, ...p.errors].join("\n")}\n`);
          console.error(`[e2e] saved e2e/artifacts/${name}.png`);
        } catch (err) {
          console.error(`[e2e] could not capture ${name}: ${String(err)}`);
        }
      }
    }
    for (const p of open) await p.context.close().catch(() => undefined);
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    baseUrl,
    async open(size) {
      if (!browser) throw new Error("The browser is not running (useBrowser() must be called at the top of a describe).");
      const context = await newContext(browser, size, baseUrl);
      const page = await context.newPage();
      const entry: OpenPage = { page, context, size, errors: [] };
      page.on("pageerror", (err) => entry.errors.push(`pageerror: ${err.message}`));
      page.on("console", (msg) => {
        if (msg.type() === "error") entry.errors.push(`console.error: ${msg.text()} (${msg.location().url})`);
      });
      page.on("response", (res) => {
        if (res.status() >= 400) entry.errors.push(`http ${res.status()}: ${res.request().method()} ${res.url()}`);
      });
      pages.push(entry);
      return page;
    },
    errorsOf(page) {
      return pages.find((p) => p.page === page)?.errors ?? [];
    },
  };
}
