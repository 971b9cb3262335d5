import { describe, expect, it, vi } from "vitest";
import { type BackendModule, createInstance, type ResourceKey } from "./i18n-core.ts";
import { pickKeys } from "./i18n-pick.ts";

const resources = {
  mm: {
    common: { hello: "မင်္ဂလာပါ {{name}}", items_one: "{{count}} ခု (တစ်)", items_other: "{{count}} ခု", nav: { home: "ပင်မ" } },
    lottery: { title: "ထီ", onlyMm: "မြန်မာ" },
  },
  en: {
    common: {
      hello: "Hello {{name}}",
      onlyEn: "English only",
      items_one: "one item",
      items_other: "{{count}} items",
      nav: { home: "Home" },
    },
    lottery: { title: "Lottery", zero_zero: "none", zero_other: "{{count}} left" },
  },
};

function started(lng = "mm") {
  const i18n = createInstance();
  void i18n.init({ lng, fallbackLng: "en", supportedLngs: ["mm", "en"], defaultNS: "common", fallbackNS: "common", resources });
  return i18n;
}

describe("translations", () => {
  it("starts at once when the translations are given", () => {
    const i18n = started();
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.language).toBe("mm");
    expect(i18n.t("nav.home")).toBe("ပင်မ");
  });

  it("fills placeholders, leaves missing ones, and picks plural forms by count", () => {
    const i18n = started();
    expect(i18n.t("hello", { name: "Aung" })).toBe("မင်္ဂလာပါ Aung");
    expect(i18n.t("hello")).toBe("မင်္ဂလာပါ {{name}}");
    expect(i18n.t("items", { count: 1 })).toBe("1 ခု (တစ်)");
    expect(i18n.t("items", { count: 5 })).toBe("5 ခု");
    expect(i18n.t("lottery:zero", { count: 0 })).toBe("none");
    expect(i18n.t("lottery:zero", { count: 2 })).toBe("2 left");
  });

  it("looks in the namespace, then the fallback namespace, then the fallback language, then defaultValue, then the key", () => {
    const i18n = started();
    expect(i18n.t("title", { ns: "lottery" })).toBe("ထီ");
    expect(i18n.t("lottery:hello", { name: "x" })).toBe("မင်္ဂလာပါ x");
    expect(i18n.t("onlyEn")).toBe("English only");
    expect(i18n.t("missing.key", { defaultValue: "Slot {{n}}", n: 2 })).toBe("Slot 2");
    expect(i18n.t("lottery:missing.key")).toBe("missing.key");
    expect(i18n.exists("common:nav.home")).toBe(true);
    expect(i18n.exists("common:nav.none")).toBe(false);
  });

  it("switches language (an unsupported one falls back to English) and tells listeners", async () => {
    const i18n = started();
    const changed = vi.fn();
    i18n.on("languageChanged", changed);
    await i18n.changeLanguage("en");
    expect(i18n.t("nav.home")).toBe("Home");
    await i18n.changeLanguage("fr");
    expect(i18n.language).toBe("en");
    expect(changed).toHaveBeenCalledWith("en");
  });

  it("loads namespaces through the backend, retrying a failure worth retrying, and switches once loaded", async () => {
    vi.useFakeTimers();
    try {
      const calls: string[] = [];
      let failures = 2;
      const backend: BackendModule = {
        type: "backend",
        read: async (lng, ns) => {
          calls.push(`${lng}/${ns}`);
          if (lng === "mm" && failures-- > 0) throw Object.assign(new Error("down"), { retry: true });
          if (lng === "en" && ns === "lottery") throw Object.assign(new Error("404"), { retry: false });
          return (resources as Record<string, Record<string, ResourceKey>>)[lng]?.[ns] ?? {};
        },
      };
      const i18n = createInstance().use(backend);
      const ready = i18n.init({ lng: "mm", fallbackLng: "en", defaultNS: "common", fallbackNS: "common", retryTimeout: 10 });
      expect(i18n.hasLoadedNamespace("common")).toBe(false);
      await vi.runAllTimersAsync();
      await ready;
      expect(i18n.isInitialized).toBe(true);
      expect(i18n.t("nav.home")).toBe("ပင်မ");
      expect(calls.filter((c) => c === "mm/common")).toHaveLength(3);

      const lottery = i18n.loadNamespaces("lottery");
      await vi.runAllTimersAsync();
      await lottery;
      expect(i18n.hasLoadedNamespace("lottery")).toBe(true);
      expect(i18n.t("lottery:onlyMm")).toBe("မြန်မာ");
      // The language's own files arrived: the fallback language's are not fetched.
      expect(calls.filter((c) => c.startsWith("en/"))).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("fetches the fallback language's file of a namespace only when the language's own failed for good", async () => {
    const calls: string[] = [];
    const backend: BackendModule = {
      type: "backend",
      read: async (lng, ns) => {
        calls.push(`${lng}/${ns}`);
        if (lng === "mm" && ns === "market") throw Object.assign(new Error("404"), { retry: false });
        return (resources as Record<string, Record<string, ResourceKey>>)[lng]?.[ns] ?? { live: `${lng} ${ns}` };
      },
    };
    const i18n = createInstance().use(backend);
    await i18n.init({
      lng: "mm",
      fallbackLng: "en",
      defaultNS: "common",
      fallbackNS: "common",
      resources: { mm: { common: resources.mm.common } },
    });
    expect(calls).toEqual([]);
    await i18n.loadNamespaces(["lottery", "market"]);
    expect(calls).toEqual(["mm/lottery", "mm/market", "en/market"]);
    expect(i18n.hasLoadedNamespace("market")).toBe(true);
    expect(i18n.t("market:live")).toBe("en market");
  });

  it("takes translations drawn elsewhere (the server's first paint) and is ready with them", () => {
    const i18n = createInstance();
    i18n.hydrate({ mm: { lottery: { title: "ထီ" } } });
    void i18n.init({ lng: "mm", fallbackLng: "en", defaultNS: "common", resources: { mm: { lottery: { title: "ထီ" } } } });
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.hasLoadedNamespace("lottery")).toBe(true);
    expect(i18n.t("lottery:title")).toBe("ထီ");
  });

  it("tells each key it finds, as found: the plural form, the namespace it fell back to, a nested path", () => {
    const i18n = started();
    const found: string[] = [];
    i18n.onFound = (ns, key) => found.push(`${ns}:${key}`);
    i18n.t("items", { count: 2 });
    i18n.t("lottery:title");
    i18n.t("lottery:hello", { name: "x" });
    i18n.t("nav.home");
    i18n.t("missing");
    expect(found).toEqual(["common:items_other", "lottery:title", "common:hello", "common:nav.home"]);
  });

  it("picks the keys out of a bundle with the bundle's shape", () => {
    const bundle = { a: "A", b: { c: "C", d: "D", e: { f: "F" } }, "g.h": "flat" };
    expect(pickKeys(bundle, ["a", "b.e.f", "b.c", "g.h", "nope", "b.nope"])).toEqual({
      a: "A",
      b: { c: "C", e: { f: "F" } },
      "g.h": "flat",
    });
    expect(pickKeys(bundle, [])).toEqual({});
    expect(pickKeys(undefined, ["a"])).toEqual({});
  });

  it("draws with a drawing's keys at once, then fetches the rest of those files, leaving whole ones alone", async () => {
    const calls: string[] = [];
    let answer: (() => void) | undefined;
    const backend: BackendModule = {
      type: "backend",
      read: (lng, ns) => {
        calls.push(`${lng}/${ns}`);
        const bundle = (resources as Record<string, Record<string, ResourceKey>>)[lng]?.[ns] ?? {};
        return new Promise((resolve) => {
          answer = () => resolve(bundle);
        });
      },
    };
    const i18n = createInstance().use(backend);
    const drawn = { mm: { lottery: { title: "ထီ" } } };
    void i18n.init({
      lng: "mm",
      fallbackLng: "en",
      defaultNS: "common",
      fallbackNS: "common",
      ns: ["common"],
      resources: { mm: { common: resources.mm.common } },
    });
    i18n.hydrate(drawn);
    expect(i18n.hasLoadedNamespace("lottery")).toBe(true);
    expect(i18n.t("lottery:title")).toBe("ထီ");
    expect(i18n.t("lottery:onlyMm")).toBe("onlyMm");
    const loaded = vi.fn();
    i18n.on("loaded", loaded);
    const complete = i18n.loadNamespaces(["lottery", "common"]);
    // Only the drawn namespace still partial: common arrived whole here.
    expect(calls).toEqual(["mm/lottery"]);
    answer?.();
    await complete;
    expect(i18n.t("lottery:onlyMm")).toBe("မြန်မာ");
    expect(i18n.t("lottery:title")).toBe("ထီ");
    expect(loaded).toHaveBeenCalledWith({ mm: ["lottery"] });
    // Complete now: asked again, nothing is fetched.
    await i18n.loadNamespaces(["lottery"]);
    expect(calls).toEqual(["mm/lottery"]);
  });

  it("keeps a drawing's keys when the rest of its file fails for good, the others coming from the fallback language", async () => {
    const calls: string[] = [];
    const backend: BackendModule = {
      type: "backend",
      read: async (lng, ns) => {
        calls.push(`${lng}/${ns}`);
        if (lng === "mm") throw Object.assign(new Error("404"), { retry: false });
        return (resources as Record<string, Record<string, ResourceKey>>)[lng]?.[ns] ?? {};
      },
    };
    const i18n = createInstance().use(backend);
    const drawn = { mm: { lottery: { title: "ထီ" } } };
    await i18n.init({ lng: "mm", fallbackLng: "en", defaultNS: "common", fallbackNS: "common", ns: [], resources: drawn });
    i18n.hydrate(drawn);
    await i18n.loadNamespaces(["lottery"]);
    expect(calls).toEqual(["mm/lottery", "en/lottery"]);
    expect(i18n.t("lottery:title")).toBe("ထီ");
    expect(i18n.t("lottery:zero", { count: 0 })).toBe("none");
  });
});
