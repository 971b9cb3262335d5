/** The cheap Android phone the Lighthouse benchmarks and probes imitate: its Lighthouse profile, its network, a repeat visit's first visit. */

/** Lighthouse settings of the cheap-Android profile (issue #23): RTT 300 ms, 700 Kbps, CPU ×12, simulated. */
export const CHEAP_ANDROID = {
  throttlingMethod: "simulate",
  throttling: {
    rttMs: 300,
    throughputKbps: 700,
    cpuSlowdownMultiplier: 12,
    requestLatencyMs: 300 * 3.75,
    downloadThroughputKbps: 700 * 0.9,
    uploadThroughputKbps: 700 * 0.9,
  },
};

/** Throttles a tab's network through its DevTools session (puppeteer's or playwright's): `kbps` each way, `rttMs` of latency. */
export async function slowNetwork(cdp, kbps, rttMs) {
  await cdp.send("Network.enable");
  const bytesPerSecond = (kbps * 1024) / 8;
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: rttMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
}

/**
 * A repeat visit's first visit in a puppeteer tab: the page loaded, its service worker installed and in control
 * (unless `serviceWorker` is false: the bare shell has none), its requests settled, then the tab left for about:blank.
 */
export async function visitOnce(tab, url, { serviceWorker = true } = {}) {
  await tab.goto(url, { waitUntil: "load", timeout: 60_000 });
  if (serviceWorker) {
    // Installed and activated means the shell is precached; then let the page's own requests settle.
    await tab.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await tab.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 30_000 });
  }
  await tab.waitForNetworkIdle({ idleTime: 1000, timeout: 30_000 }).catch(() => undefined);
  await tab.goto("about:blank");
}
