import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { propertyRuns, propertyTimeout } from "../../test/property-runs.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { createSystemAccount } from "../ledger/ledger.repository.ts";
import { createUser, expectErrorBody, expectLedgerClean, fund, type TestUser } from "../ledger/testing.ts";
import { betPathCounts, setOneCallBets } from "./betting.service.ts";
import { bet, createDraw, setLimits } from "./lottery.test-helpers.ts";

/**
 * A slip in one database call (bet_place) must be indistinguishable from the general path: the same
 * answers and the same rows, whatever the slips. App `one` tries the one call first; app `general`
 * has it switched off. Both get the same players, rules, limits and slips.
 */
const LIMITS = { min_stake: 100, max_stake: 2_000, max_lines: 3, number_cap: 3_000, hot_cap: 500 };
/** Mostly slips that can be accepted; now and then a blocked or invalid number, or a stake out of bounds. */
const numberArb = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom("00", "07", "31", "42", "64", "99") },
  { weight: 1, arbitrary: fc.constantFrom("13", "5", "123") },
);
const amountArb = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(100, 400, 600, 1_500) },
  { weight: 1, arbitrary: fc.constantFrom(50, 2_500) },
);

interface Slip {
  player: 0 | 1;
  lines: { number: string; amount: number }[];
  /** none: no Idempotency-Key; fresh: a new key; reuse: the player's previous key with this body; repeat: the previous request again. */
  key: "none" | "fresh" | "reuse" | "repeat";
}

const slipArb: fc.Arbitrary<Slip> = fc.record({
  player: fc.constantFrom(0 as const, 1 as const),
  lines: fc.oneof(
    { weight: 6, arbitrary: fc.array(fc.record({ number: numberArb, amount: amountArb }), { minLength: 1, maxLength: 3 }) },
    { weight: 1, arbitrary: fc.array(fc.record({ number: numberArb, amount: amountArb }), { minLength: 4, maxLength: 4 }) },
  ),
  key: fc.constantFrom("none", "fresh", "fresh", "reuse", "repeat"),
});

interface Side {
  t: TestApp;
  players: TestUser[];
  drawId: number;
  slipIds: Map<number, number>;
}

