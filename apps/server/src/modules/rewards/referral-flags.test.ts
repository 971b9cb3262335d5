import { referralFlagListSchema, referralFlagSchema, referralPayoutsSchema, referralSettingsSchema } from "@shwe/contracts";
import { yangonDate, yangonDayBounds } from "@shwe/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { newPhone, verifiedPhone } from "../accounts/accounts.test-helpers.ts";
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
import { connectTestProvider, expectRoundsReconciled } from "../providers/wallet.test-helpers.ts";
import { auditActions, CLAIM, holdOf, loseRound, newDevice, type Signed, signUp, signUpOk } from "./referral.test-helpers.ts";
import { payoutsByDay } from "./referral-flags.repository.ts";
import { REFERRAL_HELD_MESSAGE } from "./referral-flags.service.ts";

const decide = (t: TestApp, op: TestUser, referrerId: number, decision: "clear" | "forfeit", reason: unknown) =>
  call(t, "POST", `/api/admin/referral/flags/${referrerId}/${decision}`, { token: op.token, body: { reason } });

describe("referral farming: sign-up origins, holds and operator decisions", () => {
  let t: TestApp;
  let op: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { enabled: false, factor: 1 } } });
    connectTestProvider(t);
    op = await createUser(t, { role: "admin" });
  });
  afterAll(async () => {
    await expectLedgerClean(t);
    await expectRoundsReconciled(t);
    await t.close();
  });

  it("records the device id and the IP range of each sign-up; a malformed device id is refused", async () => {
    const device = newDevice();
    const p = await signUpOk(t, { device, ip: "203.0.113.77" });
    const v6 = await signUpOk(t, { ip: "2001:db8:aa:1:abcd::5" });
    const res = await t.ctx.db.execute(
      sql`select user_id, device_id, ip, ip_range from signup_origins where user_id in (${p.id}, ${v6.id}) order by user_id`,
    );
    type Origin = { user_id: number; device_id: string | null; ip: string; ip_range: string };
    expect(rowsOf<Origin>(res).map((r) => ({ ...r, user_id: Number(r.user_id) }))).toEqual([
      { user_id: p.id, device_id: device, ip: "203.0.113.77", ip_range: "203.0.113.0/24" },
      { user_id: v6.id, device_id: null, ip: "2001:db8:aa:1:abcd::5", ip_range: "2001:db8:aa:1::/64" },
    ]);
    const before = await moneySnapshot(t.ctx.db);
    expectErrorBody(await signUp(t, { device: "short" }), 400, "VALIDATION_FAILED");
    expectErrorBody(await signUp(t, { device: `${"x".repeat(20)}<script>` }), 400, "VALIDATION_FAILED");
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);
  });

  it("refuses a referral code used from the device its owner signed up on (422 SELF_REFERRAL, nothing created)", async () => {
    const device = newDevice();
    const owner = await signUpOk(t, { device });
    const phone = newPhone();
    const otpToken = await verifiedPhone(t.app, phone, "register");
    const payload = { phone, name: "Self", password: "correct horse 1", otp_token: otpToken, referral_code: owner.referralCode };
    const before = await moneySnapshot(t.ctx.db);
    const self = await t.app.inject({ method: "POST", url: "/api/user/verify_register", headers: { "x-device-id": device }, payload });
    expectErrorBody(self, 422, "SELF_REFERRAL");
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);
    // Another device may use the code (the phone proof was not spent by the refusal).
    const other = await t.app.inject({
      method: "POST",
      url: "/api/user/verify_register",
      headers: { "x-device-id": newDevice() },
      payload,
    });
    expect(other.statusCode, other.body).toBe(201);
    expect(await holdOf(t, owner.id)).toBeUndefined();
  });

  it("flags a referrer whose third referee in 24 h comes from one device; claims are held while earnings accrue; clear releases them", async () => {
    const referrer = await signUpOk(t, { device: newDevice(), ip: "198.51.100.1" });
    const farm = newDevice();
    const a = await signUpOk(t, { device: farm, ip: "192.0.2.10", referralCode: referrer.referralCode });
    const b = await signUpOk(t, { device: farm, ip: "192.0.3.10", referralCode: referrer.referralCode });
    await loseRound(t, a.id, 10_000); // 500
    expect(await holdOf(t, referrer.id)).toBeUndefined();
    const claimed = await call(t, "POST", CLAIM, { token: referrer.token, headers: { "idempotency-key": `k-${Date.now()}` } });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({ amount: 500, game_refer_amt: 0 });

    const c = await signUpOk(t, { device: farm, ip: "192.0.4.10", referralCode: referrer.referralCode });
    expect(await holdOf(t, referrer.id)).toBe("held");
    await loseRound(t, b.id, 20_000); // 1,000 keeps accruing while held
    expect((await balancesOf(t, referrer.id)).game_refer_amt).toBe(1_000);

    const before = await moneySnapshot(t.ctx.db);
    const held = await call(t, "POST", CLAIM, { token: referrer.token, body: {} });
    expectErrorBody(held, 422, "REFERRAL_HELD");
    expect(held.json().message).toBe(REFERRAL_HELD_MESSAGE);
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);

    const list = await call(t, "GET", "/api/admin/referral/flags", { token: op.token });
    expect(list.statusCode).toBe(200);
    const flag = referralFlagListSchema.parse(list.json()).data.find((f) => f.referrer_id === referrer.id);
    expect(flag).toMatchObject({ status: "held", game_refer_amt: 1_000, refer_count: 3, forfeited_total: 0 });
    expect(flag?.groups).toHaveLength(1);
    expect(flag?.groups[0]).toMatchObject({ kind: "device", key: `${farm.slice(0, 8)}…` });
    expect(flag?.groups[0]?.referees.map((r) => [r.id, r.phone, r.ip_range])).toEqual([
      [a.id, `********${a.phone.slice(8)}`, "192.0.2.0/24"],
      [b.id, `********${b.phone.slice(8)}`, "192.0.3.0/24"],
      [c.id, `********${c.phone.slice(8)}`, "192.0.4.0/24"],
    ]);
    expect(JSON.stringify(list.json())).not.toContain(a.phone);
    expect(JSON.stringify(list.json())).not.toContain(farm);

    expectErrorBody(await decide(t, op, referrer.id, "clear", "  "), 400, "VALIDATION_FAILED");
    expect(
      (await call(t, "POST", `/api/admin/referral/flags/${referrer.id}/clear`, { token: referrer.token, body: { reason: "x" } }))
        .statusCode,
    ).toBe(403);
    const cleared = await decide(t, op, referrer.id, "clear", "Family members on one phone, checked by call");
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(referralFlagSchema.parse(cleared.json())).toMatchObject({
      status: "cleared",
      decided_by_phone: op.phone,
      decision_reason: "Family members on one phone, checked by call",
    });
    expectErrorBody(await decide(t, op, referrer.id, "clear", "again"), 409, "REFERRAL_NOT_HELD");
    const ok = await call(t, "POST", CLAIM, { token: referrer.token, body: {} });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ amount: 1_000, balance: 1_500, game_refer_amt: 0 });
    expect((await auditActions(t, referrer.id)).map((r) => [r.action, r.actor_id === null ? null : Number(r.actor_id)])).toEqual([
      ["referral.flag", null],
      ["referral.clear", op.id],
    ]);

    // Once cleared, only referees who join after the clearing count: one more from the farm device is not a pattern.
    await signUpOk(t, { device: farm, referralCode: referrer.referralCode });
    expect(await holdOf(t, referrer.id)).toBe("cleared");
  });

  it("flags three referees from one IPv4 /24 or one IPv6 /64; other networks, older sign-ups and two alone are not flagged", async () => {
    const v4 = await signUpOk(t, { device: newDevice() });
    for (const host of [5, 66, 201]) await signUpOk(t, { device: newDevice(), ip: `203.0.113.${host}`, referralCode: v4.referralCode });
    expect(await holdOf(t, v4.id)).toBe("held");
    const flags = referralFlagListSchema.parse((await call(t, "GET", "/api/admin/referral/flags?status=held", { token: op.token })).json());
    expect(flags.data.find((f) => f.referrer_id === v4.id)?.groups.map((g) => [g.kind, g.key, g.referees.length])).toEqual([
      ["ip_range", "203.0.113.0/24", 3],
    ]);

    const v6 = await signUpOk(t, { device: newDevice() });
    for (const ip of ["2001:db8:1:2::1", "2001:db8:1:2:ffff::9", "2001:db8:1:2:1:2:3:4"]) {
      await signUpOk(t, { device: newDevice(), ip, referralCode: v6.referralCode });
    }
    expect(await holdOf(t, v6.id)).toBe("held");

    const spread = await signUpOk(t, { device: newDevice() });
    for (const ip of ["10.1.1.1", "10.1.2.1", "10.1.3.1", "2001:db8:1:3::1", "2001:db8:1:4::1"]) {
      await signUpOk(t, { device: newDevice(), ip, referralCode: spread.referralCode });
    }
    expect(await holdOf(t, spread.id)).toBeUndefined();

    // Two sign-ups more than 24 h ago and one now: not within one window.
    const slow = await signUpOk(t, { device: newDevice() });
    const old1 = await signUpOk(t, { device: newDevice(), ip: "10.9.9.1", referralCode: slow.referralCode });
    const old2 = await signUpOk(t, { device: newDevice(), ip: "10.9.9.2", referralCode: slow.referralCode });
    await t.ctx.db.execute(
      sql`update signup_origins set created_at = now() - interval '25 hours' where user_id in (${old1.id}, ${old2.id})`,
    );
    await signUpOk(t, { device: newDevice(), ip: "10.9.9.3", referralCode: slow.referralCode });
    expect(await holdOf(t, slow.id)).toBeUndefined();
  });

  it("forfeit moves the held balance to the house in one journal; the referrer stays held; clear lifts it", async () => {
    const referrer = await signUpOk(t, { device: newDevice() });
    const device = newDevice();
    const referees = [];
    for (let i = 0; i < 3; i++) referees.push(await signUpOk(t, { device, referralCode: referrer.referralCode }));
    await loseRound(t, (referees[0] as Signed).id, 40_000); // 2,000
    const before = rowsOf<{ balance: number }>(
      await t.ctx.db.execute(
        sql`select coalesce(sum(balance), 0)::bigint as balance from ledger_accounts where code = 'house:referral_forfeit'`,
      ),
    )[0];
    const res = await decide(t, op, referrer.id, "forfeit", "Same handset used for every referee");
    expect(res.statusCode, res.body).toBe(200);
    expect(referralFlagSchema.parse(res.json())).toMatchObject({ status: "forfeited", game_refer_amt: 0, forfeited_total: 2_000 });
    const after = rowsOf<{ balance: number }>(
      await t.ctx.db.execute(
        sql`select coalesce(sum(balance), 0)::bigint as balance from ledger_accounts where code = 'house:referral_forfeit'`,
      ),
    )[0];
    expect(Number(after?.balance) - Number(before?.balance)).toBe(2_000);
    const journals = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from journals where kind = 'referral_forfeit' and user_id = ${referrer.id}`),
    )[0];
    expect(Number(journals?.n)).toBe(1);
    expectErrorBody(await decide(t, op, referrer.id, "forfeit", "again"), 422, "NOTHING_TO_FORFEIT");

    await loseRound(t, (referees[1] as Signed).id, 2_000); // 100, still held
    expectErrorBody(await call(t, "POST", CLAIM, { token: referrer.token, body: {} }), 422, "REFERRAL_HELD");
    expect((await auditActions(t, referrer.id)).map((r) => r.action)).toEqual(["referral.flag", "referral.forfeit"]);
    expect((await auditActions(t, referrer.id))[1]?.after).toMatchObject({
      forfeited: 2_000,
      reason: "Same handset used for every referee",
    });

    expect((await decide(t, op, referrer.id, "clear", "Appeal accepted for new earnings")).statusCode).toBe(200);
    const claim = await call(t, "POST", CLAIM, { token: referrer.token, body: {} });
    expect(claim.json()).toMatchObject({ amount: 100, game_refer_amt: 0 });

    expectErrorBody(await decide(t, op, 999_999_999, "clear", "x"), 404, "NOT_FOUND");
    expectErrorBody(await decide(t, op, referrer.id, "forfeit", "x".repeat(501)), 400, "VALIDATION_FAILED");
  });

  it("operators set the share and the farming rule (audited); bad values change nothing", async () => {
    const url = "/api/admin/referral/settings";
    const put = (token: string, payload: unknown) =>
      t.app.inject({ method: "PUT", url, headers: bearer(token), payload: payload as object });
    expect(referralSettingsSchema.parse((await call(t, "GET", url, { token: op.token })).json())).toEqual({
      share_percent: 5,
      farming_threshold: 3,
      farming_window_hours: 24,
    });
    for (const bad of [
      { share_percent: 5.001, farming_threshold: 3, farming_window_hours: 24 },
      { share_percent: 101, farming_threshold: 3, farming_window_hours: 24 },
      { share_percent: 5, farming_threshold: 1, farming_window_hours: 24 },
      { share_percent: 5, farming_threshold: 3, farming_window_hours: 0 },
      { share_percent: 5, farming_threshold: 3 },
      { share_percent: 5, farming_threshold: 3, farming_window_hours: 24, extra: 1 },
    ]) {
      expectErrorBody(await put(op.token, bad), 400, "VALIDATION_FAILED");
    }
    const player = await createUser(t);
    expect((await put(player.token, { share_percent: 9, farming_threshold: 3, farming_window_hours: 24 })).statusCode).toBe(403);
    expect((await call(t, "GET", url, { token: op.token })).json()).toMatchObject({ share_percent: 5 });

    const changed = await put(op.token, { share_percent: 2.5, farming_threshold: 2, farming_window_hours: 48 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ share_percent: 2.5, farming_threshold: 2, farming_window_hours: 48 });
    try {
      const referrer = await signUpOk(t, { device: newDevice() });
      const device = newDevice();
      const a = await signUpOk(t, { device, referralCode: referrer.referralCode });
      await signUpOk(t, { device, referralCode: referrer.referralCode });
      expect(await holdOf(t, referrer.id)).toBe("held"); // threshold 2
      await loseRound(t, a.id, 1_000); // 2.5 % → 25
      expect((await balancesOf(t, referrer.id)).game_refer_amt).toBe(25);
      const audit = rowsOf<{ before: unknown; after: unknown }>(
        await t.ctx.db.execute(sql`select before, after from audit_log where action = 'referral.settings' order by id desc limit 1`),
      )[0];
      expect(audit).toEqual({
        before: { share_percent: 5, farming_threshold: 3, farming_window_hours: 24 },
        after: { share_percent: 2.5, farming_threshold: 2, farming_window_hours: 48 },
      });
    } finally {
      await put(op.token, { share_percent: 5, farming_threshold: 3, farming_window_hours: 24 });
    }
  });

  it("the payouts view sums what referral earned, paid out and forfeited per day, and what is still held", async () => {
    const res = await call(t, "GET", "/api/admin/referral/payouts?days=7", { token: op.token });
    expect(res.statusCode, res.body).toBe(200);
    const body = referralPayoutsSchema.parse(res.json());
    const sums = rowsOf<{ earned: number; claimed: number; claims: number; forfeited: number; outstanding: number }>(
      await t.ctx.db.execute(sql`
        select (select coalesce(sum(referral_share), 0) from provider_rounds)::bigint as earned,
               (select count(*) from journals where kind = 'referral_claim')::int as claims,
               (select coalesce(sum(e.amount), 0) from journal_entries e join journals j on j.id = e.journal_id
                 join ledger_accounts a on a.id = e.account_id where j.kind = 'referral_claim' and a.kind = 'main')::bigint as claimed,
               (select coalesce(sum(balance), 0) from ledger_accounts where code = 'house:referral_forfeit')::bigint as forfeited,
               (select coalesce(sum(balance), 0) from ledger_accounts where kind = 'referral')::bigint as outstanding`),
    )[0];
    expect(body.totals).toEqual({
      earned: Number(sums?.earned),
      claims: Number(sums?.claims),
      claimed: Number(sums?.claimed),
      forfeited: Number(sums?.forfeited),
    });
    expect(body.totals.claims).toBe(3);
    expect(body.outstanding).toBe(Number(sums?.outstanding));
    expect(body.held).toBeGreaterThan(0);
    expect(body.data[0]?.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expectErrorBody(await call(t, "GET", "/api/admin/referral/payouts?days=0", { token: op.token }), 400, "VALIDATION_FAILED");
    expect((await call(t, "GET", "/api/admin/referral/payouts", {})).statusCode).toBe(401);
  });

  it("the payouts window is the last n Yangon days of the server's instant, cut at a Yangon midnight", async () => {
    // The journals are append-only: the server's instant moves around the midnight after their day instead.
    const stamps = rowsOf<{ created_at: Date | string }>(
      await t.ctx.db.execute(sql`select created_at from journals where kind = 'referral_claim' order by created_at`),
    ).map((r) => new Date(r.created_at));
    expect(stamps.length).toBeGreaterThan(0);
    const first = yangonDate(stamps[0] as Date);
    expect(yangonDate(stamps[stamps.length - 1] as Date), "the claims of one Yangon day").toBe(first);
    const midnight = yangonDayBounds(first).end;
    const claims = async (days: number, now: Date) => (await payoutsByDay(t.ctx.db, days, now)).reduce((n, r) => n + r.claims, 0);
    // The last millisecond of the claims' day: today holds them.
    expect(await claims(1, new Date(midnight.getTime() - 1))).toBe(stamps.length);
    // The next day's first instant: today no longer does, the last two days do.
    expect(await claims(1, midnight)).toBe(0);
    expect(await claims(2, midnight)).toBe(stamps.length);
    expect((await payoutsByDay(t.ctx.db, 2, midnight)).map((r) => r.day)).toEqual([first]);
    expect(await claims(2, new Date(midnight.getTime() + 86_400_000))).toBe(0);
  });
});
