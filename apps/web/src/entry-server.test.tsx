// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ApiCall, createFirstPaintRenderer, drawsFirstPaint } from "./entry-server.tsx";
import { draw, sections } from "./features/lottery/test/fixtures.ts";
import type { FirstPaintData } from "./lib/first-paint.ts";

const localesDir = join(import.meta.dirname, "../public/locales");
const locales = Object.fromEntries(
  readdirSync(localesDir).map((lng) => [
    lng,
    Object.fromEntries(
      readdirSync(join(localesDir, lng)).map((file) => [
        file.replace(/\.json$/, ""),
        JSON.parse(readFileSync(join(localesDir, lng, file), "utf8")),
      ]),
    ),
  ]),
);
const mm = (key: string) =>
  key.split(".").reduce<Record<string, unknown>>((node, part) => node[part] as Record<string, unknown>, locales.mm?.common ?? {});

function fakeApi(answers: Record<string, unknown>) {
  const calls: ApiCall[] = [];
  return {
    calls,
    callApi: async (call: ApiCall) => {
      calls.push(call);
      const path = call.url.split("?")[0]?.replace(/^\/api\//, "") ?? "";
      return path in answers
        ? { status: 200, body: JSON.stringify(answers[path]) }
        : { status: 404, body: '{"message":"Not found.","code":"NOT_FOUND"}' };
    },
  };
}

function dataOf(script: string): FirstPaintData {
  const json = /<script type="application\/json" id="first-paint-data">(.*)<\/script>/s.exec(script)?.[1];
  return JSON.parse(json ?? "null") as FirstPaintData;
}

describe("the server's first paint", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("draws only the public pages a visit starts on", () => {
    for (const path of ["/", "/two/lottery", "/winner-list", "/win-number", "/crypto/one/lottery", "/winner-list/"])
      expect(drawsFirstPaint(path)).toBe(true);
    for (const path of ["/profile", "/cashin", "/admin", "/slot", "/no-such-page"]) expect(drawsFirstPaint(path)).toBe(false);
  });

  it("draws the signed-out account pages only for a browser that is not signed in", () => {
    for (const path of ["/login", "/register", "/forgetpwd", "/login/"]) {
      expect(drawsFirstPaint(path)).toBe(true);
      expect(drawsFirstPaint(path, true)).toBe(false);
    }
    expect(drawsFirstPaint("/two/lottery", true)).toBe(true);
  });

  it("draws cash-in and the bet-slip history only for a signed-in browser, and nothing of the player's own", async () => {
    for (const path of ["/cashin", "/betslip"]) {
      expect(drawsFirstPaint(path)).toBe(false);
      expect(drawsFirstPaint(path, true)).toBe(true);
    }
    const wallet = { id: 1, name: "KBZPay", logo: "/img/payments/kbzpay.svg", account_name: "Shwe Lucky Demo" };
    const api = fakeApi({
      "payment-method/show-cashin": [
        { ...wallet, account_number: "09790000001", qr_image: null, min_amount: 1_000, max_amount: 10_000_000 },
      ],
      "cashin-amount": [10_000, 50_000],
    });
    const renderer = createFirstPaintRenderer({ locales, callApi: api.callApi });
    const cashIn = await renderer.render("/cashin", "en");
    if (!cashIn) throw new Error("not drawn");
    const texts = locales.en?.wallet as { cashin: { title: string } };
    expect(cashIn.html).toContain(texts.cashin.title);
    // The public answers are in it; the player's own calls went out without a session and draw as loading.
    expect(cashIn.html).toContain("09790000001");
    expect(cashIn.html).toContain("50,000");
    expect(api.calls.some((call) => call.url.startsWith("/api/user/cash_in_history"))).toBe(true);
    const data = dataOf(cashIn.dataScript(new Date()));
    expect(data.forSignedIn).toBe(true);
    expect(data.queries.queries.map((q) => q.queryKey[0])).not.toContain("user");
    const slips = await renderer.render("/betslip", "en");
    const lottery = locales.en?.lottery as { slips: { title: string } };
    expect(slips?.html).toContain(lottery.slips.title);
    // A public page's drawing says nothing of a signed-in browser.
    expect(dataOf((await renderer.render("/", "en"))?.dataScript(new Date()) ?? "").forSignedIn).toBeUndefined();
  });

  it("draws the sign-in form in Burmese with its texts, empty, for every visitor alike", async () => {
    const api = fakeApi({});
    const renderer = createFirstPaintRenderer({ locales, callApi: api.callApi });
    const drawn = await renderer.render("/login?next=1", undefined);
    if (!drawn) throw new Error("not drawn");
    const auth = locales.mm?.auth as { login: Record<string, string> };
    expect(drawn.html).toContain(`>${auth.login.title}</h1>`);
    expect(drawn.html).toContain(`>${auth.login.submit}<`);
    expect(drawn.html).toMatch(/<input[^>]*name="phone"[^>]*value=""/);
    expect(drawn.html).not.toContain(auth.login.session_expired);
    // Its texts travel with it: the browser takes the form over without fetching them.
    expect(Object.keys(dataOf(drawn.dataScript(new Date())).resources)).toContain("auth");
  });

  it("draws the home page in Burmese with the public answers it asked for, and hands them to the browser", async () => {
    const api = fakeApi({
      banner_mobile: { data: [{ id: 1, title: "Lucky Draw", image: "/img/banners/lottery-mobile.svg", link: "/two/lottery" }] },
      header_play_text: { data: [{ text: "2D ရလဒ် ၁၂:၀၁" }] },
    });
    const renderer = createFirstPaintRenderer({ locales, callApi: api.callApi });
    const drawn = await renderer.render("/", undefined);
    if (!drawn) throw new Error("not drawn");
    expect(drawn.lng).toBe("mm");
    expect(drawn.htmlLang).toBe("my");
    expect(drawn.html).toContain("2D ရလဒ် ၁၂:၀၁");
    expect(drawn.html).toContain(String(mm("footer.responsible")));
    expect(drawn.html).not.toMatch(/^<link/);
    expect(drawn.leadImage).toBe("/img/banners/lottery-mobile.svg");
    // Reads only, never with a session.
    expect(api.calls.every((c) => c.method === "GET" || c.method === "POST")).toBe(true);
    // Operator texts are asked in the page's language.
    expect(api.calls.map((c) => c.url)).toContain("/api/header_play_text?lng=mm");

    const sentAt = new Date("2026-11-21T10:00:00Z");
    const data = dataOf(drawn.dataScript(sentAt));
    expect(data.lng).toBe("mm");
    expect(data.serverTime).toBe(sentAt.toISOString());
    expect(Object.keys(data.resources)).toContain("common");
    const keys = data.queries.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toContain(JSON.stringify(["content", "header-play-text", "mm"]));
    // Failed reads (404 here) are left for the browser to ask again.
    expect(data.queries.queries.every((q) => q.state.status === "success")).toBe(true);
  });

  it("draws in the visitor's language, and keeps the data block from closing its script element", async () => {
    const api = fakeApi({ header_play_text: { data: [{ text: "</script><script>alert(1)</script>" }] } });
    const renderer = createFirstPaintRenderer({ locales, callApi: api.callApi });
    const drawn = await renderer.render("/winner-list?x=1", "en");
    if (!drawn) throw new Error("not drawn");
    expect(drawn.htmlLang).toBe("en");
    expect(drawn.html).toContain("Winner List");
    expect(api.calls.map((c) => c.url)).toContain("/api/header_play_text?lng=en");
    const script = drawn.dataScript(new Date());
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script).not.toContain("<script>alert");
    // The winner list names its Pocket Winners option from the pocket namespace.
    expect(Object.keys(dataOf(script).resources).sort()).toEqual(["common", "lottery", "pocket"]);
  });

  it("draws the 2D page's market block in its place before any reading, its note already there, with the market texts", async () => {
    const renderer = createFirstPaintRenderer({
      locales,
      callApi: fakeApi({ section: sections(draw("2D", 3_600_000)), section_3d: sections(draw("3D", 3_600_000)) }).callApi,
    });
    const drawn = await renderer.render("/two/lottery", "en");
    if (!drawn) throw new Error("not drawn");
    const market = locales.en?.market as { infoOnly: string; running2d: string };
    // The note is the page's largest text: drawn by the server, it paints with the first paint.
    expect(drawn.html).toContain('data-testid="market-note"');
    expect(drawn.html).toContain('data-live="false"');
    expect(drawn.html).toContain(market.infoOnly);
    expect(drawn.html).toContain(market.running2d);
    expect(drawn.html).toMatch(/data-testid="market-running-number"[^>]*>--</);
    expect(Object.keys(dataOf(drawn.dataScript(new Date())).resources)).toContain("market");
    // A game with no market has no block.
    const threeD = await renderer.render("/three/lottery", "en");
    const picks = (locales.en?.lottery as { picks: { label: string } } | undefined)?.picks.label;
    expect(threeD?.html).toContain(`aria-label="${picks}"`);
    expect(threeD?.html).not.toContain('data-testid="market-note"');
  });

  it("sends only the keys the drawing used, and those keys alone draw the same page", async () => {
    // One moment for every drawing below (countdowns).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-27T05:00:00Z"));
    const answers = () =>
      fakeApi({
        section: sections(draw("2D", 3_600_000)),
        section_3d: sections(draw("3D", 3_600_000)),
        banner_mobile: { data: [{ id: 1, title: "Lucky Draw", image: "/img/banners/lottery-mobile.svg", link: "/two/lottery" }] },
        header_play_text: { data: [{ text: "2D ရလဒ် ၁၂:၀၁" }] },
      }).callApi;
    for (const [path, lng] of [
      ["/two/lottery", "mm"],
      ["/", "en"],
      ["/winner-list", "mm"],
      ["/login", "mm"],
    ] as const) {
      const drawn = await createFirstPaintRenderer({ locales, callApi: answers() }).render(path, lng);
      if (!drawn) throw new Error(`${path} not drawn`);
      const sent = dataOf(drawn.dataScript(new Date())).resources;
      const count = (node: unknown): number =>
        typeof node === "string" ? 1 : Object.values(node as Record<string, unknown>).reduce<number>((n, v) => n + count(v), 0);
      // Fewer keys than the files hold: the browser fetches the rest before it takes the page over.
      for (const ns of Object.keys(sent)) expect(count(sent[ns]), `${path} ${ns}`).toBeLessThan(count(locales[lng]?.[ns]));
      // The same page drawn with nothing but what was sent (no other language to fall back to): any key
      // the drawing used and did not send would show as its name here.
      const again = await createFirstPaintRenderer({
        locales: { [lng]: sent, ...(lng === "en" ? {} : { en: {} }) },
        callApi: answers(),
      }).render(path, lng);
      expect(again?.html, path).toBe(drawn.html);
    }
    // The operator console's market texts are not a player's page's.
    const twoD = await createFirstPaintRenderer({ locales, callApi: answers() }).render("/two/lottery", "en");
    const market = dataOf(twoD?.dataScript(new Date()) ?? "").resources.market as Record<string, unknown>;
    expect(market.infoOnly).toBe((locales.en?.market as { infoOnly: string } | undefined)?.infoOnly);
    expect(market).not.toHaveProperty("console");
  });

  it("answers null for a page it does not draw", async () => {
    const renderer = createFirstPaintRenderer({ locales, callApi: fakeApi({}).callApi });
    expect(await renderer.render("/profile", "mm")).toBeNull();
  });
});
