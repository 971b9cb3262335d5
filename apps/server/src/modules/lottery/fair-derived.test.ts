import { fairDrawSchema, type LotteryType, luckyHistorySchema } from "@shwe/contracts";
import { verifyDerivedFairDraw, verifyFairDraw, yangonDate } from "@shwe/domain";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { lotteryGames } from "../../db/schema/index.ts";
import { ManualClock } from "../../lib/clock.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { withMoneyTx } from "../ledger/ledger.service.ts";
import { balancesOf, call, createUser, expectLedgerClean, fund, type TestUser } from "../ledger/testing.ts";
import { findDraw } from "./draws.repository.ts";
import { bet, createDraw, send, testScheduler } from "./lottery.test-helpers.ts";
import { revealFairDraw } from "./results.service.ts";
import { voidDrawInTx } from "./settlement.service.ts";

/** 1D is the last digit of the 2D draw at the same time, crypto 1D the 2nd digit of crypto 2D (domain-rules §3), for fair draws too. */

const yangon = (local: string) => new Date(`${local}+06:30`);

interface Row {
  id: number;
  status: string;
  result: string | null;
  fair_commitment: string | null;
  fair_seed: string | null;
  fair_seed_secret: string | null;
}

async function drawById(t: TestApp, id: number): Promise<Row> {
  const res = await t.ctx.db.execute(
    sql`select id, status, result, fair_commitment, fair_seed, fair_seed_secret from draws where id = ${id}`,
  );
  const row = rowsOf<Row>(res)[0];
  if (!row) throw new Error(`no draw ${id}`);
  return row;
}

async function drawAt(t: TestApp, type: LotteryType, at: Date): Promise<Row> {
  const res = await t.ctx.db.execute(
    sql`select id, status, result, fair_commitment, fair_seed, fair_seed_secret from draws where type = ${type} and draw_at = ${at.toISOString()}`,
  );
  const row = rowsOf<Row>(res)[0];
  if (!row) throw new Error(`no ${type} draw at ${at.toISOString()}`);
  return row;
}

