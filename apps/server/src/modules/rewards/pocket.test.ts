import { commitSeed, derivePocketAmount, pocketMessage } from "@shwe/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { ManualClock } from "../../lib/clock.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import {
  balancesOf,
  bearer,
  call,
  createUser,
  expectErrorBody,
  expectLedgerClean,
  moneySnapshot,
  type TestUser,
} from "../ledger/testing.ts";

/** Pocket money (domain-rules §7): campaigns, the daily claim, winners, history, verification. */

let t: TestApp;
let operator: TestUser;
const clock = new ManualClock(new Date("2031-05-01T05:30:00Z"));
let dayCounter = 0;

/** A fresh Asia/Yangon day for each test (12:00 Yangon), so campaigns never collide. */
function nextDay(): string {
  dayCounter++;
  const day = new Date(Date.UTC(2031, 5, dayCounter)).toISOString().slice(0, 10);
  clock.set(new Date(`${day}T05:30:00Z`));
  return day;
}

async function campaign(body: Record<string, unknown>, token = operator.token) {
  return t.app.inject({ method: "PUT", url: "/api/admin/pocket/campaigns", headers: bearer(token), payload: body });
}

const claim = (p: TestUser, key?: string) =>
  call(t, "POST", "/api/pocket/money/claim", { token: p.token, ...(key ? { headers: { "idempotency-key": key } } : {}) });

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.ctx.db.execute(query));
}

beforeAll(async () => {
  t = await createTestApp({ clock, config: { rateLimits: { enabled: false, factor: 1 } } });
  operator = await createUser(t, { role: "admin" });
});
afterAll(async () => {
  await t?.close();
});

