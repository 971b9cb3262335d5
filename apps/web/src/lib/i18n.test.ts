import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** A fresh copy of the translations, started the way a page load starts them. */
async function start() {
  vi.resetModules();
  const { initI18n } = await import("./i18n.ts");
  return { i18n: initI18n() };
}

const languageCookie = () => document.cookie.split("; ").find((c) => c.startsWith("i18nextLng="));
const setLanguageCookie = (lng: string) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test sets the cookie an earlier visit left
  document.cookie = `i18nextLng=${lng}; path=/`;
};

/** The browser's idle callbacks, run by the test when it says the browser is idle. */
let idle: (() => void)[] = [];
const browserIdle = window.requestIdleCallback;
const runIdle = () => {
  for (const task of idle.splice(0)) task();
};

beforeEach(() => {
  idle = [];
  window.requestIdleCallback = ((task: () => void) => idle.push(task)) as typeof window.requestIdleCallback;
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response("{}", { status: 200, headers: { "content-type": "application/json" } })),
  );
});

afterEach(() => {
  window.requestIdleCallback = browserIdle;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // biome-ignore lint/suspicious/noDocumentCookie: removes the test's cookie
  document.cookie = "i18nextLng=; path=/; max-age=0";
});

describe("the language at start", () => {
  it("is the one kept in the cookie, without touching localStorage (and nothing written when it is already kept)", async () => {
    setLanguageCookie("en");
    const storage = vi.spyOn(window, "localStorage", "get");
    const { i18n } = await start();
    expect(i18n.language).toBe("en");
    expect(storage).not.toHaveBeenCalled();
    expect(idle).toHaveLength(0);
  });

  it("on a first visit is Burmese without touching localStorage, and kept in the cookie at once", async () => {
    const storage = vi.spyOn(window, "localStorage", "get");
    const { i18n } = await start();
    expect(i18n.language).toBe("mm");
    expect(languageCookie()).toBe("i18nextLng=mm");
    expect(storage).not.toHaveBeenCalled();
    // Nothing kept in localStorage either: the idle look changes nothing.
    runIdle();
    expect(i18n.language).toBe("mm");
  });

  it("from ?lng= is kept in the cookie, without touching localStorage even when idle", async () => {
    setLanguageCookie("en");
    window.history.replaceState(null, "", "/?lng=thai");
    const storage = vi.spyOn(window, "localStorage", "get");
    const { i18n } = await start();
    window.history.replaceState(null, "", "/");
    expect(i18n.language).toBe("thai");
    expect(languageCookie()).toBe("i18nextLng=thai");
    expect(idle).toHaveLength(0);
    expect(storage).not.toHaveBeenCalled();
  });

  it("kept only in localStorage (a build without the cookie) is taken when the browser is idle, and kept in the cookie from then on", async () => {
    localStorage.setItem("i18nextLng", "en");
    const { i18n } = await start();
    expect(i18n.language).toBe("mm");
    runIdle();
    await vi.waitFor(() => expect(i18n.language).toBe("en"));
    expect(languageCookie()).toBe("i18nextLng=en");
    expect(localStorage.getItem("i18nextLng")).toBe("en");
  });
});
