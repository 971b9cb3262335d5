import { adminPointRewardSchema, adminPointsSchema, errorBodySchema, pointHistorySchema, pointListSchema } from "@shwe/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { auditRowsOf } from "../content/content-test-accounts.ts";
import { postJournal } from "../ledger/ledger.service.ts";
import { createUser, expectLedgerClean, type TestUser } from "../ledger/testing.ts";

const FOUR = { mm: "ငွေသား ဆုလက်ဆောင်", en: "Cash prize", cn: "现金奖", thai: "รางวัลเงินสด" };

/**
 * Point reward names in every language: the console saves the four forms, the reward list and the
 * player's history answer the player's language (?lng=), Burmese where that language was left empty,
 * and a name without Burmese is refused and changes nothing.
 */
describe("point reward names in every language", () => {
  let t: TestApp;
  let op: TestUser;
  let player: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { enabled: false, factor: 1 } } });
    op = await createUser(t, { role: "admin" });
    player = await createUser(t);
  });
  afterAll(async () => t.close());

  const send = (method: "GET" | "PUT" | "POST", url: string, token: string, body?: object) =>
    t.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body }),
    });
  const nameIn = async (id: number, lng?: string) => {
    const res = await send("GET", `/api/point/list${lng ? `?lng=${lng}` : ""}`, "");
    expect(res.statusCode).toBe(200);
    return pointListSchema.parse(res.json()).data.find((r) => r.id === id)?.name;
  };
  const rewardRows = async () =>
    rowsOf<{ name: string; name_translations: unknown }>(
      await t.ctx.db.execute(sql`select name, name_translations from point_rewards order by id`),
    );

  it("saves the four forms and answers each language, Burmese where one is left empty", async () => {
    const created = await send("POST", "/api/admin/points/rewards", op.token, {
      name: FOUR.mm,
      name_translations: { en: `  ${FOUR.en} `, cn: FOUR.cn, thai: FOUR.thai },
      points: 30,
      amount: 300,
      sort: 50,
    });
    expect(created.statusCode).toBe(201);
    const reward = adminPointRewardSchema.parse(created.json());
    expect(reward).toMatchObject({ name: FOUR.mm, name_translations: { en: FOUR.en, cn: FOUR.cn, thai: FOUR.thai } });
    const console = adminPointsSchema.parse((await send("GET", "/api/admin/points", op.token)).json());
    expect(console.rewards.find((r) => r.id === reward.id)?.name_translations).toEqual({ en: FOUR.en, cn: FOUR.cn, thai: FOUR.thai });

    expect(await nameIn(reward.id, "en")).toBe(FOUR.en);
    expect(await nameIn(reward.id, "cn")).toBe(FOUR.cn);
    expect(await nameIn(reward.id, "thai")).toBe(FOUR.thai);
    expect(await nameIn(reward.id, "mm")).toBe(FOUR.mm);
    // Other clients, which send no language, read Burmese as before.
    expect(await nameIn(reward.id)).toBe(FOUR.mm);
    expect((await send("GET", "/api/point/list?lng=fr", "")).statusCode).toBe(400);

    // Chinese cleared, Thai left out: Chinese players read Burmese, Thai keeps its form.
    const changed = await send("PUT", `/api/admin/points/rewards/${reward.id}`, op.token, { name_translations: { en: "Cash", cn: " " } });
    expect(changed.statusCode).toBe(200);
    expect(adminPointRewardSchema.parse(changed.json()).name_translations).toEqual({ en: "Cash" });
    expect(await nameIn(reward.id, "en")).toBe("Cash");
    expect(await nameIn(reward.id, "cn")).toBe(FOUR.mm);
    expect(await nameIn(reward.id, "thai")).toBe(FOUR.mm);
    const [audit] = await auditRowsOf(t, op.id);
    expect(audit).toMatchObject({
      action: "point_reward.update",
      before: { name_translations: { en: FOUR.en, cn: FOUR.cn, thai: FOUR.thai } },
      after: { name_translations: { en: "Cash" } },
    });

    // The player's history names the claimed reward in the language asked.
    await t.ctx.db.transaction(async (tx) => {
      await postJournal(tx, {
        kind: "test_points",
        userId: player.id,
        entries: [
          { account: { userId: player.id, kind: "point" }, amount: 30 },
          { account: { code: "house:points" }, amount: -30 },
        ],
      });
    });
    const claim = await send("POST", "/api/point/claim", player.token, { point_id: reward.id });
    expect(claim.statusCode).toBe(200);
    const historyIn = async (lng?: string) =>
      pointHistorySchema
        .parse((await send("GET", `/api/point/history${lng ? `?lng=${lng}` : ""}`, player.token)).json())
        .data.find((m) => m.kind === "claim")?.reward_name;
    expect(await historyIn("en")).toBe("Cash");
    expect(await historyIn("thai")).toBe(FOUR.mm);
    expect(await historyIn()).toBe(FOUR.mm);
    await expectLedgerClean(t);
  });

  it("refuses a name without Burmese (422) and changes nothing", async () => {
    const created = adminPointRewardSchema.parse(
      (
        await send("POST", "/api/admin/points/rewards", op.token, { name: "ဆု", name_translations: { en: "Prize" }, points: 5, amount: 50 })
      ).json(),
    );
    const rowsBefore = await rewardRows();
    const auditsBefore = (await auditRowsOf(t, op.id)).length;
    for (const [method, url, body] of [
      ["POST", "/api/admin/points/rewards", { name: "", name_translations: { en: "No Burmese" }, points: 5, amount: 50 }],
      ["POST", "/api/admin/points/rewards", { name: "   ", points: 5, amount: 50 }],
      ["PUT", `/api/admin/points/rewards/${created.id}`, { name: " ", name_translations: { en: "Only English" } }],
    ] as const) {
      const res = await send(method, url, op.token, body);
      expect(res.statusCode, `${method} ${JSON.stringify(body)}`).toBe(422);
      const error = errorBodySchema.parse(res.json());
      expect(error.code).toBe("BURMESE_TEXT_REQUIRED");
      expect(error.message).toMatch(/Burmese/);
    }
    expect(await rewardRows()).toEqual(rowsBefore);
    expect((await auditRowsOf(t, op.id)).length).toBe(auditsBefore);
    expect(await nameIn(created.id, "en")).toBe("Prize");
  });

  it("a reward named before languages existed reads as its Burmese name", async () => {
    const rows = rowsOf<{ id: number | string }>(
      await t.ctx.db.execute(sql`insert into point_rewards (name, points, amount) values ('ဟောင်း', 7, 70) returning id`),
    );
    const id = Number(rows[0]?.id);
    expect(await nameIn(id, "en")).toBe("ဟောင်း");
    const console = adminPointsSchema.parse((await send("GET", "/api/admin/points", op.token)).json());
    expect(console.rewards.find((r) => r.id === id)).toMatchObject({ name: "ဟောင်း", name_translations: {} });
  });
});