describe("operator campaigns", () => {
  it("creates a day's campaign (201), changes it (200), and audits both with before and after, never the seed", async () => {
    const day = nextDay();
    const created = await campaign({ date: day, budget: 50_000, min_amount: 100, max_amount: 1_000, min_level: 2 });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ date: day, budget: 50_000, claims: 0, spent: 0, remaining: 50_000, min_level: 2, seed: null });
    expect(body.commitment).toMatch(/^[0-9a-f]{64}$/);

    const changed = await campaign({ date: day, budget: 60_000, min_amount: 200, max_amount: 2_000, min_level: 1 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      id: body.id,
      budget: 60_000,
      min_amount: 200,
      max_amount: 2_000,
      min_level: 1,
      commitment: body.commitment,
    });

    const audit = await rows<{ action: string; before: unknown; after: unknown; actor_id: number }>(
      sql`select action, before, after, actor_id from audit_log where target_type = 'pocket_campaign' and target_id = ${String(body.id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(["pocket_campaign.create", "pocket_campaign.update"]);
    expect(audit[0]).toMatchObject({ actor_id: operator.id, before: null, after: { budget: 50_000, min_amount: 100 } });
    expect(audit[1]).toMatchObject({ before: { budget: 50_000 }, after: { budget: 60_000, min_level: 1 } });
    const [seed] = await rows<{ seed: string }>(sql`select seed from pocket_campaigns where id = ${body.id}`);
    expect(JSON.stringify(audit)).not.toContain(seed?.seed);

    const list = await call(t, "GET", "/api/admin/pocket/campaigns", { token: operator.token });
    expect(list.json().data.some((c: { id: number }) => c.id === body.id)).toBe(true);
  });

  it("refuses bad terms (400), past days (422), a budget below what was paid (422) and players (403), changing nothing", async () => {
    const day = nextDay();
    const player = await createUser(t);
    const before = await moneySnapshot(t.ctx.db);
    expectErrorBody(await campaign({ date: day, budget: 1_000, min_amount: 500, max_amount: 100, min_level: 2 }), 400, "VALIDATION_FAILED");
    expectErrorBody(await campaign({ date: day, budget: 1_000, min_amount: 1, max_amount: 100, min_level: 3 }), 400, "VALIDATION_FAILED");
    expectErrorBody(
      await campaign({ date: day, budget: 1_000, min_amount: 1, max_amount: 100, min_level: 2, spent: 0 }),
      400,
      "VALIDATION_FAILED",
    );
    expectErrorBody(
      await campaign({ date: "2031-02-30", budget: 1_000, min_amount: 1, max_amount: 100, min_level: 2 }),
      400,
      "VALIDATION_FAILED",
    );
    expectErrorBody(
      await campaign({ date: "2030-01-01", budget: 1_000, min_amount: 1, max_amount: 100, min_level: 2 }),
      422,
      "CAMPAIGN_CLOSED",
    );
    expectErrorBody(
      await campaign({ date: day, budget: 1_000, min_amount: 1, max_amount: 100, min_level: 2 }, player.token),
      403,
      "FORBIDDEN",
    );
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);
    expect(await rows(sql`select id from pocket_campaigns where day = ${day} or day = '2030-01-01'`)).toEqual([]);

    await campaign({ date: day, budget: 1_000, min_amount: 300, max_amount: 300, min_level: 2 });
    expect((await claim(player)).json()).toMatchObject({ status: "success", amount: 300 });
    expectErrorBody(await campaign({ date: day, budget: 299, min_amount: 1, max_amount: 100, min_level: 2 }), 422, "BUDGET_BELOW_SPENT");
    const [row] = await rows<{ budget: number }>(sql`select budget::int as budget from pocket_campaigns where day = ${day}`);
    expect(row?.budget).toBe(1_000);
    await expectLedgerClean(t);
  });
});

describe("claim", () => {
  it("pays a drawn amount within [min, max] to main, once per day; a repeat is refused and changes nothing", async () => {
    const day = nextDay();
    await campaign({ date: day, budget: 100_000, min_amount: 100, max_amount: 5_000, min_level: 2 });
    const p = await createUser(t);
    const res = await claim(p);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe("success");
    expect(body.amount).toBeGreaterThanOrEqual(100);
    expect(body.amount).toBeLessThanOrEqual(5_000);
    expect((await balancesOf(t, p.id)).balance).toBe(body.amount);
    expect(body.balance).toBe(body.amount);

    const before = await moneySnapshot(t.ctx.db);
    const again = await claim(p);
    expectErrorBody(again, 422, "ALREADY_CLAIMED");
    expect(again.json().message).toMatch(/already claimed/);
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);

    // The next day is a new campaign: the player may claim again.
    const tomorrow = nextDay();
    await campaign({ date: tomorrow, budget: 100_000, min_amount: 100, max_amount: 100, min_level: 2 });
    expect((await claim(p)).json()).toMatchObject({ status: "success", amount: 100, balance: body.amount + 100 });
    await expectLedgerClean(t);
  });

  it("the amount is the one the campaign seed gives the claim's message and bounds", async () => {
    const day = nextDay();
    await campaign({ date: day, budget: 10_000, min_amount: 100, max_amount: 5_000, min_level: 2 });
    const p = await createUser(t);
    const { amount } = (await claim(p)).json();
    const [c] = await rows<{ id: number; seed: string; commitment: string }>(
      sql`select id::int as id, seed, commitment from pocket_campaigns where day = ${day}`,
    );
    if (!c) throw new Error("no campaign");
    expect(await commitSeed(c.seed)).toBe(c.commitment);
    expect((await derivePocketAmount(c.seed, pocketMessage(c.id, p.id), 100, 5_000)).amount).toBe(amount);
    const [stored] = await rows<{ message: string; lower_bound: number; upper_bound: number }>(
      sql`select message, lower_bound::int as lower_bound, upper_bound::int as upper_bound from pocket_claims where user_id = ${p.id}`,
    );
    expect(stored).toEqual({ message: pocketMessage(c.id, p.id), lower_bound: 100, upper_bound: 5_000 });
  });

  it("an Idempotency-Key replays the first answer without paying twice", async () => {
    const day = nextDay();
    await campaign({ date: day, budget: 10_000, min_amount: 100, max_amount: 5_000, min_level: 2 });
    const p = await createUser(t);
    const first = await claim(p, "pocket-key-1");
    const second = await claim(p, "pocket-key-1");
    expect(second.statusCode).toBe(200);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(second.json()).toEqual(first.json());
    expect((await balancesOf(t, p.id)).balance).toBe(first.json().amount);
    await expectLedgerClean(t);
  });

  it("refuses a level-1 player when the campaign needs level 2 (403), and pays them when it needs level 1", async () => {
    const day = nextDay();
    await campaign({ date: day, budget: 10_000, min_amount: 100, max_amount: 500, min_level: 2 });
    const p = await createUser(t, { lvl2: 1 });
    const before = await moneySnapshot(t.ctx.db);
    const refused = await claim(p);
    expectErrorBody(refused, 403, "LEVEL_2_REQUIRED");
    expect(refused.json().message).toBe("Your account need to be level 2.");
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);
    await campaign({ date: day, budget: 10_000, min_amount: 100, max_amount: 500, min_level: 1 });
    expect((await claim(p)).statusCode).toBe(200);
  });

  it("refuses when there is no campaign today (422 NO_CAMPAIGN) and without a token (401)", async () => {
    nextDay();
    const p = await createUser(t);
    const before = await moneySnapshot(t.ctx.db);
    expectErrorBody(await claim(p), 422, "NO_CAMPAIGN");
    expectErrorBody(await call(t, "POST", "/api/pocket/money/claim"), 401, "UNAUTHENTICATED");
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);
  });

  it("draws within the remaining budget and says so clearly once it is spent; the total never exceeds the budget", async () => {
    const day = nextDay();
    await campaign({ date: day, budget: 2_500, min_amount: 400, max_amount: 1_000, min_level: 2 });
    const paid: number[] = [];
    let refusal: { code: string; message: string } | undefined;
    for (let i = 0; i < 10 && !refusal; i++) {
      const res = await claim(await createUser(t));
      if (res.statusCode === 200) paid.push(res.json().amount);
      else refusal = res.json();
    }
    expect(refusal).toEqual({ code: "BUDGET_SPENT", message: "Today's pocket money has all been given out. Please try again tomorrow." });
    const total = paid.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(2_500);
    expect(2_500 - total).toBeLessThan(400);
    const [c] = await rows<{ spent: number; claims: number }>(
      sql`select spent::int as spent, claims from pocket_campaigns where day = ${day}`,
    );
    expect(c).toEqual({ spent: total, claims: paid.length });
    const [j] = await rows<{ s: number }>(
      sql`select coalesce(sum(e.amount), 0)::int as s from journals j join journal_entries e on e.journal_id = j.id join ledger_accounts a on a.id = e.account_id where j.kind = 'pocket_money' and a.user_id is not null and j.ref_id = (select id::text from pocket_campaigns where day = ${day})`,
    );
    expect(j?.s).toBe(total);
    await expectLedgerClean(t);
  });
});

describe("winners, history and verification", () => {
  it("lists a day's winners highest first with masked phones, publishes the commitment and reveals the seed after the day", async () => {
    const day = nextDay();
    await campaign({ date: day, budget: 100_000, min_amount: 100, max_amount: 5_000, min_level: 2 });
    const ps = [await createUser(t), await createUser(t), await createUser(t)];
    const amounts: number[] = [];
    for (const p of ps) amounts.push((await claim(p)).json().amount);
    const res = await call(t, "GET", `/api/pocket/money/winner?date=${day}`);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.data.map((w: { promo_amount: number }) => w.promo_amount)).toEqual([...amounts].sort((a, b) => b - a));
    for (const w of list.data) {
      expect(w.phone).toMatch(/^\*{8}\d{3}$/);
      expect(ps.some((p) => p.phone.endsWith(w.phone.slice(8)))).toBe(true);
      expect(Number.isNaN(Date.parse(w.created_at))).toBe(false);
    }
    expect(list.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(list.seed).toBeNull();
    expect((await call(t, "GET", "/api/pocket/money/winner")).json().data).toHaveLength(3);
    expect((await call(t, "GET", "/api/pocket/money/winner?date=2031-01-01")).json()).toEqual({
      date: "2031-01-01",
      data: [],
      commitment: null,
      seed: null,
    });
    expectErrorBody(await call(t, "GET", "/api/pocket/money/winner?date=01-06-2031"), 400, "VALIDATION_FAILED");

    nextDay();
    const later = (await call(t, "GET", `/api/pocket/money/winner?date=${day}`)).json();
    expect(later.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(await commitSeed(later.seed)).toBe(later.commitment);
  });

  it("the player's history is their own claims, newest first, paged by cursor", async () => {
    const p = await createUser(t);
    const other = await createUser(t);
    const mine: number[] = [];
    for (let i = 0; i < 3; i++) {
      const day = nextDay();
      await campaign({ date: day, budget: 10_000, min_amount: 100, max_amount: 5_000, min_level: 2 });
      mine.push((await claim(p)).json().amount);
      await claim(other);
    }
    const first = await call(t, "GET", "/api/pocket/money/history/user_only?limit=2", { token: p.token });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.data.map((r: { amount: number }) => r.amount)).toEqual([mine[2], mine[1]]);
    expect(page1.next_cursor).toEqual(expect.any(String));
    const page2 = (
      await call(t, "GET", `/api/pocket/money/history/user_only?limit=2&cursor=${page1.next_cursor}`, { token: p.token })
    ).json();
    expect(page2).toMatchObject({ data: [{ amount: mine[0] }], next_cursor: null });
    expectErrorBody(await call(t, "GET", "/api/pocket/money/history/user_only?cursor=xx!", { token: p.token }), 400, "VALIDATION_FAILED");
    expectErrorBody(await call(t, "GET", "/api/pocket/money/history/user_only"), 401, "UNAUTHENTICATED");
  });

  it("an operator re-derives any claim's amount from its stored seed material; a changed amount fails the check", async () => {
    const day = nextDay();
    const created = (await campaign({ date: day, budget: 10_000, min_amount: 100, max_amount: 5_000, min_level: 2 })).json();
    const p = await createUser(t);
    const { amount } = (await claim(p)).json();
    const claims = (await call(t, "GET", `/api/admin/pocket/campaigns/${created.id}/claims`, { token: operator.token })).json();
    expect(claims.data).toEqual([expect.objectContaining({ user_id: p.id, phone: p.phone, amount })]);
    const claimId = claims.data[0].id;
    const proof = (await call(t, "GET", `/api/admin/pocket/claims/${claimId}/verify`, { token: operator.token })).json();
    expect(proof).toMatchObject({
      claim_id: claimId,
      user_id: p.id,
      date: day,
      amount,
      derived_amount: amount,
      lower: 100,
      upper: 5_000,
      valid: true,
    });
    expect(await commitSeed(proof.seed)).toBe(proof.commitment);

    const forged = amount === 5_000 ? 4_999 : amount + 1;
    await t.ctx.db.execute(sql`update pocket_claims set amount = ${forged} where id = ${claimId}`);
    const bad = (await call(t, "GET", `/api/admin/pocket/claims/${claimId}/verify`, { token: operator.token })).json();
    expect(bad).toMatchObject({ amount: forged, derived_amount: amount, valid: false });
    await t.ctx.db.execute(sql`update pocket_claims set amount = ${amount} where id = ${claimId}`);

    expectErrorBody(await call(t, "GET", "/api/admin/pocket/claims/999999999/verify", { token: operator.token }), 404, "NOT_FOUND");
    expectErrorBody(await call(t, "GET", `/api/admin/pocket/claims/${claimId}/verify`, { token: p.token }), 403, "FORBIDDEN");
  });
});