describe("fair 1D and crypto 1D draws take their number from the 2D draw at the same time", () => {
  let t: TestApp;
  let clock: ManualClock;
  beforeEach(async () => {
    // Friday 7 March 2025, 09:00 in Yangon.
    clock = new ManualClock(yangon("2025-03-07T09:00:00"));
    t = await createTestApp({ clock });
  });
  afterEach(async () => t.close());

  it.each([
    ["1D", "2D", "2025-03-07T12:01:00", "1d"],
    ["C1D", "C2D", "2025-03-07T10:00:00", "c1d"],
  ] as const)("%s shares the %s commitment before the draw and settles on its last digit", async (type, sourceType, local, path) => {
    const scheduler = testScheduler(t);
    await scheduler.tick();
    const at = yangon(local);
    const source = await drawAt(t, sourceType, at);
    const derived = await drawAt(t, type, at);
    expect(derived.fair_commitment).toBe(source.fair_commitment);

    const before = fairDrawSchema.parse((await call(t, "GET", `/api/lottery/fair/${derived.id}`)).json());
    expect(before).toMatchObject({
      commitment: source.fair_commitment,
      seed: null,
      number: null,
      derived_from: { draw_id: source.id, type: sourceType, digit: "last" },
    });

    clock.set(new Date(at.getTime() + 5_000));
    await scheduler.tick();
    const [sourceAfter, derivedAfter] = [await drawAt(t, sourceType, at), await drawAt(t, type, at)];
    expect(sourceAfter.status).toBe("settled");
    expect(derivedAfter.status).toBe("settled");
    expect(sourceAfter.result).toMatch(/^\d{2}$/);
    expect(derivedAfter.result).toBe(sourceAfter.result?.slice(-1));
    expect(derivedAfter.fair_seed).toBe(sourceAfter.fair_seed);

    const fair = fairDrawSchema.parse((await call(t, "GET", `/api/lottery/fair/${derived.id}`)).json());
    expect(fair).toMatchObject({ seed: sourceAfter.fair_seed, number: derivedAfter.result, verified: true });

    const day = local.slice(0, 10);
    const history = luckyHistorySchema.parse(
      (await call(t, "GET", `/api/luckynumber_history/${path}?start_date=${day}&end_date=${day}`)).json(),
    );
    const item = history.data.find((d) => d.draw_id === derived.id);
    expect(item?.proof).toEqual({
      commitment: source.fair_commitment,
      seed: sourceAfter.fair_seed,
      draw_id: derived.id,
      derived_from: { draw_id: source.id, type: sourceType, digit: "last" },
    });
    const proof = {
      seed: item?.proof?.seed ?? "",
      commitment: item?.proof?.commitment ?? "",
      type,
      sourceDrawId: item?.proof?.derived_from?.draw_id ?? 0,
      sourceType,
      digit: "last" as const,
      number: item?.number ?? "",
    };
    expect(await verifyDerivedFairDraw(proof)).toBe(true);
    const tampered = String((Number(proof.number) + 1) % 10);
    expect(await verifyDerivedFairDraw({ ...proof, number: tampered })).toBe(false);
    // Another seed does not match the commitment published before the draw.
    expect(await verifyDerivedFairDraw({ ...proof, seed: "0".repeat(64) })).toBe(false);
  });

  it("a 1D draw is not revealed before the 2D draw at the same time", async () => {
    const scheduler = testScheduler(t);
    await scheduler.tick();
    const at = yangon("2025-03-07T12:01:00");
    clock.set(new Date(at.getTime() + 5_000));
    const oneD = await findDraw(t.ctx.db, (await drawAt(t, "1D", at)).id);
    if (!oneD) throw new Error("no 1D draw");
    expect(await revealFairDraw(t.ctx, oneD)).toBe(false);
    expect((await drawAt(t, "1D", at)).result).toBeNull();
    expect((await drawAt(t, "1D", at)).fair_seed).toBeNull();

    await scheduler.tick();
    expect((await drawAt(t, "1D", at)).result).toBe((await drawAt(t, "2D", at)).result?.slice(-1));
  });

  it("voiding a 2D draw voids the 1D draw whose number comes from it, refunding both in one transaction; both reveal the seed", async () => {
    // A fair 2D draw ahead (bets are decided by the database clock) and the 1D draw at the same time sharing its seed.
    const twoDId = await createDraw(t, "2D");
    const oneDId = await createDraw(t, "1D");
    await t.ctx.db.execute(sql`
      update draws o set draw_at = s.draw_at, closes_at = s.closes_at, fair_seed_secret = s.fair_seed_secret, fair_commitment = s.fair_commitment
        from draws s where s.id = ${twoDId} and o.id = ${oneDId}`);
    // By id: the database keeps microseconds a JavaScript date cannot hold, so a lookup by time could miss.
    const twoD = await drawById(t, twoDId);
    const oneDBefore = await drawById(t, oneDId);
    const player = await createUser(t);
    await fund(t, player.id, 10_000);
    for (const res of [
      await bet(t, player.token, "1D", oneDBefore.id, [{ number: "7", amount: 1_000 }]),
      await bet(t, player.token, "2D", twoD.id, [{ number: "42", amount: 2_000 }]),
    ]) {
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await balancesOf(t, player.id)).balance).toBe(7_000);

    await withMoneyTx(t.ctx.db, (tx) => voidDrawInTx(tx, twoD.id, "Market closed", null));
    const [voided, oneD] = [await drawById(t, twoDId), await drawById(t, oneDId)];
    expect(voided.status).toBe("void");
    expect(oneD.status).toBe("void");
    // Every stake of both draws is back; the 1D draw takes no more bets.
    expect((await balancesOf(t, player.id)).balance).toBe(10_000);
    expect((await bet(t, player.token, "1D", oneD.id, [{ number: "3", amount: 1_000 }])).statusCode).not.toBe(201);
    // Nothing is left to draw from the seed: it is public on both.
    expect(voided.fair_seed).toBe(twoD.fair_seed_secret);
    expect(oneD.fair_seed).toBe(twoD.fair_seed_secret);
    const reason = rowsOf<{ void_reason: string }>(await t.ctx.db.execute(sql`select void_reason from draws where id = ${oneD.id}`))[0];
    expect(reason?.void_reason).toContain(`2D draw ${twoD.id}`);

    await expectLedgerClean(t);
  });

  it("without a 2D draw at the same time, a 1D draw is drawn on its own and its proof says so", async () => {
    await t.ctx.db.update(lotteryGames).set({ enabled: false }).where(eq(lotteryGames.type, "2D"));
    const scheduler = testScheduler(t);
    await scheduler.tick();
    const at = yangon("2025-03-07T12:01:00");
    const oneD = await drawAt(t, "1D", at);
    expect(oneD.fair_commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(rowsOf(await t.ctx.db.execute(sql`select id from draws where type = '2D'`))).toEqual([]);

    clock.set(new Date(at.getTime() + 5_000));
    await scheduler.tick();
    const after = await drawAt(t, "1D", at);
    expect(after.status).toBe("settled");
    const history = luckyHistorySchema.parse(
      (await call(t, "GET", "/api/luckynumber_history/1d?start_date=2025-03-07&end_date=2025-03-07")).json(),
    );
    const proof = history.data.find((d) => d.draw_id === oneD.id)?.proof;
    expect(proof).toEqual({ commitment: oneD.fair_commitment, seed: after.fair_seed, draw_id: oneD.id, fallback: "no_source_draw" });
    expect(
      await verifyFairDraw({
        seed: proof?.seed ?? "",
        commitment: proof?.commitment ?? "",
        drawId: oneD.id,
        type: "1D",
        number: after.result ?? "",
      }),
    ).toBe(true);
    const fair = fairDrawSchema.parse((await call(t, "GET", `/api/lottery/fair/${oneD.id}`)).json());
    expect(fair).toMatchObject({ fallback: "no_source_draw", verified: true });
    expect(fair.derived_from).toBeUndefined();
  });
});

