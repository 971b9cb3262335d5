import {
  adminCategoryListSchema,
  adminCategorySchema,
  adminGameListSchema,
  adminGameSchema,
  adminProviderListSchema,
  adminProviderSchema,
  categoryListSchema,
  gameListSchema,
  homeCatalogueSchema,
  providerListSchema,
} from "@shwe/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { auditRowsOf, createAccountWithToken } from "../content/content-test-accounts.ts";
import { expectLedgerClean } from "../ledger/testing.ts";
import { connectTestProvider, nextId, TEST_PROVIDER, wallet, player as walletPlayer } from "../providers/wallet.test-helpers.ts";

describe("operator catalogue endpoints", () => {
  let t: TestApp;
  let operator: { id: number; auth: string };
  let player: { id: number; auth: string };
  beforeAll(async () => {
    t = await createTestApp({ config: { publicCacheMs: 60_000 } });
    operator = await createAccountWithToken(t, "admin");
    player = await createAccountWithToken(t, "player");
  });
  afterAll(async () => t.close());

  const call = (method: "GET" | "PUT", url: string, auth?: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: auth ? { authorization: auth } : {}, ...(payload === undefined ? {} : { payload }) });
  const fishingProviders = async () => providerListSchema.parse((await call("GET", "/api/g/providers?category=3")).json()).data;

  it.each([
    ["GET", "/api/admin/catalogue/categories", undefined],
    ["PUT", "/api/admin/catalogue/categories/3", { active: false }],
    ["GET", "/api/admin/catalogue/providers", undefined],
    ["PUT", "/api/admin/catalogue/providers/14", { maintenance: true }],
    ["PUT", "/api/admin/catalogue/providers/14/categories/3", { hot: false }],
    ["GET", "/api/admin/catalogue/games?provider=14", undefined],
    ["PUT", "/api/admin/catalogue/games/1", { active: false }],
  ] as const)("%s %s: no token → 401, player → 403, nothing changes", async (method, url, body) => {
    expect((await call(method, url, undefined, body)).statusCode).toBe(401);
    expect((await call(method, url, player.auth, body)).statusCode).toBe(403);
    expect(await auditRowsOf(t, player.id)).toEqual([]);
    const p14 = (await fishingProviders()).find((p) => p.id === 14);
    expect(p14?.maintenance).toBe(false);
  });

  it("lists providers with their flags and category links", async () => {
    const res = await call("GET", "/api/admin/catalogue/providers", operator.auth);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const list = adminProviderListSchema.parse(res.json()).data;
    const house = list.find((p) => p.p_code === "HOUSE");
    expect(house?.categories.map((c) => c.category_id).sort()).toEqual([2, 7]);
    expect(list.find((p) => p.id === 14)?.categories).toContainEqual({ category_id: 3, hot: true });
  });

  it("puts a provider under maintenance: still listed, flagged; audited", async () => {
    const res = await call("PUT", "/api/admin/catalogue/providers/14", operator.auth, { maintenance: true });
    expect(res.statusCode).toBe(200);
    expect(adminProviderSchema.parse(res.json())).toMatchObject({ id: 14, maintenance: true, active: true });
    expect((await fishingProviders()).find((p) => p.id === 14)?.maintenance).toBe(true);
    const [audit] = await auditRowsOf(t, operator.id);
    expect(audit).toMatchObject({ action: "provider.update", targetType: "provider", targetId: "14" });
    expect(audit?.before).toMatchObject({ maintenance: false });
    expect(audit?.after).toMatchObject({ maintenance: true });
    await call("PUT", "/api/admin/catalogue/providers/14", operator.auth, { maintenance: false });
  });

  it("switches a provider off: gone from lists, home and its games; back on restores it", async () => {
    await call("PUT", "/api/admin/catalogue/providers/14", operator.auth, { active: false });
    expect((await fishingProviders()).some((p) => p.id === 14)).toBe(false);
    const home = homeCatalogueSchema.parse((await call("GET", "/api/g/home")).json());
    expect(home.data.flatMap((g) => g.providers).some((p) => p.id === 14)).toBe(false);
    expect((await call("GET", "/api/g?category=3&provider=14")).json()).toEqual({ success: true, data: [] });
    await call("PUT", "/api/admin/catalogue/providers/14", operator.auth, { active: true });
    expect((await fishingProviders()).some((p) => p.id === 14)).toBe(true);
  });

  it("toggles the hot flag of a provider in one category", async () => {
    const hotBefore = providerListSchema.parse((await call("GET", "/api/provider/hot/3")).json()).data;
    expect(hotBefore.some((p) => p.id === 14)).toBe(true);
    const res = await call("PUT", "/api/admin/catalogue/providers/14/categories/3", operator.auth, { hot: false });
    expect(res.statusCode).toBe(200);
    expect(adminProviderSchema.parse(res.json()).categories).toContainEqual({ category_id: 3, hot: false });
    const hotAfter = providerListSchema.parse((await call("GET", "/api/provider/hot/3")).json()).data;
    expect(hotAfter.some((p) => p.id === 14)).toBe(false);
    const [audit] = await auditRowsOf(t, operator.id);
    expect(audit).toMatchObject({
      action: "provider.hot",
      targetId: "14:3",
      before: { provider_id: 14, category_id: 3, hot: true },
      after: { provider_id: 14, category_id: 3, hot: false },
    });
    await call("PUT", "/api/admin/catalogue/providers/14/categories/3", operator.auth, { hot: true });
  });

  it("answers 404 for a provider outside the category or unknown, and 400 for an empty or malformed body", async () => {
    expect((await call("PUT", "/api/admin/catalogue/providers/14/categories/10", operator.auth, { hot: true })).statusCode).toBe(404);
    expect((await call("PUT", "/api/admin/catalogue/providers/9999", operator.auth, { active: false })).statusCode).toBe(404);
    expect((await call("PUT", "/api/admin/catalogue/providers/14", operator.auth, {})).statusCode).toBe(400);
    expect((await call("PUT", "/api/admin/catalogue/providers/14", operator.auth, { maintenance: "yes" })).statusCode).toBe(400);
    expect((await call("PUT", "/api/admin/catalogue/providers/14", operator.auth, { name: "Renamed" })).statusCode).toBe(400);
  });

  it("switches a provider's free-round credits (off by default): audited, and its wallet then credits without a debit", async () => {
    const list = adminProviderListSchema.parse((await call("GET", "/api/admin/catalogue/providers", operator.auth)).json()).data;
    expect(list.every((p) => p.free_round_credits === false)).toBe(true);
    const gdg = list.find((p) => p.p_code === TEST_PROVIDER);
    if (!gdg) throw new Error("no GDG provider");
    connectTestProvider(t);
    const p = await walletPlayer(t, 1_000);
    const jackpot = () =>
      wallet(t, "credit", { player: p.userCode, transaction_id: nextId("c"), round_id: nextId("r"), amount: 500, kind: "jackpot" });
    expect((await jackpot()).answer).toMatchObject({ status: "TRANSACTION_NOT_FOUND", balance: 1_000 });

    const on = await call("PUT", `/api/admin/catalogue/providers/${gdg.id}`, operator.auth, { free_round_credits: true });
    expect(on.statusCode).toBe(200);
    expect(adminProviderSchema.parse(on.json())).toMatchObject({ id: gdg.id, free_round_credits: true, maintenance: false, active: true });
    const [audit] = await auditRowsOf(t, operator.id);
    expect(audit).toMatchObject({ action: "provider.update", targetType: "provider", targetId: String(gdg.id) });
    expect(audit?.before).toMatchObject({ free_round_credits: false });
    expect(audit?.after).toMatchObject({ free_round_credits: true });
    expect((await jackpot()).answer).toMatchObject({ status: "OK", balance: 1_500 });

    await call("PUT", `/api/admin/catalogue/providers/${gdg.id}`, operator.auth, { free_round_credits: false });
    expect((await jackpot()).answer).toMatchObject({ status: "TRANSACTION_NOT_FOUND", balance: 1_500 });
    expect((await call("PUT", `/api/admin/catalogue/providers/${gdg.id}`, operator.auth, { free_round_credits: "yes" })).statusCode).toBe(
      400,
    );
    await expectLedgerClean(t);
  });

  it("switches a game off and on: hidden from players, still listed for operators, audited", async () => {
    const games = adminGameListSchema.parse(
      (await call("GET", "/api/admin/catalogue/games?provider=14&category=3", operator.auth)).json(),
    ).data;
    const game = games[0];
    if (!game) throw new Error("no game");
    const off = await call("PUT", `/api/admin/catalogue/games/${game.id}`, operator.auth, { active: false });
    expect(adminGameSchema.parse(off.json())).toMatchObject({ id: game.id, active: false, p_code: "BGF", cate_code: "fishing" });
    const publicGames = gameListSchema.parse((await call("GET", "/api/g?category=3&provider=14")).json()).data;
    expect(publicGames.some((g) => g.id === game.id)).toBe(false);
    expect(publicGames).toHaveLength(games.length - 1);
    const adminGames = adminGameListSchema.parse((await call("GET", "/api/admin/catalogue/games?provider=14", operator.auth)).json()).data;
    expect(adminGames.find((g) => g.id === game.id)?.active).toBe(false);
    const [audit] = await auditRowsOf(t, operator.id);
    expect(audit).toMatchObject({ action: "game.update", targetType: "game", targetId: String(game.id) });
    expect(audit?.before).toMatchObject({ active: true });
    expect(audit?.after).toMatchObject({ active: false });
    await call("PUT", `/api/admin/catalogue/games/${game.id}`, operator.auth, { active: true });
    expect(gameListSchema.parse((await call("GET", "/api/g?category=3&provider=14")).json()).data).toHaveLength(games.length);
    expect((await call("PUT", "/api/admin/catalogue/games/99999999", operator.auth, { active: false })).statusCode).toBe(404);
  });

  it("hides a whole category and shows it again", async () => {
    const res = await call("PUT", "/api/admin/catalogue/categories/9", operator.auth, { active: false });
    expect(adminCategorySchema.parse(res.json())).toMatchObject({ id: 9, active: false });
    const cats = categoryListSchema.parse((await call("GET", "/api/g/categories")).json()).data;
    expect(cats.map((c) => c.id)).not.toContain(9);
    expect((await call("GET", "/api/g/providers?category=9")).json()).toEqual({ success: true, data: [] });
    const all = adminCategoryListSchema.parse((await call("GET", "/api/admin/catalogue/categories", operator.auth)).json()).data;
    expect(all.find((c) => c.id === 9)?.active).toBe(false);
    await call("PUT", "/api/admin/catalogue/categories/9", operator.auth, { active: true });
    expect(categoryListSchema.parse((await call("GET", "/api/g/categories")).json()).data).toHaveLength(9);
    const audits = (await auditRowsOf(t, operator.id)).filter((a) => a.action === "category.update");
    expect(audits).toHaveLength(2);
  });
});
