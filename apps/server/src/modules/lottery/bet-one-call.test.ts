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
      propertyRuns(20),
    );
    // The property means something only if the one call took the accepted slips: every one of them here.
    expect(accepted).toBeGreaterThan(5);
    expect(betPathCounts(one.ctx).oneCall - before.oneCall).toBe(accepted);
    expect(betPathCounts(general.ctx).oneCall).toBe(0);
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
      expectErrorBody(await bet(one, u.token, "2D", drawId, [{ number: "42", amount: 100 }]), 404, "NOT_FOUND");
    } finally {
      await one.ctx.db.execute(sql`update lottery_games set schedule = ${JSON.stringify(schedule)}::jsonb where type = '2D'`);
    }
    expect((await bet(one, u.token, "2D", drawId, [{ number: "42", amount: 100 }])).statusCode).toBe(201);
  });
});