/**
 * An operator takes the 2D draws of a day away (an off day, or a schedule without one of the times)
 * and then back: the scheduler makes new 2D draws with new seeds while the 1D draws at those times
 * stay. The 1D number must still be the last digit of the 2D number at the same time.
 */
describe("a 2D draw made again after a schedule change and the 1D draw at its time", () => {
  let t: TestApp;
  let clock: ManualClock;
  let op: TestUser;

  const offDayAndBack = async (day: string) => {
    expect((await call(t, "POST", "/api/admin/lottery/2D/off-days", { token: op.token, body: { day } })).statusCode).toBe(200);
    expect((await send(t, "DELETE", `/api/admin/lottery/2D/off-days/${day}`, { token: op.token })).statusCode).toBe(200);
  };
  const scheduleWithoutNoonAndBack = async () => {
    const evening = { weekdays: [1, 2, 3, 4, 5], times: ["16:30"], cutoff: { minutes_before: 10 }, off_days: [] };
    const both = { ...evening, times: ["12:01", "16:30"] };
    for (const schedule of [evening, both]) {
      const res = await send(t, "PUT", "/api/admin/lottery/2D", { token: op.token, body: { schedule } });
      expect(res.statusCode, res.body).toBe(200);
    }
  };

  describe("nobody bet on the 1D draw", () => {
    beforeEach(async () => {
      // Friday 7 March 2025, 09:00 in Yangon.
      clock = new ManualClock(yangon("2025-03-07T09:00:00"));
      t = await createTestApp({ clock });
      op = await createUser(t, { role: "admin" });
    });
    afterEach(async () => t.close());

    it.each([
      ["an off day of the 2D and back", () => offDayAndBack("2025-03-07")],
      ["a 2D schedule without the 12:01 draw and back", scheduleWithoutNoonAndBack],
    ])("after %s, the 1D draw takes the new 2D draw's seed and settles on its last digit", async (_, change) => {
      const scheduler = testScheduler(t);
      await scheduler.tick();
      const at = yangon("2025-03-07T12:01:00");
      const [oldTwoD, oldOneD] = [await drawAt(t, "2D", at), await drawAt(t, "1D", at)];
      expect(oldOneD.fair_commitment).toBe(oldTwoD.fair_commitment);

      await change();
      await scheduler.tick();
      const [twoD, oneD] = [await drawAt(t, "2D", at), await drawAt(t, "1D", at)];
      // A new 2D draw with a new seed; the same 1D draw, now sharing it.
      expect(twoD.id).not.toBe(oldTwoD.id);
      expect(twoD.fair_commitment).not.toBe(oldTwoD.fair_commitment);
      expect(oneD.id).toBe(oldOneD.id);
      expect(oneD.fair_commitment).toBe(twoD.fair_commitment);
      expect(oneD.fair_seed_secret).toBe(twoD.fair_seed_secret);
      const before = fairDrawSchema.parse((await call(t, "GET", `/api/lottery/fair/${oneD.id}`)).json());
      expect(before).toMatchObject({ commitment: twoD.fair_commitment, derived_from: { draw_id: twoD.id, type: "2D", digit: "last" } });

      clock.set(new Date(at.getTime() + 5_000));
      await scheduler.tick();
      const [twoDAfter, oneDAfter] = [await drawAt(t, "2D", at), await drawAt(t, "1D", at)];
      expect(twoDAfter.status).toBe("settled");
      expect(oneDAfter.status).toBe("settled");
      expect(oneDAfter.result).toBe(twoDAfter.result?.slice(-1));
      const fair = fairDrawSchema.parse((await call(t, "GET", `/api/lottery/fair/${oneD.id}`)).json());
      expect(fair).toMatchObject({ seed: twoDAfter.fair_seed, derived_from: { draw_id: twoD.id }, verified: true });
      await expectLedgerClean(t);
    });
    it.each([
      ["2D", "the 1D draw takes the 2D draw's new seed"],
      ["1D", "it takes the seed of the 2D draw at its time"],
    ] as const)("after the %s game's result source is changed away from fair and back, %s", async (game, _) => {
      const scheduler = testScheduler(t);
      await scheduler.tick();
      const at = yangon("2025-03-07T12:01:00");
      const oldOneD = await drawAt(t, "1D", at);
      for (const result_source of ["feed", "fair"]) {
        const res = await send(t, "PUT", `/api/admin/lottery/${game}`, { token: op.token, body: { result_source } });
        expect(res.statusCode, res.body).toBe(200);
      }
      const [twoD, oneD] = [await drawAt(t, "2D", at), await drawAt(t, "1D", at)];
      expect(oneD.id).toBe(oldOneD.id);
      // Turning 2D fair again gives its draws new seeds; turning 1D fair again leaves the 2D draws alone.
      expect(twoD.fair_commitment === oldOneD.fair_commitment).toBe(game === "1D");
      expect(oneD.fair_commitment).toBe(twoD.fair_commitment);
      expect(oneD.fair_seed_secret).toBe(twoD.fair_seed_secret);

      clock.set(new Date(at.getTime() + 5_000));
      await scheduler.tick();
      const [twoDAfter, oneDAfter] = [await drawAt(t, "2D", at), await drawAt(t, "1D", at)];
      expect(oneDAfter.status).toBe("settled");
      expect(oneDAfter.result).toBe(twoDAfter.result?.slice(-1));
      const fair = fairDrawSchema.parse((await call(t, "GET", `/api/lottery/fair/${oneD.id}`)).json());
      expect(fair).toMatchObject({ derived_from: { draw_id: twoD.id }, verified: true });
      await expectLedgerClean(t);
    });
  });

  describe("a player bet on the 1D draw", () => {
    beforeEach(async () => {
      // Bets are decided by the database clock: the engine clock starts at the same instant.
      clock = new ManualClock(new Date());
      t = await createTestApp({ clock });
      op = await createUser(t, { role: "admin" });
    });
    afterEach(async () => t.close());

    it("keeps the commitment the player bet on, draws the 1D number on its own draw id from it, and the new 2D draw has a seed of its own", async () => {
      const scheduler = testScheduler(t);
      await scheduler.tick();
      // The last 2D draw made ahead and the 1D draw at its time: betting stays open on both for the whole test.
      const pair = rowsOf<{ two_id: number; one_id: number; draw_at: Date | string }>(
        await t.ctx.db.execute(sql`
          select s.id as two_id, o.id as one_id, s.draw_at from draws s join draws o on o.type = '1D' and o.draw_at = s.draw_at
           where s.type = '2D' and s.status = 'open' order by s.draw_at desc limit 1`),
      )[0];
      if (!pair) throw new Error("no open 2D draw with a 1D draw at its time");
      const at = new Date(pair.draw_at);
      const day = yangonDate(at);
      const oldTwoD = await drawById(t, pair.two_id);

      // The 2D draws of that day go (nobody bet on them); a player bets on the 1D draw, which stays.
      expect((await call(t, "POST", "/api/admin/lottery/2D/off-days", { token: op.token, body: { day } })).statusCode).toBe(200);
      const player = await createUser(t);
      await fund(t, player.id, 10_000);
      const placed = await bet(t, player.token, "1D", pair.one_id, [{ number: "7", amount: 1_000 }]);
      expect(placed.statusCode, placed.body).toBe(201);
      const seen = fairDrawSchema.parse((await call(t, "GET", `/api/lottery/fair/${pair.one_id}`)).json());
      expect(seen.commitment).toBe(oldTwoD.fair_commitment);

      expect((await send(t, "DELETE", `/api/admin/lottery/2D/off-days/${day}`, { token: op.token })).statusCode).toBe(200);
      await scheduler.tick();
      const twoD = await drawAt(t, "2D", at);
      const oneD = await drawById(t, pair.one_id);
      expect(twoD.id).not.toBe(oldTwoD.id);
      // The commitment the player saw stays; the 2D draw does not take a seed somebody already bet on.
      expect(oneD.fair_commitment).toBe(seen.commitment);
      expect(oneD.fair_seed_secret).toBe(oldTwoD.fair_seed_secret);
      expect(twoD.fair_commitment).not.toBe(seen.commitment);
      const before = fairDrawSchema.parse((await call(t, "GET", `/api/lottery/fair/${pair.one_id}`)).json());
      expect(before).toMatchObject({ commitment: seen.commitment, fallback: "no_source_draw" });
      expect(before.derived_from).toBeUndefined();

      // Draw time (both draws just behind the database clock, at the same instant).
      const moved = rowsOf<{ draw_at: Date | string }>(
        await t.ctx.db.execute(sql`
          update draws set closes_at = now() - interval '2 seconds', draw_at = now() - interval '1 second'
           where id in (${twoD.id}, ${oneD.id}) returning draw_at`),
      )[0];
      clock.set(new Date(new Date(moved?.draw_at ?? 0).getTime() + 5_000));
      await scheduler.tick();
      const [twoDAfter, oneDAfter] = [await drawById(t, twoD.id), await drawById(t, oneD.id)];
      expect(twoDAfter.status).toBe("settled");
      expect(oneDAfter.status).toBe("settled");
      // The 1D seed is the one behind the commitment the player bet on, and its number is drawn on its own id.
      expect(oneDAfter.fair_seed).toBe(oldTwoD.fair_seed_secret);
      const fair = fairDrawSchema.parse((await call(t, "GET", `/api/lottery/fair/${oneD.id}`)).json());
      expect(fair).toMatchObject({
        commitment: seen.commitment,
        seed: oldTwoD.fair_seed_secret,
        fallback: "no_source_draw",
        verified: true,
      });
      expect(
        await verifyFairDraw({
          seed: fair.seed ?? "",
          commitment: seen.commitment,
          drawId: oneD.id,
          type: "1D",
          number: oneDAfter.result ?? "",
        }),
      ).toBe(true);
      await expectLedgerClean(t);
    });
  });
});
