import {
  adminBannerSchema,
  adminContentSettingsSchema,
  bannerListSchema,
  errorBodySchema,
  headerPlayTextSchema,
  pointWarningSchema,
} from "@shwe/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { open } from "../realtime/ws-testing.ts";
import { auditRowsOf, createAccountWithToken } from "./content-test-accounts.ts";

const FOUR = { mm: "မင်္ဂလာပါ", en: "Hello", cn: "你好", thai: "สวัสดี" };
type Msg = Record<string, unknown>;
const ofType = (type: string) => (m: Msg) => m.type === type;

/**
 * Operator texts in every language: the console saves the four forms, a public answer gives the
 * player's language (?lng=), Burmese where that language was left empty, Burmese is required, and the
 * public cache keeps one answer per language.
 */
describe("operator texts in every language", () => {
  let t: TestApp;
  let operator: { id: number; auth: string };
  beforeAll(async () => {
    // The public cache on, as in production: a language's answer must never be served to another.
    t = await createTestApp({ config: { publicCacheMs: 60_000 } });
    operator = await createAccountWithToken(t, "admin");
  });
  afterAll(async () => t.close());

  const call = (method: "GET" | "PUT" | "POST", url: string, payload?: Record<string, unknown>, auth = operator.auth) =>
    t.app.inject({ method, url, headers: auth ? { authorization: auth } : {}, ...(payload === undefined ? {} : { payload }) });
  const marqueeIn = async (lng?: string) =>
    headerPlayTextSchema.parse((await call("GET", `/api/header_play_text${lng ? `?lng=${lng}` : ""}`, undefined, "")).json()).data[0]?.text;
  const warningIn = async (lng?: string) =>
    pointWarningSchema.parse((await call("GET", `/api/point/warning${lng ? `?lng=${lng}` : ""}`, undefined, "")).json()).text;
  const settings = async () => adminContentSettingsSchema.parse((await call("GET", "/api/admin/content/settings")).json());

  it("the marquee: four forms saved, each language answered (cache per language), Burmese where one is left empty", async () => {
    const put = await call("PUT", "/api/admin/content/header_play_text", { texts: { ...FOUR, en: "  Hello  " } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ data: [{ text: FOUR.mm }], texts: FOUR });
    expect((await settings()).header_play_texts).toEqual(FOUR);
    expect((await settings()).header_play_text).toBe(FOUR.mm);

    // Each language twice: the second read comes from the warm cache and is still that language's.
    for (const round of [1, 2]) {
      expect(await marqueeIn("en"), `round ${round}`).toBe("Hello");
      expect(await marqueeIn("cn"), `round ${round}`).toBe("你好");
      expect(await marqueeIn("thai"), `round ${round}`).toBe("สวัสดี");
      expect(await marqueeIn("mm"), `round ${round}`).toBe(FOUR.mm);
      // Other clients, which send no language, read Burmese as before.
      expect(await marqueeIn(), `round ${round}`).toBe(FOUR.mm);
    }
    const en = await call("GET", "/api/header_play_text?lng=en", undefined, "");
    const cn = await call("GET", "/api/header_play_text?lng=cn", undefined, "");
    expect(en.headers.etag).not.toBe(cn.headers.etag);
    expect((await call("GET", "/api/header_play_text?lng=cn", undefined, "")).statusCode).toBe(200);
    expect((await call("GET", "/api/header_play_text?lng=fr", undefined, "")).statusCode).toBe(400);

    // Chinese and Thai left empty: those players read Burmese.
    await call("PUT", "/api/admin/content/header_play_text", { texts: { mm: "ဒုတိယ", en: "Second", cn: "  ", thai: "" } });
    expect((await settings()).header_play_texts).toEqual({ mm: "ဒုတိယ", en: "Second" });
    expect(await marqueeIn("en")).toBe("Second");
    expect(await marqueeIn("cn")).toBe("ဒုတိယ");
    expect(await marqueeIn("thai")).toBe("ဒုတိယ");
  });

  it("the marquee and the points note refuse a text without Burmese (422) and change nothing", async () => {
    await call("PUT", "/api/admin/content/header_play_text", { texts: FOUR });
    await call("PUT", "/api/admin/content/point_warning", { texts: FOUR });
    const auditsBefore = (await auditRowsOf(t, operator.id)).length;
    for (const [url, body] of [
      ["/api/admin/content/header_play_text", { texts: { en: "Only English" } }],
      ["/api/admin/content/header_play_text", { texts: { mm: "   ", en: "Only English" } }],
      ["/api/admin/content/point_warning", { texts: { cn: "只有中文" } }],
      ["/api/admin/content/point_warning", { text: "" }],
    ] as const) {
      const res = await call("PUT", url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(422);
      const error = errorBodySchema.parse(res.json());
      expect(error.code).toBe("BURMESE_TEXT_REQUIRED");
      expect(error.message).toMatch(/Burmese/);
    }
    expect((await auditRowsOf(t, operator.id)).length).toBe(auditsBefore);
    const now = await settings();
    expect(now.header_play_texts).toEqual(FOUR);
    expect(now.point_warning_texts).toEqual(FOUR);
    expect(await marqueeIn("en")).toBe("Hello");
  });

  it("the points page note: four forms saved, each language answered, Burmese where one is left empty", async () => {
    const put = await call("PUT", "/api/admin/content/point_warning", { texts: FOUR });
    expect(put.json()).toEqual({ text: FOUR.mm, texts: FOUR });
    expect((await settings()).point_warning_texts).toEqual(FOUR);
    expect(await warningIn("en")).toBe("Hello");
    expect(await warningIn("cn")).toBe("你好");
    expect(await warningIn("thai")).toBe("สวัสดี");
    expect(await warningIn()).toBe(FOUR.mm);
    await call("PUT", "/api/admin/content/point_warning", { texts: { mm: "သတိ", thai: "ระวัง" } });
    expect(await warningIn("thai")).toBe("ระวัง");
    expect(await warningIn("en")).toBe("သတိ");
    // The plain Burmese body other clients send clears the other languages.
    await call("PUT", "/api/admin/content/point_warning", { text: "သတိ ၂" });
    expect(await warningIn("thai")).toBe("သတိ ၂");
  });

  it("a text stored before languages existed (a plain string) reads as the Burmese form", async () => {
    await t.ctx.db.execute(sql`update settings set value = jsonb_build_object('value', 'ဟောင်း'::text) where key = 'content.point_warning'`);
    expect(await warningIn("en")).toBe("ဟောင်း");
    expect((await settings()).point_warning_texts).toEqual({ mm: "ဟောင်း" });
  });

  it("banner captions: four forms saved and answered per language (cache per language), Burmese fallback and required", async () => {
    const created = await call("POST", "/api/admin/content/banners", {
      title: FOUR.mm,
      title_translations: { en: FOUR.en, cn: FOUR.cn, thai: FOUR.thai },
      image_desktop: "/img/banners/games-desktop.svg",
      image_mobile: "/img/banners/games-mobile.svg",
      starts_on: "2034-01-01",
      ends_on: "2034-01-31",
    });
    expect(created.statusCode).toBe(201);
    const banner = adminBannerSchema.parse(created.json());
    expect(banner.title_translations).toEqual({ en: FOUR.en, cn: FOUR.cn, thai: FOUR.thai });
    const captionIn = async (lng: string | undefined, path = "/api/banner") => {
      const res = await call("GET", `${path}?date=2034-01-10${lng ? `&lng=${lng}` : ""}`, undefined, "");
      return bannerListSchema.parse(res.json()).data.find((b) => b.id === banner.id)?.title;
    };
    for (const round of [1, 2]) {
      expect(await captionIn("en"), `round ${round}`).toBe(FOUR.en);
      expect(await captionIn("cn"), `round ${round}`).toBe(FOUR.cn);
      expect(await captionIn("thai", "/api/banner_mobile"), `round ${round}`).toBe(FOUR.thai);
      expect(await captionIn(undefined), `round ${round}`).toBe(FOUR.mm);
    }

    const updated = await call("PUT", `/api/admin/content/banners/${banner.id}`, { title_translations: { en: "Only English", cn: "" } });
    expect(adminBannerSchema.parse(updated.json()).title_translations).toEqual({ en: "Only English" });
    expect(await captionIn("en")).toBe("Only English");
    expect(await captionIn("cn")).toBe(FOUR.mm);
    expect(await captionIn("thai")).toBe(FOUR.mm);

    for (const res of [
      await call("PUT", `/api/admin/content/banners/${banner.id}`, { title: "   " }),
      await call("POST", "/api/admin/content/banners", {
        title: "",
        title_translations: { en: "No Burmese" },
        image_desktop: "/img/a.svg",
        image_mobile: "/img/b.svg",
        starts_on: "2034-01-01",
      }),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(errorBodySchema.parse(res.json()).code).toBe("BURMESE_TEXT_REQUIRED");
    }
    expect(await captionIn("mm")).toBe(FOUR.mm);
    const none = rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from banners where title = ''`))[0]?.n;
    expect(none).toBe(0);
  });

  it("broadcasts and the live marquee carry every language written; a broadcast without Burmese is refused (422)", async () => {
    const v = await open(t.app, "/api/ws");
    v.ws.send(JSON.stringify({ type: "hello" }));
    await v.next(ofType("ready"));

    const sent = await call("POST", "/api/admin/live/broadcast", {
      title: "ကြေညာချက်",
      body: "အသေးစိတ်",
      title_translations: { en: "Notice", cn: "", thai: "ประกาศ" },
      body_translations: { cn: "详情" },
    });
    expect(sent.statusCode).toBe(201);
    expect(await v.next(ofType("broadcast"))).toMatchObject({
      title: "ကြေညာချက်",
      body: "အသေးစိတ်",
      title_translations: { en: "Notice", thai: "ประกาศ" },
      body_translations: { cn: "详情" },
    });

    const count = async () => rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from live_events`))[0]?.n;
    const before = await count();
    for (const body of [
      { title: " ", body: "အသေးစိတ်", title_translations: { en: "Notice" } },
      { title: "ကြေညာချက်", body: "", body_translations: { en: "Details" } },
    ]) {
      const res = await call("POST", "/api/admin/live/broadcast", body);
      expect(res.statusCode).toBe(422);
      expect(errorBodySchema.parse(res.json()).code).toBe("BURMESE_TEXT_REQUIRED");
    }
    expect(await count()).toBe(before);

    await call("PUT", "/api/admin/content/header_play_text", { texts: { mm: "တိုက်ရိုက်", en: "Live", thai: "สด" } });
    expect(await v.next((m) => m.type === "marquee" && m.text === "တိုက်ရိုက်")).toMatchObject({
      translations: { en: "Live", thai: "สด" },
    });
    v.ws.send(JSON.stringify({ type: "resume" }));
    await v.next(ofType("caught_up"));
    expect(v.messages.filter(ofType("marquee")).at(-1)).toMatchObject({ text: "တိုက်ရိုက်", translations: { en: "Live", thai: "สด" } });
    v.ws.close();
  });
});
