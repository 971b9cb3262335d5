import {
  adminBannerListSchema,
  adminBannerSchema,
  adminContentSettingsSchema,
  bannerListSchema,
  errorBodySchema,
  headerPlayTextSchema,
  maintainSchema,
  socialLinksSchema,
} from "@shwe/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { SEED_MARQUEE, SEED_MARQUEE_TRANSLATIONS } from "./content.seed.ts";
import { auditRowsOf, createAccountWithToken } from "./content-test-accounts.ts";

describe("operator content endpoints", () => {
  let t: TestApp;
  let operator: { id: number; auth: string };
  let player: { id: number; auth: string };
  beforeAll(async () => {
    t = await createTestApp({ config: { publicCacheMs: 60_000 } });
    operator = await createAccountWithToken(t, "admin");
    player = await createAccountWithToken(t, "player");
  });
  afterAll(async () => t.close());

  const call = (method: "GET" | "PUT" | "POST", url: string, auth?: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: auth ? { authorization: auth } : {}, ...(payload === undefined ? {} : { payload }) });

  const guardedCalls: [method: "GET" | "PUT" | "POST", url: string, body?: Record<string, unknown>][] = [
    ["GET", "/api/admin/content/settings"],
    ["PUT", "/api/admin/content/header_play_text", { text: "hello" }],
    ["PUT", "/api/admin/content/promo_maintain", { is_maintain: "1" }],
    ["PUT", "/api/admin/content/social_links", { facebook: "https://www.facebook.com/x" }],
    ["PUT", "/api/admin/content/point_warning", { text: "careful" }],
    ["GET", "/api/admin/content/banners"],
    [
      "POST",
      "/api/admin/content/banners",
      { title: "x", image_desktop: "/img/a.svg", image_mobile: "/img/b.svg", starts_on: "2030-01-01" },
    ],
    ["PUT", "/api/admin/content/banners/1", { title: "x" }],
    ["POST", "/api/admin/content/banners/1/deactivate", {}],
  ];

  it.each(guardedCalls)("%s %s: no token → 401, player → 403, and nothing changes", async (method, url, body) => {
    const anonymous = await call(method, url, undefined, body);
    expect(anonymous.statusCode).toBe(401);
    expect(errorBodySchema.parse(anonymous.json()).code).toBe("UNAUTHENTICATED");
    const asPlayer = await call(method, url, player.auth, body);
    expect(asPlayer.statusCode).toBe(403);
    expect(errorBodySchema.parse(asPlayer.json()).code).toBe("FORBIDDEN");
    expect(asPlayer.headers["cache-control"]).toBe("no-store");
    expect(await auditRowsOf(t, player.id)).toEqual([]);
    const marquee = headerPlayTextSchema.parse((await call("GET", "/api/header_play_text")).json());
    expect(marquee.data[0]?.text).toBe(SEED_MARQUEE);
  });

  it("reads every setting for the console", async () => {
    const res = await call("GET", "/api/admin/content/settings", operator.auth);
    expect(res.statusCode).toBe(200);
    const body = adminContentSettingsSchema.parse(res.json());
    expect(body.header_play_text).toBe(SEED_MARQUEE);
    expect(body.social_links.qr).toBe("/img/qr-app.svg");
    expect(body.point_warning.length).toBeGreaterThan(0);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("changes the marquee text and audits who, before and after", async () => {
    const res = await call("PUT", "/api/admin/content/header_play_text", operator.auth, { text: "  ယနေ့ 2D ထီပေါက်စဉ် ၁၂:၀၁  " });
    expect(res.statusCode).toBe(200);
    expect(headerPlayTextSchema.parse(res.json()).data[0]?.text).toBe("ယနေ့ 2D ထီပေါက်စဉ် ၁၂:၀၁");
    const pub = headerPlayTextSchema.parse((await call("GET", "/api/header_play_text")).json());
    expect(pub.data).toEqual([{ text: "ယနေ့ 2D ထီပေါက်စဉ် ၁၂:၀၁" }]);
    const [audit] = await auditRowsOf(t, operator.id);
    expect(audit).toMatchObject({
      actorId: operator.id,
      action: "setting.update",
      targetType: "setting",
      targetId: "content.header_play_text",
      before: { value: { mm: SEED_MARQUEE, ...SEED_MARQUEE_TRANSLATIONS } },
      after: { value: { mm: "ယနေ့ 2D ထီပေါက်စဉ် ၁၂:၀၁" } },
    });
    expect(audit?.ip).toBeTruthy();
    // Restore for the other tests.
    await call("PUT", "/api/admin/content/header_play_text", operator.auth, { texts: { mm: SEED_MARQUEE, ...SEED_MARQUEE_TRANSLATIONS } });
  });

  it("switches the claim maintenance flag and the public call follows", async () => {
    const on = await call("PUT", "/api/admin/content/promo_maintain", operator.auth, { is_maintain: "1" });
    expect(maintainSchema.parse(on.json())).toEqual({ is_maintain: "1" });
    expect((await call("GET", "/api/weekly/promo_maintain")).json()).toEqual({ is_maintain: "1" });
    const [audit] = await auditRowsOf(t, operator.id);
    expect(audit).toMatchObject({ targetId: "promo.weekly_maintain", before: { value: "0" }, after: { value: "1" } });
    await call("PUT", "/api/admin/content/promo_maintain", operator.auth, { is_maintain: "0" });
    expect((await call("GET", "/api/weekly/promo_maintain")).json()).toEqual({ is_maintain: "0" });
  });

  it.each([[{ is_maintain: 1 }], [{ is_maintain: "2" }], [{}], [{ is_maintain: "0", extra: true }]])(
    "refuses the maintenance body %j with 400",
    async (body) => {
      const res = await call("PUT", "/api/admin/content/promo_maintain", operator.auth, body);
      expect(res.statusCode).toBe(400);
      expect(errorBodySchema.parse(res.json()).code).toBe("VALIDATION_FAILED");
    },
  );

  it("changes some social links and keeps the others", async () => {
    const before = socialLinksSchema.parse((await call("GET", "/api/social_link")).json()).data;
    const res = await call("PUT", "/api/admin/content/social_links", operator.auth, {
      facebook: "https://www.facebook.com/shwe.lucky.official",
      instagram: "",
    });
    expect(res.statusCode).toBe(200);
    const after = socialLinksSchema.parse(res.json()).data;
    expect(after).toEqual({ ...before, facebook: "https://www.facebook.com/shwe.lucky.official", instagram: "" });
    expect(socialLinksSchema.parse((await call("GET", "/api/social_link")).json()).data).toEqual(after);
    const [audit] = await auditRowsOf(t, operator.id);
    expect(audit).toMatchObject({ targetId: "content.social_links", before: { value: before }, after: { value: after } });
  });

  it.each([
    [{ facebook: "javascript:alert(1)" }],
    [{ facebook: "http://insecure.example.com" }],
    [{ qr: "https://cdn.elsewhere.com/qr.png" }],
    [{ qr: "/img/../../etc/passwd" }],
    [{ tiktok: "https://www.tiktok.com/@x" }],
  ])("refuses the social links body %j", async (body) => {
    const res = await call("PUT", "/api/admin/content/social_links", operator.auth, body);
    expect(res.statusCode).toBe(400);
  });

  it("changes the point warning", async () => {
    const res = await call("PUT", "/api/admin/content/point_warning", operator.auth, { text: "Points expire after 90 days." });
    expect(res.json()).toEqual({ text: "Points expire after 90 days.", texts: { mm: "Points expire after 90 days." } });
    const settings = adminContentSettingsSchema.parse((await call("GET", "/api/admin/content/settings", operator.auth)).json());
    expect(settings.point_warning).toBe("Points expire after 90 days.");
    const blank = await call("PUT", "/api/admin/content/point_warning", operator.auth, { text: "   " });
    expect(blank.statusCode).toBe(422);
    expect(errorBodySchema.parse(blank.json()).code).toBe("BURMESE_TEXT_REQUIRED");
  });

  it("creates, updates and deactivates a banner, each step audited and visible on the site", async () => {
    const created = await call("POST", "/api/admin/content/banners", operator.auth, {
      title: "Thingyan Festival",
      image_desktop: "/img/banners/games-desktop.svg",
      image_mobile: "/img/banners/games-mobile.svg",
      link: "/fishing",
      starts_on: "2033-04-10",
      ends_on: "2033-04-17",
      sort: 0,
    });
    expect(created.statusCode).toBe(201);
    const banner = adminBannerSchema.parse(created.json());
    expect(banner).toMatchObject({ title: "Thingyan Festival", starts_on: "2033-04-10", ends_on: "2033-04-17", active: true });
    const onSite = async (day: string) =>
      bannerListSchema.parse((await call("GET", `/api/banner?date=${day}`)).json()).data.some((b) => b.id === banner.id);
    expect(await onSite("2033-04-12")).toBe(true);
    expect(await onSite("2033-04-18")).toBe(false);

    const updated = await call("PUT", `/api/admin/content/banners/${banner.id}`, operator.auth, { ends_on: null, title: "Thingyan" });
    expect(updated.statusCode).toBe(200);
    expect(adminBannerSchema.parse(updated.json())).toMatchObject({ title: "Thingyan", ends_on: null });
    expect(await onSite("2033-04-18")).toBe(true);

    const off = await call("POST", `/api/admin/content/banners/${banner.id}/deactivate`, operator.auth);
    expect(off.statusCode).toBe(200);
    expect(adminBannerSchema.parse(off.json()).active).toBe(false);
    expect(await onSite("2033-04-12")).toBe(false);

    const list = adminBannerListSchema.parse((await call("GET", "/api/admin/content/banners", operator.auth)).json());
    expect(list.data.find((b) => b.id === banner.id)?.active).toBe(false);

    const audits = (await auditRowsOf(t, operator.id)).filter((a) => a.targetType === "banner" && a.targetId === String(banner.id));
    expect(audits.map((a) => a.action)).toEqual(["banner.deactivate", "banner.update", "banner.create"]);
    expect(audits[2]?.before).toBeNull();
    expect(audits[1]?.before).toMatchObject({ title: "Thingyan Festival", ends_on: "2033-04-17" });
    expect(audits[1]?.after).toMatchObject({ title: "Thingyan", ends_on: null });
    expect(audits[0]?.after).toMatchObject({ active: false });
  });

  it("refuses a banner whose end is before its start, unknown fields and foreign images", async () => {
    const base = { title: "x", image_desktop: "/img/a.svg", image_mobile: "/img/b.svg", starts_on: "2030-05-02" };
    const bad = [
      { ...base, ends_on: "2030-05-01" },
      { ...base, active: "yes" },
      { ...base, image_desktop: "https://elsewhere.example.com/a.png" },
      { ...base, link: "javascript:alert(1)" },
      { ...base, starts_on: "2030-02-30" },
      { ...base, id: 5 },
    ];
    const count = async () =>
      adminBannerListSchema.parse((await call("GET", "/api/admin/content/banners", operator.auth)).json()).data.length;
    const n = await count();
    for (const body of bad) {
      const res = await call("POST", "/api/admin/content/banners", operator.auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await count()).toBe(n);
  });

  it("refuses an update that would end a banner before it starts, and an empty update", async () => {
    const list = adminBannerListSchema.parse((await call("GET", "/api/admin/content/banners", operator.auth)).json()).data;
    const first = list[0];
    if (!first) throw new Error("no banner");
    const res = await call("PUT", `/api/admin/content/banners/${first.id}`, operator.auth, { ends_on: "2000-01-01" });
    expect(res.statusCode).toBe(400);
    expect((await call("PUT", `/api/admin/content/banners/${first.id}`, operator.auth, {})).statusCode).toBe(400);
    const again = adminBannerListSchema.parse((await call("GET", "/api/admin/content/banners", operator.auth)).json()).data;
    expect(again.find((b) => b.id === first.id)).toEqual(first);
  });

  it("answers 404 for an unknown banner and 400 for a bad id", async () => {
    expect((await call("PUT", "/api/admin/content/banners/999999", operator.auth, { title: "x" })).statusCode).toBe(404);
    expect((await call("POST", "/api/admin/content/banners/999999/deactivate", operator.auth, {})).statusCode).toBe(404);
    expect((await call("PUT", "/api/admin/content/banners/abc", operator.auth, { title: "x" })).statusCode).toBe(400);
  });
});
