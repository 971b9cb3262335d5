import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { sha256Hex } from "../../lib/crypto.ts";
import { createTestApp, onRealPostgres, type TestApp } from "../../test/test-app.ts";
import { balancesOf, call, createUser, expectErrorBody, expectLedgerClean, fund, moneySnapshot, type TestUser } from "../ledger/testing.ts";
import { betPathCounts, setOneCallBets } from "../lottery/betting.service.ts";
import { bet, createDraw, lotteryCounts } from "../lottery/lottery.test-helpers.ts";
import { insertCallback } from "../providers/wallet/provider-callbacks.repository.ts";
import { runHousekeeping } from "./housekeeping.service.ts";

/** Retention: idempotency keys past 24 h, expired sign-in tokens, bad-signature provider calls, SMS records. */
describe(`retention and expiry (${onRealPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(async () => expectLedgerClean(t));
  afterAll(async () => t.close());

  /** Moves a key's first use back by `hours` (the key's age is decided by the database clock). */
  const ageKey = (u: TestUser, key: string, hours: number) =>
    t.ctx.db.execute(sql`update idempotency_keys set created_at = created_at - make_interval(hours => ${hours})
                          where user_id = ${u.id} and key = ${key}`);
  const keyRow = async (u: TestUser, key: string) =>
    rowsOf<{ status_code: number | null; response: unknown }>(
      await t.ctx.db.execute(sql`select status_code, response from idempotency_keys where user_id = ${u.id} and key = ${key}`),
    )[0];
  const transferIn = (u: TestUser, amount: number, key: string) =>
    call(t, "POST", "/api/user/transfer_in", { token: u.token, body: { amount }, headers: { "idempotency-key": key } });

  describe("idempotency keys", () => {
    it("replays within 24 h; after 24 h refuses the key with 409 IDEMPOTENCY_KEY_EXPIRED and applies nothing", async () => {
      const u = await createUser(t);
      await fund(t, u.id, 10_000);
      const first = await transferIn(u, 1_000, "k-transfer");
      expect(first.statusCode, first.body).toBe(200);

      await ageKey(u, "k-transfer", 23);
      const replay = await transferIn(u, 1_000, "k-transfer");
      expect(replay.statusCode).toBe(200);
      expect(replay.headers["idempotent-replayed"]).toBe("true");
      expect(replay.json()).toEqual(first.json());

      await ageKey(u, "k-transfer", 2);
      const before = await moneySnapshot(t.ctx.db);
      const late = await transferIn(u, 1_000, "k-transfer");
      expectErrorBody(late, 409, "IDEMPOTENCY_KEY_EXPIRED");
      expect(late.json().message).toBe("This request key has expired; start a new request.");
      expect(late.headers["idempotent-replayed"]).toBeUndefined();
      // Another body with the expired key is refused the same way, not as a mismatch and not applied.
      expectErrorBody(await transferIn(u, 2_000, "k-transfer"), 409, "IDEMPOTENCY_KEY_EXPIRED");
      expect(await moneySnapshot(t.ctx.db)).toEqual(before);
      expect(await balancesOf(t, u.id)).toMatchObject({ balance: 9_000, game_balance: 1_000 });

      // A new key is a new request.
      expect((await transferIn(u, 1_000, "k-transfer-2")).statusCode).toBe(200);
      expect(await balancesOf(t, u.id)).toMatchObject({ balance: 8_000, game_balance: 2_000 });
    });

    it("an expired refusal is refused as expired too (never run again)", async () => {
      const u = await createUser(t);
      const refused = await transferIn(u, 500, "k-refused");
      expectErrorBody(refused, 422, "INSUFFICIENT_FUNDS");
      await fund(t, u.id, 1_000);
      await ageKey(u, "k-refused", 25);
      expectErrorBody(await transferIn(u, 500, "k-refused"), 409, "IDEMPOTENCY_KEY_EXPIRED");
      expect(await balancesOf(t, u.id)).toMatchObject({ balance: 1_000, game_balance: 0 });
    });

    it("housekeeping drops the stored answer after 24 h and keeps the key as a tombstone that still refuses", async () => {
      const u = await createUser(t);
      await fund(t, u.id, 10_000);
      expect((await transferIn(u, 700, "k-old")).statusCode).toBe(200);
      expect((await transferIn(u, 300, "k-young")).statusCode).toBe(200);
      await ageKey(u, "k-old", 25);

      const report = await runHousekeeping(t.ctx.db);
      expect(report.compactedIdempotencyKeys).toBeGreaterThanOrEqual(1);
      expect(await keyRow(u, "k-old")).toEqual({ status_code: 200, response: null });
      expect((await keyRow(u, "k-young"))?.response).toEqual({ balance: 9_000, game_balance: 1_000 });

      const before = await moneySnapshot(t.ctx.db);
      expectErrorBody(await transferIn(u, 700, "k-old"), 409, "IDEMPOTENCY_KEY_EXPIRED");
      expect(await moneySnapshot(t.ctx.db)).toEqual(before);
      const young = await transferIn(u, 300, "k-young");
      expect(young.headers["idempotent-replayed"]).toBe("true");
      expect(young.json()).toEqual({ balance: 9_000, game_balance: 1_000 });
      // A second round finds nothing more to do for these keys.
      expect((await runHousekeeping(t.ctx.db)).compactedIdempotencyKeys).toBe(0);
    });

    for (const oneCall of [true, false]) {
      it(`a bet replayed after 24 h is refused as expired (${oneCall ? "one-call bet_place" : "general"} path first)`, async () => {
        setOneCallBets(t.ctx, oneCall);
        try {
          const u = await createUser(t);
          await fund(t, u.id, 100_000);
          const drawId = await createDraw(t, "2D");
          const key = { "idempotency-key": `k-bet-${oneCall}` };
          const lines = [{ number: "42", amount: 1_000 }];
          // A first slip without a key creates whatever the one call cannot (the house account shard).
          expect((await bet(t, u.token, "2D", drawId, [{ number: "41", amount: 100 }])).statusCode).toBe(201);
          const counts = betPathCounts(t.ctx);
          const first = await bet(t, u.token, "2D", drawId, lines, key);
          expect(first.statusCode, first.body).toBe(201);
          expect(betPathCounts(t.ctx).oneCall - counts.oneCall).toBe(oneCall ? 1 : 0);

          const replay = await bet(t, u.token, "2D", drawId, lines, key);
          expect(replay.headers["idempotent-replayed"]).toBe("true");
          expect(replay.json()).toEqual(first.json());

          await ageKey(u, key["idempotency-key"], 24);
          const rows = await lotteryCounts(t);
          const money = await moneySnapshot(t.ctx.db);
          expectErrorBody(await bet(t, u.token, "2D", drawId, lines, key), 409, "IDEMPOTENCY_KEY_EXPIRED");
          expectErrorBody(await bet(t, u.token, "2D", drawId, [{ number: "43", amount: 500 }], key), 409, "IDEMPOTENCY_KEY_EXPIRED");
          await runHousekeeping(t.ctx.db);
          expectErrorBody(await bet(t, u.token, "2D", drawId, lines, key), 409, "IDEMPOTENCY_KEY_EXPIRED");
          expect(await lotteryCounts(t)).toEqual(rows);
          expect(await moneySnapshot(t.ctx.db)).toEqual(money);
          expect((await balancesOf(t, u.id)).balance).toBe(98_900);
        } finally {
          setOneCallBets(t.ctx, true);
        }
      });
    }
  });

  describe("sign-in tokens", () => {
    const tokenCount = async (token: string) =>
      Number(
        rowsOf<{ n: number }>(
          await t.ctx.db.execute(sql`select count(*)::int as n from auth_tokens where token_hash = ${sha256Hex(token)}`),
        )[0]?.n,
      );
    const profile = (token: string) => call(t, "GET", "/api/user/profile", { token });

    it("deletes expired tokens, keeps live ones, and a revoked token stays unusable", async () => {
      const expired = await createUser(t);
      const live = await createUser(t);
      const revoked = await createUser(t);
      await t.ctx.db.execute(
        sql`update auth_tokens set expires_at = now() - interval '1 minute' where token_hash = ${sha256Hex(expired.token)}`,
      );
      expect((await call(t, "POST", "/api/user/logout", { token: revoked.token })).statusCode).toBe(204);
      expect((await profile(expired.token)).statusCode).toBe(401);
      expect((await profile(revoked.token)).statusCode).toBe(401);

      const report = await runHousekeeping(t.ctx.db);
      expect(report.expiredTokens).toBeGreaterThanOrEqual(1);
      expect(await tokenCount(expired.token)).toBe(0);
      expect(await tokenCount(live.token)).toBe(1);
      expect((await profile(live.token)).statusCode).toBe(200);
      expect((await profile(revoked.token)).statusCode).toBe(401);
      expect((await profile(expired.token)).statusCode).toBe(401);

      // Once its expiry passes, the revoked token's row goes too; it stays unusable.
      await t.ctx.db.execute(
        sql`update auth_tokens set expires_at = now() - interval '1 second' where token_hash = ${sha256Hex(revoked.token)}`,
      );
      await runHousekeeping(t.ctx.db);
      expect(await tokenCount(revoked.token)).toBe(0);
      expect((await profile(revoked.token)).statusCode).toBe(401);
    });

    it("works in bounded batches until everything expired is gone", async () => {
      const users = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(t)));
      for (const u of users) {
        await t.ctx.db.execute(sql`update auth_tokens set expires_at = now() - interval '1 day' where token_hash = ${sha256Hex(u.token)}`);
      }
      const report = await runHousekeeping(t.ctx.db, { batch: 2 });
      expect(report.expiredTokens).toBe(5);
      for (const u of users) expect(await tokenCount(u.token)).toBe(0);
    });
  });

  describe("SMS records", () => {
    const phonesIn = async (table: "sms_deliveries" | "sms_outbox", column: "phone" | "to", prefix: string) =>
      rowsOf<{ p: string }>(
        await t.ctx.db.execute(
          sql`select ${sql.identifier(column)} as p from ${sql.identifier(table)} where ${sql.identifier(column)} like ${`${prefix}%`} order by 1`,
        ),
      ).map((r) => r.p);
    const delivery = (phone: string, status: string, ageHours: number) =>
      t.ctx.db.execute(sql`insert into sms_deliveries (phone, purpose, gateway, status, created_at, updated_at)
                           values (${phone}, 'otp_register', 'http', ${status}, now() - make_interval(hours => ${ageHours}),
                                   now() - make_interval(hours => ${ageHours}))`);
    const outbox = (to: string, ageHours: number) =>
      t.ctx.db.execute(sql`insert into sms_outbox ("to", text, created_at)
                           values (${to}, 'Your code is 123456', now() - make_interval(hours => ${ageHours}))`);

    it("deletes delivery records after 30 days whatever their status, and keeps younger ones", async () => {
      await delivery("0991000001", "sent", 31 * 24);
      await delivery("0991000002", "failed", 45 * 24);
      await delivery("0991000003", "queued", 30 * 24 + 1);
      await delivery("0991000004", "sent", 30 * 24 - 1);
      await delivery("0991000005", "failed", 24);
      const report = await runHousekeeping(t.ctx.db);
      expect(report.smsDeliveries).toBe(3);
      expect(await phonesIn("sms_deliveries", "phone", "099100000")).toEqual(["0991000004", "0991000005"]);
      expect((await runHousekeeping(t.ctx.db)).smsDeliveries).toBe(0);
    });

    it("deletes demo outbox messages after 1 day and keeps the day's", async () => {
      await outbox("0992000001", 25);
      await outbox("0992000002", 24 * 10);
      await outbox("0992000003", 23);
      await outbox("0992000004", 0);
      const report = await runHousekeeping(t.ctx.db);
      expect(report.smsOutbox).toBe(2);
      expect(await phonesIn("sms_outbox", "to", "099200000")).toEqual(["0992000003", "0992000004"]);
    });

    it("deletes sign-in origins after 90 days and keeps younger ones", async () => {
      const u = await createUser(t);
      const origin = (ip: string, ageDays: number) =>
        t.ctx.db.execute(sql`insert into sign_in_origins (user_id, ip, user_agent, created_at)
                             values (${u.id}, ${ip}, 'Test browser', now() - make_interval(days => ${ageDays}))`);
      await origin("10.90.0.1", 91);
      await origin("10.90.0.2", 200);
      await origin("10.90.0.3", 89);
      const report = await runHousekeeping(t.ctx.db);
      expect(report.signInOrigins).toBe(2);
      const left = rowsOf<{ ip: string }>(await t.ctx.db.execute(sql`select ip from sign_in_origins where user_id = ${u.id} order by ip`));
      expect(left.map((r) => r.ip)).toEqual(["10.90.0.3"]);
    });

    it("works in bounded batches until every old record is gone", async () => {
      for (let i = 0; i < 5; i++) {
        await delivery(`099300000${i}`, "sent", 40 * 24);
        await outbox(`099400000${i}`, 48);
      }
      const report = await runHousekeeping(t.ctx.db, { batch: 2 });
      expect(report.smsDeliveries).toBe(5);
      expect(report.smsOutbox).toBe(5);
      expect(await phonesIn("sms_deliveries", "phone", "099300000")).toEqual([]);
      expect(await phonesIn("sms_outbox", "to", "099400000")).toEqual([]);
    });
  });

  describe("provider calls", () => {
    const record = (signatureOk: boolean, tag: string) => ({
      provider: "HOUSE",
      action: "debit",
      headers: { "x-signature": "00" },
      rawBody: `{"tag":"${tag}"}`,
      signatureOk,
      transactionId: signatureOk ? tag : null,
      status: signatureOk ? "OK" : "INVALID_SIGNATURE",
      answer: { status: signatureOk ? "OK" : "INVALID_SIGNATURE" },
      ip: "127.0.0.1",
    });
    const kept = async () =>
      rowsOf<{ tag: string }>(
        await t.ctx.db.execute(
          sql`select raw_body::jsonb ->> 'tag' as tag from provider_callbacks where raw_body like '{"tag":"r-%' order by 1`,
        ),
      ).map((r) => r.tag);

    it("deletes bad-signature calls after 7 days and keeps valid calls (money evidence) for good", async () => {
      for (const [ok, tag] of [
        [false, "r-bad-old"],
        [false, "r-bad-new"],
        [true, "r-good-old"],
      ] as const) {
        await insertCallback(t.ctx.db, record(ok, tag));
      }
      await t.ctx.db.execute(sql`update provider_callbacks set received_at = now() - interval '8 days'
                                  where raw_body in ('{"tag":"r-bad-old"}', '{"tag":"r-good-old"}')`);
      await t.ctx.db.execute(
        sql`update provider_callbacks set received_at = now() - interval '6 days' where raw_body = '{"tag":"r-bad-new"}'`,
      );
      const report = await runHousekeeping(t.ctx.db);
      expect(report.badSignatureCallbacks).toBe(1);
      expect(await kept()).toEqual(["r-bad-new", "r-good-old"]);
    });
  });
});