describe("bets in one database call", () => {
  let one: TestApp;
  let general: TestApp;
  beforeAll(async () => {
    [one, general] = await Promise.all([createTestApp(), createTestApp()]);
    setOneCallBets(general.ctx, false);
    for (const t of [one, general]) {
      await setLimits(t, "2D", LIMITS);
      await t.ctx.db.execute(sql`
        insert into number_rules (type, number, hot, blocked) values ('2D', '07', true, false), ('2D', '13', false, true)
        on conflict (type, number) do update set hot = excluded.hot, blocked = excluded.blocked`);
      // The lottery's house accounts as after the first bets (a shard's very first bet creates it: general path).
      for (let shard = 0; shard < 16; shard++) await createSystemAccount(t.ctx.db, `house:lottery:${shard}`);
    }
  });
  afterAll(async () => {
    await expectLedgerClean(one);
    await expectLedgerClean(general);
    await Promise.all([one.close(), general.close()]);
  });

  async function side(t: TestApp, funds: readonly [number, number]): Promise<Side> {
    const players: TestUser[] = [];
    for (const amount of funds) {
      const u = await createUser(t);
      if (amount > 0) await fund(t, u.id, amount);
      players.push(u);
    }
    return { t, players, drawId: await createDraw(t, "2D"), slipIds: new Map() };
  }

  /** An answer with slip ids replaced by their order of appearance on that side. */
  function normalised(s: Side, status: number, body: Record<string, unknown>) {
    if (typeof body.slip_id !== "number") return { status, body };
    if (!s.slipIds.has(body.slip_id)) s.slipIds.set(body.slip_id, s.slipIds.size + 1);
    return { status, body: { ...body, slip_id: s.slipIds.get(body.slip_id) } };
  }

  /** What the slips left behind on one side, with nothing that differs between two databases. */
  async function state(s: Side) {
    const ids = s.players.map((p) => p.id);
    const idList = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    const q = async (query: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await s.t.ctx.db.execute(query));
    const balances = await q(
      sql`select user_id, kind, balance::text from ledger_accounts where user_id in (${idList}) order by user_id, kind`,
    );
    const exposure = await q(
      sql`select number, staked::text from number_exposure where draw_id = ${s.drawId} and staked > 0 order by number`,
    );
    const lines = await q(sql`
      select s.user_id, l.number, l.amount::text, l.odds, s.total::text, s.unique_key is not null as keyed
        from bet_lines l join bet_slips s on s.id = l.slip_id where s.draw_id = ${s.drawId} order by s.id, l.id`);
    const journals = await q(sql`
      select j.kind, j.user_id, j.memo, j.meta - 'draw_id' as meta, a.kind as account, a.code, e.amount::text, e.balance_after::text
        from journals j join journal_entries e on e.journal_id = j.id join ledger_accounts a on a.id = e.account_id
       where j.user_id in (${idList}) and j.kind = 'lottery_bet' order by j.id, e.id`);
    const keys = await q(sql`
      select user_id, key, route, status_code, response - 'slip_id' as response from idempotency_keys
       where user_id in (${idList}) order by user_id, key`);
    const outbox = await q(sql`select user_id, payload->>'kind' as kind from outbox where user_id in (${idList}) order by id`);
    const byPlayer = (id: unknown) => ids.indexOf(Number(id));
    const plain = (rows: Record<string, unknown>[]): Record<string, unknown>[] =>
      rows.map((r) => ("user_id" in r ? { ...r, user_id: byPlayer(r.user_id) } : r));
    return {
      balances: plain(balances),
      exposure,
      lines: plain(lines),
      journals: plain(journals).map((j) => ({ ...j, code: typeof j.code === "string" ? "house" : null })),
      keys: plain(keys),
      outbox: plain(outbox),
    };
  }

  it("random slips: the same answers and the same rows with and without the one call", { timeout: propertyTimeout(60_000) }, async () => {
    const before = betPathCounts(one.ctx);
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(fc.constantFrom(0, 300, 5_000), fc.constantFrom(800, 20_000)),
        fc.array(slipArb, { minLength: 1, maxLength: 8 }),
        async (funds, slips) => {
          const sides = [await side(one, funds), await side(general, funds)] as const;
          const answers: unknown[][] = [[], []];
          const lastKey: (string | undefined)[] = [undefined, undefined];
          let previous: { player: number; lines: Slip["lines"]; key: string | undefined } | undefined;
          for (const slip of slips) {
            let request: { player: number; lines: Slip["lines"]; key: string | undefined };
            if (slip.key === "repeat" && previous) request = previous;
            else {
              const key = slip.key === "none" ? undefined : slip.key === "reuse" ? (lastKey[slip.player] ?? randomUUID()) : randomUUID();
              request = { player: slip.player, lines: slip.lines, key };
            }
            if (request.key) lastKey[request.player] = request.key;
            previous = request;
            for (const [i, s] of sides.entries()) {
              const player = s.players[request.player] as TestUser;
              const headers: Record<string, string> = request.key ? { "idempotency-key": request.key } : {};
              const res = await bet(s.t, player.token, "2D", s.drawId, request.lines, headers);
              answers[i]?.push({
                ...normalised(s, res.statusCode, res.json() as Record<string, unknown>),
                replayed: res.headers["idempotent-replayed"] ?? null,
              });
            }
          }
          expect(answers[0]).toEqual(answers[1]);
          accepted += (answers[0] as { status: number; replayed: unknown }[]).filter((a) => a.status === 201 && a.replayed === null).length;
          expect(await state(sides[0])).toEqual(await state(sides[1]));
        },
      ),
      {
        ...propertyRuns(20),
        examples: [
          // Six slips the funded player can pay and one the player without funds cannot: the bounds below
          // hold whatever the random runs draw.
          [
            [0, 20_000],
            [
              ...["00", "31", "42", "64", "99", "31"].map(
                (number): Slip => ({ player: 1, lines: [{ number, amount: 100 }], key: "fresh" }),
              ),
              { player: 0, lines: [{ number: "42", amount: 400 }], key: "fresh" },
            ],
          ],
        ],
      },
    );
    // The property means something only if the one call took the accepted slips: every one of them here.
    expect(accepted).toBeGreaterThan(5);
    expect(betPathCounts(one.ctx).oneCall - before.oneCall).toBe(accepted);
    expect(betPathCounts(general.ctx).oneCall).toBe(0);
    // …and refused slips were answered from bet_place's reason, without the general path.
    expect(betPathCounts(one.ctx).refused - before.refused).toBeGreaterThan(0);
    expect(betPathCounts(general.ctx).refused).toBe(0);
  });

  /**
   * One case per reason bet_place gives (migration 0039, decision 0023): the same slip on both sides
   * after the same preparation answers the same (status, body, replay header) and leaves the same
   * rows; on the one-call side a final reason is answered from the reason (counted `refused`, the
   * general path not run) and any other goes to the general path.
   */
  interface ReasonCase {
    reason: string;
    path: "oneCall" | "refused" | "general";
    funds?: readonly [number, number];
    /** Run on each side before the slip; answers the draw to bet on when not the side's own. */
    prepare?: (s: Side) => Promise<number | undefined>;
    /** The slip's lines; one line of 100 on 42 when not given. */
    lines?: { number: string; amount: number }[];
    /** The slip's Idempotency-Key: none, a fresh one (when not given), or the one of the slip `prepare` sent. */
    key?: "none" | "fresh" | "prepared";
    status: number;
    code?: string;
    details?: Record<string, unknown>;
  }

  const PREPARED_KEY = "prepared-slip-key";
  const exclude = (until: string | null, forever: boolean) => async (s: Side) => {
    const id = (s.players[0] as TestUser).id;
    await s.t.ctx.db.execute(sql`update users set excluded_forever = ${forever}, excluded_until = ${until}::timestamptz where id = ${id}`);
    return undefined;
  };
  const betFirst = (player: 0 | 1, lines: { number: string; amount: number }[], key?: string) => async (s: Side) => {
    const headers: Record<string, string> = key ? { "idempotency-key": key } : {};
    await bet(s.t, (s.players[player] as TestUser).token, "2D", s.drawId, lines, headers);
    return undefined;
  };

  const reasonCases: ReasonCase[] = [
    {
      reason: "SELF_EXCLUDED until a time",
      path: "refused",
      prepare: exclude("2099-03-04 05:06:07.089567+00", false),
      status: 403,
      code: "SELF_EXCLUDED",
    },
    {
      reason: "SELF_EXCLUDED for good",
      path: "refused",
      prepare: exclude(null, true),
      key: "none",
      status: 403,
      code: "SELF_EXCLUDED",
      details: { until: null, indefinite: true },
    },
    {
      reason: "a break that has ended",
      path: "refused",
      funds: [300, 800],
      prepare: exclude("2001-01-01 00:00:00+00", false),
      lines: [{ number: "42", amount: 400 }],
      key: "none",
      status: 422,
      code: "INSUFFICIENT_FUNDS",
    },
    {
      reason: "PROTECTED (limits of the player's own)",
      path: "general",
      prepare: async (s) => {
        await s.t.ctx.db.execute(
          sql`insert into player_limits (user_id, kind, period, amount) values (${(s.players[0] as TestUser).id}, 'stake', 'day', 300)`,
        );
        return undefined;
      },
      lines: [{ number: "42", amount: 400 }],
      status: 422,
      code: "LIMIT_REACHED",
    },
    {
      reason: "KEY_TAKEN (an accepted slip repeated)",
      path: "general",
      prepare: betFirst(0, [{ number: "42", amount: 100 }], PREPARED_KEY),
      key: "prepared",
      status: 201,
    },
    {
      reason: "KEY_TAKEN (a refused slip repeated)",
      path: "general",
      funds: [300, 800],
      prepare: betFirst(0, [{ number: "42", amount: 400 }], PREPARED_KEY),
      lines: [{ number: "42", amount: 400 }],
      key: "prepared",
      status: 422,
      code: "INSUFFICIENT_FUNDS",
    },
    {
      reason: "KEY_TAKEN (another body)",
      path: "general",
      prepare: betFirst(0, [{ number: "42", amount: 100 }], PREPARED_KEY),
      lines: [{ number: "42", amount: 200 }],
      key: "prepared",
      status: 409,
      code: "IDEMPOTENCY_MISMATCH",
    },
    {
      reason: "DRAW_MISSING",
      path: "refused",
      prepare: async () => 2_000_000_000,
      status: 404,
      code: "NOT_FOUND",
    },
    {
      reason: "WRONG_GAME",
      path: "refused",
      prepare: (s) => createDraw(s.t, "3D"),
      status: 422,
      code: "WRONG_GAME",
      details: { draw_type: "3D" },
    },
    {
      reason: "DRAW_CLOSED (past the cut-off)",
      path: "refused",
      prepare: (s) => createDraw(s.t, "2D", { closesIn: -60 }),
      status: 422,
      code: "BETTING_CLOSED",
    },
    {
      reason: "DRAW_CLOSED (no longer open)",
      path: "refused",
      prepare: (s) => createDraw(s.t, "2D", { status: "closed" }),
      lines: [{ number: "13", amount: 100 }],
      key: "none",
      status: 422,
      code: "BETTING_CLOSED",
    },
    {
      reason: "BLOCKED",
      path: "refused",
      lines: [
        { number: "42", amount: 100 },
        { number: "13", amount: 100 },
      ],
      status: 422,
      code: "LINES_REJECTED",
      details: { rejected: [{ number: "13", reason: "BLOCKED", remaining: 0 }] },
    },
    {
      reason: "ACCOUNTS (a player's first bet)",
      path: "general",
      prepare: async (s) => {
        s.players[0] = await createUser(s.t, { accounts: false });
        return undefined;
      },
      status: 422,
      code: "INSUFFICIENT_FUNDS",
    },
    {
      reason: "FUNDS",
      path: "refused",
      funds: [300, 800],
      lines: [{ number: "42", amount: 400 }],
      status: 422,
      code: "INSUFFICIENT_FUNDS",
      details: { account: "main" },
    },
    {
      reason: "FUNDS, with a hot number over its cap (the lines are judged first)",
      path: "refused",
      funds: [300, 800],
      lines: [{ number: "07", amount: 600 }],
      key: "none",
      status: 422,
      code: "LINES_REJECTED",
    },
    {
      reason: "OVER_LIMIT (a number's cap)",
      path: "refused",
      funds: [5_000, 20_000],
      prepare: betFirst(1, [{ number: "42", amount: 2_000 }]),
      lines: [
        { number: "64", amount: 100 },
        { number: "42", amount: 1_500 },
      ],
      status: 422,
      code: "LINES_REJECTED",
      details: { rejected: [{ number: "42", reason: "OVER_LIMIT", remaining: 1_000 }] },
    },
    {
      reason: "OVER_LIMIT (a hot number's cap)",
      path: "refused",
      funds: [5_000, 20_000],
      prepare: betFirst(1, [{ number: "07", amount: 400 }]),
      lines: [{ number: "07", amount: 200 }],
      key: "none",
      status: 422,
      code: "LINES_REJECTED",
    },
    {
      reason: "accepted (no reason)",
      path: "oneCall",
      funds: [5_000, 20_000],
      status: 201,
    },
  ];

  it.each(reasonCases)("bet_place's reason $reason: the general path's answer, nothing else written", async (c) => {
    const sides = [await side(one, c.funds ?? [5_000, 800]), await side(general, c.funds ?? [5_000, 800])] as const;
    const key = c.key === "prepared" ? PREPARED_KEY : c.key === "none" ? undefined : randomUUID();
    const lines = c.lines ?? [{ number: "42", amount: 100 }];
    const headers: Record<string, string> = key ? { "idempotency-key": key } : {};
    const send = async (s: Side, drawId: number) => {
      const res = await bet(s.t, (s.players[0] as TestUser).token, "2D", drawId, lines, headers);
      return {
        ...normalised(s, res.statusCode, res.json() as Record<string, unknown>),
        replayed: res.headers["idempotent-replayed"] ?? null,
      };
    };
    const answers: unknown[] = [];
    const drawIds: number[] = [];
    for (const s of sides) {
      const drawId = (await c.prepare?.(s)) ?? s.drawId;
      drawIds.push(drawId);
      const before = betPathCounts(one.ctx);
      answers.push(await send(s, drawId));
      if (s === sides[0]) {
        const after = betPathCounts(one.ctx);
        expect({
          oneCall: after.oneCall - before.oneCall,
          refused: after.refused - before.refused,
          general: after.general - before.general,
        }).toEqual({
          oneCall: c.path === "oneCall" ? 1 : 0,
          refused: c.path === "refused" ? 1 : 0,
          general: c.path === "general" ? 1 : 0,
        });
      }
    }
    expect(answers[0]).toEqual(answers[1]);
    const answer = answers[0] as { status: number; body: { code?: string; details?: unknown } };
    expect(answer.status).toBe(c.status);
    if (c.code) expect(answer.body.code).toBe(c.code);
    if (c.details) expect(answer.body.details).toEqual(c.details);
    expect(await state(sides[0])).toEqual(await state(sides[1]));
    // The same request again (a client's retry): a kept refusal is replayed alike on both sides.
    const again = [await send(sides[0], drawIds[0] as number), await send(sides[1], drawIds[1] as number)];
    expect(again[0]).toEqual(again[1]);
    // A kept refusal is answered again as a replay (Idempotent-Replayed), on either path.
    if (key && c.status >= 400 && c.status !== 403 && c.status !== 409) {
      expect(again[0]).toEqual({ ...(answers[0] as object), replayed: "true" });
    }
    expect(await state(sides[0])).toEqual(await state(sides[1]));
  });

  it("a game or limits change made by another server process applies to the very next slip", async () => {
    const u = await createUser(one);
    await fund(one, u.id, 100_000);
    const drawId = await createDraw(one, "2D");
    const line = (amount: number) => [{ number: "42", amount }];
    expect((await bet(one, u.token, "2D", drawId, line(1_500))).statusCode).toBe(201);

    // Another process lowers the maximum stake: this process has not heard of it.
    await setLimits(one, "2D", { ...LIMITS, max_stake: 1_000 });
    const refused = await bet(one, u.token, "2D", drawId, line(1_500));
    expectErrorBody(refused, 422, "LINES_REJECTED");
    expect((refused.json() as { details: { rejected: unknown[] } }).details.rejected).toEqual([
      { number: "42", reason: "ABOVE_MAX", remaining: 1_500 },
    ]);

    // …and closes the game, then opens it again.
    await one.ctx.db.execute(sql`update lottery_games set enabled = false where type = '2D'`);
    expectErrorBody(await bet(one, u.token, "2D", drawId, line(500)), 422, "GAME_DISABLED");
    await one.ctx.db.execute(sql`update lottery_games set enabled = true where type = '2D'`);
    const counts = betPathCounts(one.ctx);
    expect((await bet(one, u.token, "2D", drawId, line(500))).statusCode).toBe(201);
    expect((await bet(one, u.token, "2D", drawId, line(400))).statusCode).toBe(201);
    // The first slip after the change rereads the game; the next takes one call again.
    expect(betPathCounts(one.ctx).oneCall - counts.oneCall).toBeGreaterThanOrEqual(1);
    await setLimits(one, "2D", LIMITS);
  });

  it("an off day added by another server process refuses the draw's slips at once", async () => {
    const u = await createUser(one);
    await fund(one, u.id, 10_000);
    const drawId = await createDraw(one, "2D");
    expect((await bet(one, u.token, "2D", drawId, [{ number: "42", amount: 100 }])).statusCode).toBe(201);
    const day = rowsOf<{ day: string }>(
      await one.ctx.db.execute(sql`
        select to_char((draw_at at time zone 'UTC') + interval '390 minutes', 'YYYY-MM-DD') as day from draws where id = ${drawId}`),
    )[0]?.day;
    const schedule = rowsOf<{ schedule: Record<string, unknown> }>(
      await one.ctx.db.execute(sql`select schedule from lottery_games where type = '2D'`),
    )[0]?.schedule as { off_days?: string[] };
    const withOffDay = { ...schedule, off_days: [...(schedule.off_days ?? []), day] };
    await one.ctx.db.execute(sql`update lottery_games set schedule = ${JSON.stringify(withOffDay)}::jsonb where type = '2D'`);
    try {
      // The first slip rereads the game (bet_place: STALE_CONFIG); the next is refused from bet_place's OFF_DAY.
      expectErrorBody(await bet(one, u.token, "2D", drawId, [{ number: "42", amount: 100 }]), 404, "NOT_FOUND");
      const counts = betPathCounts(one.ctx);
      expectErrorBody(await bet(one, u.token, "2D", drawId, [{ number: "42", amount: 100 }]), 404, "NOT_FOUND");
      expect(betPathCounts(one.ctx).refused - counts.refused).toBe(1);
    } finally {
      await one.ctx.db.execute(sql`update lottery_games set schedule = ${JSON.stringify(schedule)}::jsonb where type = '2D'`);
    }
    expect((await bet(one, u.token, "2D", drawId, [{ number: "42", amount: 100 }])).statusCode).toBe(201);
  });
});
