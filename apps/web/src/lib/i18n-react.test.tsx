import { act, render, screen } from "@testing-library/react";
import { useLayoutEffect } from "react";
import { describe, expect, it } from "vitest";
import { type BackendModule, createInstance, type ResourceKey } from "./i18n-core.ts";
import { I18nextProvider, useTranslation } from "./i18n-react.tsx";

const files: Record<string, Record<string, ResourceKey>> = {
  mm: { common: { ok: "ရပြီ" }, lottery: { title: "ထီ" }, market: { live: "တိုက်ရိုက်" }, admin: { save: "သိမ်း" } },
  en: { common: { ok: "OK" }, lottery: { title: "Lottery" }, market: { live: "Live" }, admin: { save: "Save" } },
};

/** An instance started in Burmese with the common and lottery files given (as the server's first paint does). */
function started() {
  const i18n = createInstance();
  // A missing file answers as a 404 would: failed for good.
  const backend: BackendModule = {
    type: "backend",
    read: (lng, ns) => {
      const file = files[lng]?.[ns];
      return file ? Promise.resolve(file) : Promise.reject(new Error(`/locales/${lng}/${ns}.json (404)`));
    },
  };
  void i18n.use(backend).init({
    lng: "mm",
    fallbackLng: "en",
    supportedLngs: ["mm", "en"],
    defaultNS: "common",
    fallbackNS: "common",
    ns: ["common"],
    resources: { mm: { common: files.mm?.common ?? {}, lottery: files.mm?.lottery ?? {} } },
  });
  return i18n;
}

function counted(key: string, ns = "lottery") {
  const renders = { count: 0 };
  function Text() {
    const { t } = useTranslation(ns, { useSuspense: false });
    renders.count += 1;
    return <p>{t(key)}</p>;
  }
  return { Text, renders };
}

describe("useTranslation", () => {
  it("does not draw a component again for a file whose texts it does not show", async () => {
    const i18n = started();
    const { Text, renders } = counted("title");
    render(
      <I18nextProvider i18n={i18n}>
        <Text />
      </I18nextProvider>,
    );
    expect(screen.getByText("ထီ")).toBeInTheDocument();
    expect(i18n.isInitialized).toBe(true);
    const before = renders.count;
    // Another chunk's namespace arriving behind the page (the fallback language's files are not fetched).
    await act(() => i18n.loadNamespaces(["market", "common", "lottery"]));
    expect(i18n.getResourceBundle("mm", "market")).toBeDefined();
    expect(i18n.getResourceBundle("en", "lottery")).toBeUndefined();
    expect(renders.count).toBe(before);
    expect(screen.getByText("ထီ")).toBeInTheDocument();
  });

  it("draws again when its own namespace or one it borrowed a key from arrives, and on a language change", async () => {
    const i18n = started();
    const own = counted("live", "market");
    const borrowing = counted("admin:save");
    render(
      <I18nextProvider i18n={i18n}>
        <own.Text />
        <borrowing.Text />
      </I18nextProvider>,
    );
    expect(screen.getByText("live")).toBeInTheDocument();
    expect(screen.getByText("save")).toBeInTheDocument();
    await act(() => i18n.loadNamespaces("market"));
    expect(screen.getByText("တိုက်ရိုက်")).toBeInTheDocument();
    await act(() => i18n.loadNamespaces("admin"));
    expect(screen.getByText("သိမ်း")).toBeInTheDocument();
    await act(() => i18n.changeLanguage("en"));
    expect(screen.getByText("Live")).toBeInTheDocument();
    expect(screen.getByText("Save")).toBeInTheDocument();
  });

  it("draws with the fallback language's file while the language's own file is missing", async () => {
    const i18n = started();
    delete files.mm?.market;
    try {
      const { Text } = counted("live", "market");
      render(
        <I18nextProvider i18n={i18n}>
          <Text />
        </I18nextProvider>,
      );
      await act(() => i18n.loadNamespaces("market"));
      expect(screen.getByText("Live")).toBeInTheDocument();
    } finally {
      if (files.mm) files.mm.market = { live: "တိုက်ရိုက်" };
    }
  });

  it("draws a part again whose file arrived after it was drawn without its texts but before it listened", async () => {
    const i18n = started();
    await act(() => i18n.loadNamespaces(["common"]));
    expect(i18n.isInitialized).toBe(true);
    const { Text } = counted("live", "market");
    // Stands for the file's answer landing between the drawing and the part's listeners (a busy phone
    // hydrating a large page): the texts are there, and no one is told any more.
    function Arrives() {
      useLayoutEffect(() => {
        i18n.addResourceBundle("mm", "market", files.mm?.market ?? {});
      }, []);
      return null;
    }
    render(
      <I18nextProvider i18n={i18n}>
        <Text />
        <Arrives />
      </I18nextProvider>,
    );
    expect(screen.getByText("တိုက်ရိုက်")).toBeInTheDocument();
  });

  it("draws a part again that was drawn before the start ended, when it ends (a part shown only once ready)", async () => {
    const i18n = createInstance();
    // The fallback language's common file is slow: the start waits for it.
    let answer: (file: ResourceKey) => void = () => undefined;
    const backend: BackendModule = {
      type: "backend",
      read: (lng, ns) => {
        if (lng === "mm" && ns === "common") return new Promise<ResourceKey>((resolve) => (answer = resolve));
        const file = files[lng]?.[ns];
        return file ? Promise.resolve(file) : Promise.reject(new Error(`/locales/${lng}/${ns}.json (404)`));
      },
    };
    const starting = i18n.use(backend).init({
      lng: "mm",
      fallbackLng: "en",
      supportedLngs: ["mm", "en"],
      defaultNS: "common",
      fallbackNS: "common",
      ns: ["common"],
      resources: { mm: { lottery: files.mm?.lottery ?? {} } },
    });
    function Shown() {
      const { t, ready } = useTranslation("lottery", { useSuspense: false });
      return ready ? <p>{t("title")}</p> : null;
    }
    render(
      <I18nextProvider i18n={i18n}>
        <Shown />
      </I18nextProvider>,
    );
    expect(i18n.isInitialized).toBe(false);
    expect(screen.queryByText("ထီ")).toBeNull();
    // The last file arrives: it changes none of the part's texts, but the start ends with it.
    await act(async () => {
      answer(files.mm?.common ?? {});
      await starting;
    });
    expect(i18n.isInitialized).toBe(true);
    expect(screen.getByText("ထီ")).toBeInTheDocument();
  });
});
