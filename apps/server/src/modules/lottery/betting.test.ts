import { betResponseSchema, boardResponseSchema, linesRejectedDetailsSchema } from "@shwe/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { balancesOf, call, createUser, expectErrorBody, expectLedgerClean, fund, moneySnapshot, type TestUser } from "../ledger/testing.ts";
import { bet, createDraw, lotteryCounts, setLimits } from "./lottery.test-helpers.ts";
import { readGame, readGameAndLimits, readLimits } from "./lottery-config.ts";

describe("placing a slip (POST /api/user/betting…)", () => {
  let t: TestApp;
  let player: TestUser;
  let draw2d: number;

  beforeAll(async () => {
    t = await createTestApp();
    player = await createUser(t);
    await fund(t, player.id, 1_000_000);
    draw2d = await createDraw(t, "2D");
  });
  afterAll(async () => t.close());

  it("debits the total, copies the odds onto each line and adds to the numbers' exposure", async () => {
    const before = await balancesOf(t, player.id);
    const res = await bet(t, player.token, "2D", draw2d, [
      { number: "07", amount: 1_000 },
      { number: "70", amount: 2_500 },
    ]);
    expect(res.statusCode).toBe(201);
    const body = betResponseSchema.parse(res.json());
    expect(body).toEqual({ slip_id: expect.any(Number), total: 3_500, balance: before.balance - 3_500 });
    expect((await balancesOf(t, player.id)).balance).toBe(before.balance - 3_500);

    const lines = rowsOf<{ number: string; amount: number; odds: number; status: string }>(
      await t.ctx.db.execute(sql`select number, amount, odds, status from bet_lines where slip_id = ${body.slip_id} order by number`),
    );
    expect(lines).toEqual([
      { number: "07", amount: 1_000, odds: 85, status: "pending" },
      { number: "70", amount: 2_500, odds: 85, status: "pending" },
    ]);
    const board = boardResponseSchema.parse((await call(t, "POST", "/api/new_two_d", { body: { draw_id: draw2d } })).json());
    expect(board.numbers.find((n) => n.number === "07")).toEqual({ number: "07", remaining: 999_000, hot: false, blocked: false });
    expect(board.numbers).toHaveLength(100);
    expect(board.limits).toEqual({ min_stake: 100, max_stake: 100_000, max_lines: 100, number_cap: 1_000_000, hot_cap: 200_000 });
    await expectLedgerClean(t);
  });

  it("answers the same slip again for a repeated Idempotency-Key, and 409 for the same key with another body", async () => {
    const headers = { "idempotency-key": "slip-key-1" };
    const lines = [{ number: "33", amount: 500 }];
    const first = await bet(t, player.token, "2D", draw2d, lines, headers);
    expect(first.statusCode).toBe(201);
    const counts = await lotteryCounts(t);
    const again = await bet(t, player.token, "2D", draw2d, lines, headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(await lotteryCounts(t)).toEqual(counts);
    const other = await bet(t, player.token, "2D", draw2d, [{ number: "34", amount: 500 }], headers);
    expectErrorBody(other, 409, "IDEMPOTENCY_MISMATCH");
    expect(await lotteryCounts(t)).toEqual(counts);
    await expectLedgerClean(t);
  });

  it("works for every game with its own numbers and odds", async () => {
    const cases = [
      { type: "1D", number: "7", odds: 9 },
      { type: "3D", number: "007", odds: 600 },
      { type: "C1D", number: "0", odds: 9 },
      { type: "C2D", number: "99", odds: 85 },
    ] as const;
    for (const c of cases) {
      const drawId = await createDraw(t, c.type);
      const res = await bet(t, player.token, c.type, drawId, [{ number: c.number, amount: 100 }]);
      expect(res.statusCode, c.type).toBe(201);
      const [line] = rowsOf<{ odds: number }>(
        await t.ctx.db.execute(sql`select odds from bet_lines where slip_id = ${res.json().slip_id}`),
      );
      expect(line?.odds).toBe(c.odds);
    }
    await expectLedgerClean(t);
  });

  describe("refusals change nothing", () => {
    const refusals: {
      name: string;
      lines?: { number: unknown; amount: unknown }[];
      body?: unknown;
      status: number;
      code: string;
      rejected?: unknown;
    }[] = [
      {
        name: "a number out of range",
        lines: [{ number: "100", amount: 100 }],
        status: 422,
        code: "LINES_REJECTED",
        rejected: [{ number: "100", reason: "INVALID_NUMBER" }],
      },
      {
        name: "a 2D number with one digit",
        lines: [{ number: "7", amount: 100 }],
        status: 422,
        code: "LINES_REJECTED",
        rejected: [{ number: "7", reason: "INVALID_NUMBER" }],
      },
      {
        name: "letters as a number",
        lines: [{ number: "ab", amount: 100 }],
        status: 422,
        code: "LINES_REJECTED",
        rejected: [{ number: "ab", reason: "INVALID_NUMBER" }],
      },
      { name: "a number sent as a JSON number", lines: [{ number: 12, amount: 100 }], status: 400, code: "VALIDATION_FAILED" },
      { name: "a very long number", lines: [{ number: "1".repeat(50), amount: 100 }], status: 400, code: "VALIDATION_FAILED" },
      {
        name: "the same number twice",
        lines: [
          { number: "12", amount: 100 },
          { number: "12", amount: 200 },
        ],
        status: 400,
        code: "VALIDATION_FAILED",
      },
      {
        name: "a stake below the minimum",
        lines: [{ number: "12", amount: 50 }],
        status: 422,
        code: "LINES_REJECTED",
        rejected: [{ number: "12", reason: "BELOW_MIN", remaining: 1_000_000 }],
      },
      {
        name: "a stake above the maximum",
        lines: [{ number: "12", amount: 100_001 }],
        status: 422,
        code: "LINES_REJECTED",
        rejected: [{ number: "12", reason: "ABOVE_MAX", remaining: 1_000_000 }],
      },
      { name: "a zero stake", lines: [{ number: "12", amount: 0 }], status: 400, code: "VALIDATION_FAILED" },
      { name: "a negative stake", lines: [{ number: "12", amount: -100 }], status: 400, code: "VALIDATION_FAILED" },
      { name: "a fractional stake", lines: [{ number: "12", amount: 100.5 }], status: 400, code: "VALIDATION_FAILED" },
      { name: "a stake as text", lines: [{ number: "12", amount: "100" }], status: 400, code: "VALIDATION_FAILED" },
      { name: "a huge stake", lines: [{ number: "12", amount: 2 ** 53 }], status: 400, code: "VALIDATION_FAILED" },
      { name: "an empty slip", lines: [], status: 400, code: "VALIDATION_FAILED" },
      {
        name: "10,000 lines",
        lines: Array.from({ length: 10_000 }, (_, i) => ({ number: String(i % 100).padStart(2, "0"), amount: 100 })),
        status: 400,
        code: "VALIDATION_FAILED",
      },
      {
        name: "more lines than the game allows",
        lines: Array.from({ length: 101 }, (_, i) => ({ number: String(i).padStart(3, "0"), amount: 100 })),
        status: 400,
        code: "VALIDATION_FAILED",
      },
      {
        name: "an unknown field",
        body: { draw_id: 1, lines: [{ number: "12", amount: 100 }], balance: 5 },
        status: 400,
        code: "VALIDATION_FAILED",
      },
      {
        name: "a line with an extra field",
        lines: [{ number: "12", amount: 100, odds: 1000 } as never],
        status: 400,
        code: "VALIDATION_FAILED",
      },
    ];

    for (const r of refusals) {
      it(`${r.name} → ${r.status} ${r.code}`, async () => {
        const money = await moneySnapshot(t.ctx.db);
        const counts = await lotteryCounts(t);
        const res = r.body
          ? await call(t, "POST", "/api/user/betting", { token: player.token, body: r.body })
          : await bet(t, player.token, "2D", draw2d, r.lines ?? []);
        expectErrorBody(res, r.status, r.code);
        if (r.rejected) expect(linesRejectedDetailsSchema.parse(res.json().details).rejected).toEqual(r.rejected);
        expect(await moneySnapshot(t.ctx.db)).toEqual(money);
        expect(await lotteryCounts(t)).toEqual(counts);
      });
    }

    const expectUnchanged = async (send: () => Promise<{ statusCode: number; json(): unknown }>, status: number, code: string) => {
      const money = await moneySnapshot(t.ctx.db);
      const counts = await lotteryCounts(t);
      const res = await send();
      expectErrorBody(res, status, code);
      expect(await moneySnapshot(t.ctx.db)).toEqual(money);
      expect(await lotteryCounts(t)).toEqual(counts);
      return res;
    };

    it("an unknown draw → 404, another game's draw → 422 WRONG_GAME", async () => {
      await expectUnchanged(() => bet(t, player.token, "2D", 987_654, [{ number: "12", amount: 100 }]), 404, "NOT_FOUND");
      const oneD = await createDraw(t, "1D");
      const res = await expectUnchanged(() => bet(t, player.token, "2D", oneD, [{ number: "12", amount: 100 }]), 422, "WRONG_GAME");
      expect((res.json() as { details: unknown }).details).toEqual({ draw_type: "1D" });
    });

    it("a draw past its cut-off by the database clock, or void → 422 BETTING_CLOSED", async () => {
      const closed = await createDraw(t, "2D", { closesIn: -5 });
      await expectUnchanged(() => bet(t, player.token, "2D", closed, [{ number: "12", amount: 100 }]), 422, "BETTING_CLOSED");
      const voided = await createDraw(t, "2D", { closesIn: 7200 });
      await t.ctx.db.execute(sql`update draws set status = 'void', void_reason = 'market closed' where id = ${voided}`);
      await expectUnchanged(() => bet(t, player.token, "2D", voided, [{ number: "12", amount: 100 }]), 422, "BETTING_CLOSED");
    });

    it("more than the main balance → 422 INSUFFICIENT_FUNDS", async () => {
      const poor = await createUser(t);
      await fund(t, poor.id, 150);
      await expectUnchanged(
        () =>
          bet(t, poor.token, "2D", draw2d, [
            { number: "40", amount: 100 },
            { number: "41", amount: 100 },
          ]),
        422,
        "INSUFFICIENT_FUNDS",
      );
      expect((await balancesOf(t, poor.id)).balance).toBe(150);
    });

    it("blocked and hot numbers: refused whole with every offending number and its remaining room", async () => {
      await t.ctx.db.execute(
        sql`insert into number_rules (type, number, hot, blocked) values ('2D', '13', false, true), ('2D', '14', true, false)`,
      );
      await setLimits(t, "2D", { hot_cap: 5_000 });
      const first = await bet(t, player.token, "2D", draw2d, [{ number: "14", amount: 4_000 }]);
      expect(first.statusCode).toBe(201);
      const res = await expectUnchanged(
        () =>
          bet(t, player.token, "2D", draw2d, [
            { number: "13", amount: 100 },
            { number: "14", amount: 1_500 },
            { number: "15", amount: 100 },
          ]),
        422,
        "LINES_REJECTED",
      );
      expect(linesRejectedDetailsSchema.parse((res.json() as { details: unknown }).details).rejected).toEqual([
        { number: "13", reason: "BLOCKED", remaining: 0 },
        { number: "14", reason: "OVER_LIMIT", remaining: 1_000 },
      ]);
      const board = boardResponseSchema.parse((await call(t, "POST", "/api/new_two_d", { body: { draw_id: draw2d } })).json());
      expect(board.numbers.filter((n) => n.hot || n.blocked)).toEqual([
        { number: "13", remaining: 0, hot: false, blocked: true },
        { number: "14", remaining: 1_000, hot: true, blocked: false },
      ]);
      await setLimits(t, "2D", {});
      await t.ctx.db.execute(sql`delete from number_rules`);
    });

    it("no token → 401", async () => {
      await expectUnchanged(
        () => call(t, "POST", "/api/user/betting", { body: { draw_id: draw2d, lines: [{ number: "12", amount: 100 }] } }),
        401,
        "UNAUTHENTICATED",
      );
    });
  });

  it("reads a game and its limits in one statement exactly as readGame and readLimits do", async () => {
    const same = async (type: "1D" | "3D") => {
      const { fingerprint, ...read } = await readGameAndLimits(t.ctx.db, type);
      expect(read).toEqual({ game: await readGame(t.ctx.db, type), limits: await readLimits(t.ctx.db, type) });
      expect(fingerprint?.game).toMatch(/^[0-9a-f]{32}$/);
    };
    const key = "lottery.limits.1D";
    await t.ctx.db.execute(sql`delete from settings where key = ${key}`);
    await same("1D");
    await setLimits(t, "1D", { max_lines: 7, number_cap: 123_456 });
    await same("1D");
    expect((await readGameAndLimits(t.ctx.db, "1D")).limits.max_lines).toBe(7);
    for (const broken of [{ value: { max_lines: "many" } }, { value: null }, { other: 1 }, "text"]) {
      await t.ctx.db.execute(sql`update settings set value = ${JSON.stringify(broken)}::jsonb where key = ${key}`);
      await same("1D");
    }
    await t.ctx.db.execute(sql`delete from settings where key = ${key}`);
    await same("3D");
  });

  it("the board of an unknown draw is 404 and of another game's draw 422; 3D reads draw_id from the query", async () => {
    expectErrorBody(await call(t, "POST", "/api/new_two_d", { body: { draw_id: 999_999 } }), 404, "NOT_FOUND");
    expectErrorBody(await call(t, "POST", "/api/new_one_d", { body: { draw_id: draw2d } }), 422, "WRONG_GAME");
    const threeD = await createDraw(t, "3D");
    const res = await call(t, "GET", `/api/three_d?draw_id=${threeD}`);
    expect(res.statusCode).toBe(200);
    const board = boardResponseSchema.parse(res.json());
    expect(board.numbers).toHaveLength(1000);
    expect(board.numbers[7]).toEqual({ number: "007", remaining: 1_000_000, hot: false, blocked: false });
    expectErrorBody(await call(t, "GET", "/api/three_d?draw_id=abc"), 400, "VALIDATION_FAILED");
  });
});
