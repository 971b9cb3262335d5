import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { linkManifest, MANIFEST_URL, startInstallableApp } from "./pwa.ts";

/** The browser's idle callbacks, run by the test when it says the browser is idle. */
let idle: (() => void)[] = [];
const browserIdle = window.requestIdleCallback;
const runIdle = () => {
  for (const task of idle.splice(0)) task();
};
const manifestLinks = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="manifest"]')];

beforeEach(() => {
  idle = [];
  window.requestIdleCallback = ((task: () => void) => idle.push(task)) as typeof window.requestIdleCallback;
});

afterEach(() => {
  window.requestIdleCallback = browserIdle;
  for (const link of manifestLinks()) link.remove();
  vi.unstubAllGlobals();
});

describe("the installable app after the first paint", () => {
  it("links the manifest and registers the service worker only once the page is idle, the manifest first", async () => {
    const order: string[] = [];
    const register = vi.fn(async () => {
      order.push(`worker, manifest linked: ${manifestLinks().length}`);
      return {} as ServiceWorkerRegistration;
    });
    vi.stubGlobal("navigator", { serviceWorker: { register } });
    startInstallableApp();
    // jsdom's document has loaded: the work waits for the browser's idle callback, not for the load event.
    expect(manifestLinks()).toEqual([]);
    expect(register).not.toHaveBeenCalled();
    runIdle();
    expect(manifestLinks().map((l) => l.getAttribute("href"))).toEqual([MANIFEST_URL]);
    expect(register).toHaveBeenCalledWith("/sw.js", { scope: "/" });
    expect(order).toEqual(["worker, manifest linked: 1"]);
  });

  it("links the manifest without a service worker too (a browser without them can still read it)", () => {
    vi.stubGlobal("navigator", {});
    startInstallableApp();
    runIdle();
    expect(manifestLinks()).toHaveLength(1);
  });

  it("never adds a second link", () => {
    linkManifest();
    linkManifest();
    expect(manifestLinks()).toHaveLength(1);
  });
});
