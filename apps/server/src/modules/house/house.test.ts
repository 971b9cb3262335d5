import { houseCrashResultSchema, houseRoundListSchema, houseSessionInfoSchema, houseSpinResultSchema } from "@shwe/contracts";
import { commitSeed, crashRound, SLOT_RTP, slotRound, verifyHouseRound } from "@shwe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { call, expectErrorBody, expectLedgerClean, fund, moneySnapshot } from "../ledger/testing.ts";
import {
  CRASH_LAUNCH,
  gameBalance,
  houseCall,
  housePlayer,
  houseRoundRow,
  launch,
  SLOT_LAUNCH,
  walletRowsOfRound,
} from "./house.test-helpers.ts";

describe("Shwe House Games (built-in provider)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { enabled: false, factor: 1 } } });
  });
  afterAll(async () => t.close());

  describe("launch and play sessions", () => {
    it("gives the player a launch URL (one-time code) for their own account only", async () => {
      const p = await housePlayer(t, 5_000);
      const { url, session } = await launch(t, p, { ...SLOT_LAUNCH, language: "en" });
      expect(url).toMatch(/^\/house\/house-slot\?launch=[A-Za-z0-9_-]{43}&lang=en$/);
      const info = houseSessionInfoSchema.parse((await houseCall(t, "GET", "/house/api/session", session)).json());
      expect(info).toMatchObject({ game: "house-slot", language: "en", balance: 5_000, rtp: SLOT_RTP });

      const crash = await launch(t, p, CRASH_LAUNCH);
      expect(crash.url).toMatch(/^\/house\/house-crash\?launch=.+&lang=mm$/);
      expect(houseSessionInfoSchema.parse((await houseCall(t, "GET", "/house/api/session", crash.session)).json())).toMatchObject({
        game: "house-crash",
        min_cash_out: 1.01,
        max_cash_out: 100,
      });

      // Nobody can launch for another player.
      const other = await housePlayer(t, 5_000);
      const res = await call(t, "POST", "/api/getgamelaunch", { token: p.token, body: { ...SLOT_LAUNCH, user_code: other.userCode } });
      expectErrorBody(res, 403, "FORBIDDEN");
      // The slot does not launch from the crash category.
      expectErrorBody(
        await call(t, "POST", "/api/getgamelaunch", { token: p.token, body: { ...SLOT_LAUNCH, cate_code: "crash" } }),
        404,
        "NOT_FOUND",
      );
      expectErrorBody(await call(t, "POST", "/api/getgamelaunch", { body: SLOT_LAUNCH }), 401, "UNAUTHENTICATED");
    });

    it("refuses a missing or unknown session token, the bearer token, and another game's session", async () => {
      expectErrorBody(await houseCall(t, "GET", "/house/api/session", undefined), 401, "UNAUTHENTICATED");
      expectErrorBody(await houseCall(t, "GET", "/house/api/session", "not-a-session"), 401, "UNAUTHENTICATED");
      const p = await housePlayer(t, 5_000);
      const { session } = await launch(t, p, CRASH_LAUNCH);
      expectErrorBody(await houseCall(t, "POST", "/house/api/spin", session, { body: { bet: 100 } }), 400, "WRONG_GAME");
      // The player's bearer token is not a play session.
      expectErrorBody(await houseCall(t, "GET", "/house/api/session", p.token), 401, "UNAUTHENTICATED");
      expectErrorBody(await houseCall(t, "GET", "/house/api/nothing-here", session), 404, "NOT_FOUND");
    });
  });

  it("documents the house endpoints in the OpenAPI document", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(expect.arrayContaining(["/house/api/session", "/house/api/spin", "/house/api/crash/play", "/house/api/rounds"]));
  });

  describe("slot", () => {
    it("a spin debits and credits through the signed wallet API; the game balance moves by payout − bet; the proof verifies", async () => {
      const p = await housePlayer(t, 20_000);
      const { session } = await launch(t, p);
      const info = houseSessionInfoSchema.parse((await houseCall(t, "GET", "/house/api/session", session)).json());
      const res = await houseCall(t, "POST", "/house/api/spin", session, { body: { bet: 1_000 } });
      expect(res.statusCode).toBe(200);
      const spin = houseSpinResultSchema.parse(res.json());

      expect(spin.commitment).toBe(info.commitment);
      expect(await commitSeed(spin.seed)).toBe(spin.commitment);
      const expected = await slotRound(spin.seed, spin.round_id, 1_000);
      expect(spin.reels).toEqual(expected.reels);
      expect(spin.payout).toBe(expected.payout);
      expect(spin.lines).toEqual(expected.lines);
      expect(spin.balance).toBe(20_000 - 1_000 + spin.payout);
      expect(await gameBalance(t, p.id)).toBe(spin.balance);

      const rows = await walletRowsOfRound(t, spin.round_id);
      expect(rows.map((r) => [r.transaction_id, r.action, r.amount, r.status])).toEqual([
        [`${spin.round_id}:debit`, "debit", 1_000, "OK"],
        [`${spin.round_id}:credit`, "credit", spin.payout, "OK"],
      ]);
      expect(await houseRoundRow(t, spin.round_id)).toMatchObject({ status: "settled", wallet_status: "OK" });

      // The next round is already committed to, and the session shows it.
      const after = houseSessionInfoSchema.parse((await houseCall(t, "GET", "/house/api/session", session)).json());
      expect(after.commitment).toBe(spin.next_commitment);
      expect(after.balance).toBe(spin.balance);
      await expectLedgerClean(t);
    });

    it("many spins: every commitment is the previous next_commitment, the history proves each round and the balance adds up", async () => {
      const start = 50_000;
      const p = await housePlayer(t, start);
      const { session } = await launch(t, p);
      let commitment = houseSessionInfoSchema.parse((await houseCall(t, "GET", "/house/api/session", session)).json()).commitment;
      let net = 0;
      const bets = [100, 200, 500, 1_000, 2_000, 100, 500, 100, 200, 100, 1_000, 100];
      for (const bet of bets) {
        const spin = houseSpinResultSchema.parse((await houseCall(t, "POST", "/house/api/spin", session, { body: { bet } })).json());
        expect(spin.commitment).toBe(commitment);
        commitment = spin.next_commitment;
        net += spin.payout - bet;
        expect(spin.balance).toBe(start + net);
      }
      expect(await gameBalance(t, p.id)).toBe(start + net);

      const history = houseRoundListSchema.parse((await houseCall(t, "GET", "/house/api/rounds?limit=50", session)).json()).data;
      expect(history).toHaveLength(bets.length);
      expect(history.map((r) => r.bet)).toEqual([...bets].reverse());
      for (const round of history) {
        expect(round.status).toBe("settled");
        if (!round.seed || !round.reels) throw new Error("a settled round shows its proof");
        const check = await verifyHouseRound({
          game: "house-slot",
          roundId: round.round_id,
          seed: round.seed,
          commitment: round.commitment,
          bet: round.bet,
          reels: round.reels,
          payout: round.payout,
        });
        expect(check).toEqual({ commitment: true, outcome: true });
      }
      await expectLedgerClean(t);
    });

    it("refuses a bet above the game balance with 422 INSUFFICIENT_FUNDS and the balance, moving nothing", async () => {
      const p = await housePlayer(t, 300);
      const { session } = await launch(t, p);
      const before = await moneySnapshot(t.ctx.db);
      const res = await houseCall(t, "POST", "/house/api/spin", session, { body: { bet: 500 } });
      expectErrorBody(res, 422, "INSUFFICIENT_FUNDS");
      expect(res.json().details).toEqual({ balance: 300 });
      expect(res.json().message).toContain("Transfer from the main balance first");
      expect(await moneySnapshot(t.ctx.db)).toEqual(before);
      expect(await gameBalance(t, p.id)).toBe(300);
      const history = houseRoundListSchema.parse((await houseCall(t, "GET", "/house/api/rounds", session)).json()).data;
      expect(history).toEqual([]);
      // A bet the balance covers still plays.
      expect((await houseCall(t, "POST", "/house/api/spin", session, { body: { bet: 200 } })).statusCode).toBe(200);
      await expectLedgerClean(t);
    });

    it("answers bad input with 400 and the error body, changing nothing", async () => {
      const p = await housePlayer(t, 5_000);
      const { session } = await launch(t, p);
      const before = await moneySnapshot(t.ctx.db);
      for (const body of [{ bet: 123 }, { bet: 0 }, { bet: -100 }, { bet: 100.5 }, { bet: "100" }, {}, { bet: 100, balance: 1 }]) {
        expectErrorBody(await houseCall(t, "POST", "/house/api/spin", session, { body }), 400, "VALIDATION_FAILED");
      }
      const raw = await t.app.inject({
        method: "POST",
        url: "/house/api/spin",
        headers: { "x-house-session": session, "content-type": "application/json" },
        payload: "{bet:",
      });
      expectErrorBody(raw, 400, "VALIDATION_FAILED");
      expect(await moneySnapshot(t.ctx.db)).toEqual(before);
    });

    it("a spin repeated with the same Idempotency-Key answers the same round (Idempotent-Replayed: true) and bets once", async () => {
      const p = await housePlayer(t, 5_000);
      const { session } = await launch(t, p);
      const headers = { "idempotency-key": "spin-key-1" };
      const firstRes = await houseCall(t, "POST", "/house/api/spin", session, { body: { bet: 500 }, headers });
      expect(firstRes.headers["idempotent-replayed"]).toBeUndefined();
      const first = houseSpinResultSchema.parse(firstRes.json());
      const againRes = await houseCall(t, "POST", "/house/api/spin", session, { body: { bet: 500 }, headers });
      expect(againRes.statusCode).toBe(200);
      expect(againRes.headers["idempotent-replayed"]).toBe("true");
      const again = houseSpinResultSchema.parse(againRes.json());
      expect(again.round_id).toBe(first.round_id);
      expect(again.payout).toBe(first.payout);
      expect(await gameBalance(t, p.id)).toBe(5_000 - 500 + first.payout);
      const mismatch = await houseCall(t, "POST", "/house/api/spin", session, { body: { bet: 1_000 }, headers });
      expectErrorBody(mismatch, 409, "IDEMPOTENCY_MISMATCH");
      expect(mismatch.headers["idempotent-replayed"]).toBeUndefined();
      // Another key plays a new round, not a replay.
      const other = await houseCall(t, "POST", "/house/api/spin", session, {
        body: { bet: 500 },
        headers: { "idempotency-key": "spin-key-2" },
      });
      expect(other.statusCode).toBe(200);
      expect(other.headers["idempotent-replayed"]).toBeUndefined();
      expect(houseSpinResultSchema.parse(other.json()).round_id).not.toBe(first.round_id);
      await expectLedgerClean(t);
    });

    it("a refused spin repeated with the same Idempotency-Key answers the same refusal (Idempotent-Replayed: true), even once the balance covers it", async () => {
      const p = await housePlayer(t, 300);
      const { session } = await launch(t, p);
      const headers = { "idempotency-key": "spin-refused-1" };
      const first = await houseCall(t, "POST", "/house/api/spin", session, { body: { bet: 500 }, headers });
      expectErrorBody(first, 422, "INSUFFICIENT_FUNDS");
      expect(first.headers["idempotent-replayed"]).toBeUndefined();
      await fund(t, p.id, 1_000, "game");
      const before = await moneySnapshot(t.ctx.db);
      const again = await houseCall(t, "POST", "/house/api/spin", session, { body: { bet: 500 }, headers });
      expectErrorBody(again, 422, "INSUFFICIENT_FUNDS");
      expect(again.json()).toEqual(first.json());
      expect(again.headers["idempotent-replayed"]).toBe("true");
      expect(await moneySnapshot(t.ctx.db)).toEqual(before);
      expect(await gameBalance(t, p.id)).toBe(1_300);
      await expectLedgerClean(t);
    });
  });

  describe("crash", () => {
    it("pays bet × cash-out when the rocket reaches it and nothing otherwise, through the wallet; the proof verifies", async () => {
      const p = await housePlayer(t, 100_000);
      const { session } = await launch(t, p, CRASH_LAUNCH);
      let expectedBalance = 100_000;
      for (const target of [1.01, 1.5, 2, 1.01, 3.33, 100, 1.2, 1.01, 5, 1.01]) {
        const res = await houseCall(t, "POST", "/house/api/crash/play", session, { body: { bet: 1_000, auto_cash_out: target } });
        expect(res.statusCode).toBe(200);
        const round = houseCrashResultSchema.parse(res.json());
        const derived = await crashRound(round.seed, round.round_id);
        expect(round.crash_point).toBe(derived.crashPoint / 100);
        expect(await commitSeed(round.seed)).toBe(round.commitment);
        const reached = round.crash_point >= target;
        expect(round.cashed_out_at).toBe(reached ? target : null);
        expect(round.payout).toBe(reached ? Math.round(1_000 * target) : 0);
        expectedBalance += round.payout - 1_000;
        expect(round.balance).toBe(expectedBalance);
        const rows = await walletRowsOfRound(t, round.round_id);
        expect(rows.map((r) => [r.action, r.amount, r.status])).toEqual([
          ["debit", 1_000, "OK"],
          ["credit", round.payout, "OK"],
        ]);
      }
      expect(await gameBalance(t, p.id)).toBe(expectedBalance);
      const history = houseRoundListSchema.parse((await houseCall(t, "GET", "/house/api/rounds", session)).json()).data;
      expect(history).toHaveLength(10);
      expect(history.every((r) => r.game === "house-crash" && r.crash_point !== null && r.reels === null)).toBe(true);
      await expectLedgerClean(t);
    });

    it("a round repeated with the same Idempotency-Key answers the same round (Idempotent-Replayed: true) and bets once", async () => {
      const p = await housePlayer(t, 5_000);
      const { session } = await launch(t, p, CRASH_LAUNCH);
      const headers = { "idempotency-key": "crash-key-1" };
      const body = { bet: 1_000, auto_cash_out: 1.5 };
      const firstRes = await houseCall(t, "POST", "/house/api/crash/play", session, { body, headers });
      expect(firstRes.statusCode).toBe(200);
      expect(firstRes.headers["idempotent-replayed"]).toBeUndefined();
      const first = houseCrashResultSchema.parse(firstRes.json());
      const againRes = await houseCall(t, "POST", "/house/api/crash/play", session, { body, headers });
      expect(againRes.statusCode).toBe(200);
      expect(againRes.headers["idempotent-replayed"]).toBe("true");
      expect(houseCrashResultSchema.parse(againRes.json())).toMatchObject({ round_id: first.round_id, payout: first.payout });
      expect(await gameBalance(t, p.id)).toBe(5_000 - 1_000 + first.payout);

      // A refusal is kept the same way.
      const poor = await housePlayer(t, 100);
      const poorSession = (await launch(t, poor, CRASH_LAUNCH)).session;
      const refusedHeaders = { "idempotency-key": "crash-refused-1" };
      const refused = await houseCall(t, "POST", "/house/api/crash/play", poorSession, { body, headers: refusedHeaders });
      expectErrorBody(refused, 422, "INSUFFICIENT_FUNDS");
      expect(refused.headers["idempotent-replayed"]).toBeUndefined();
      const refusedAgain = await houseCall(t, "POST", "/house/api/crash/play", poorSession, { body, headers: refusedHeaders });
      expectErrorBody(refusedAgain, 422, "INSUFFICIENT_FUNDS");
      expect(refusedAgain.headers["idempotent-replayed"]).toBe("true");
      await expectLedgerClean(t);
    });

    it("refuses a cash-out outside 1.01–100 or with more than two decimals, and a slot session", async () => {
      const p = await housePlayer(t, 5_000);
      const { session } = await launch(t, p, CRASH_LAUNCH);
      for (const auto_cash_out of [1, 1.005, 100.01, 0, -2, 2.345]) {
        expectErrorBody(
          await houseCall(t, "POST", "/house/api/crash/play", session, { body: { bet: 100, auto_cash_out } }),
          400,
          "VALIDATION_FAILED",
        );
      }
      expectErrorBody(
        await houseCall(t, "POST", "/house/api/crash/play", session, { body: { bet: 150, auto_cash_out: 2 } }),
        400,
        "VALIDATION_FAILED",
      );
      const slot = await launch(t, p);
      expectErrorBody(
        await houseCall(t, "POST", "/house/api/crash/play", slot.session, { body: { bet: 100, auto_cash_out: 2 } }),
        400,
        "WRONG_GAME",
      );
      expect(await gameBalance(t, p.id)).toBe(5_000);
    });
  });
});
