import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.ts";
import { type MoneyCall, MoneyCallError } from "../../db/money-batch.ts";
import { propertyRuns, propertyTimeout } from "../../test/property-runs.ts";
import type { TestApp } from "../../test/test-app.ts";
import { createSystemAccount } from "../ledger/ledger.repository.ts";
import { expectLedgerClean, fund } from "../ledger/testing.ts";
import { CASINO_HOUSE_SHARDS, casinoAccountOf } from "../providers/providers.service.ts";
import { type Player, player, setBlocked } from "../providers/wallet.test-helpers.ts";
import { casinoPointsAccountOf } from "../rewards/points.service.ts";
import { element, exactOf, expectExactConservation, gsc, gscTestApp, move, product, type TxFields, uid } from "./gsc.test-helpers.ts";
import { answerDecimals, formatGscBalance } from "./gsc-amount.ts";
import { GSC_SPLIT_AT, gscPathCounts, setGscOneCall } from "./gsc-one-call.ts";

/**
 * A GSC+ element in one database call (gsc_element, decision 0020) must be indistinguishable from the
 * general path: the same answers and the same rows, balances and journals, whatever the calls. App
 * `one` tries the one call first; app `general` has it switched off. Both get the same players,
 * settings and webhooks: bets and results in MMK and MMK2 (fractions of a kyat, so remainders), bets
 * above the balance, results without a bet, a RESETTLED that leaves a debt to the house and the calls
 * after it, cancels, repeats of any earlier webhook with the same and with another body, two-member
 * and two-transaction webhooks, a blocked and a referred player, a product in maintenance, points
 * rates stored well or badly, and circumstances changing in between.
 */
type Who = 0 | 1 | 2;
type Op =
  | { kind: "bet"; who: Who; wager: number; mmk2: boolean; amount: string; negative: boolean }
  | { kind: "result"; who: Who; wager: number; mmk2: boolean; action: "SETTLED" | "WIN"; amount: string }
  | { kind: "resettle"; who: Who; wager: number; mmk2: boolean }
  | { kind: "cancel"; who: Who; wager: number; mmk2: boolean }
  | { kind: "pair"; wager: number; amount: string }
  | { kind: "double"; who: Who; wager: number }
  | { kind: "repeat"; back: number; same: boolean }
  | { kind: "change"; who: Who };

const who = fc.constantFrom(0 as const, 1 as const, 2 as const);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("bet" as const),
      who,
      wager: fc.nat(2),
      mmk2: fc.boolean(),
      amount: fc.constantFrom("0.0005", "1.5", "25", "400", "120000"),
      negative: fc.boolean(),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("result" as const),
      who,
      wager: fc.nat(2),
      mmk2: fc.boolean(),
      action: fc.constantFrom("SETTLED" as const, "WIN" as const),
      amount: fc.constantFrom("0", "0.0015", "3", "900"),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("resettle" as const), who, wager: fc.nat(2), mmk2: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("cancel" as const), who, wager: fc.nat(3), mmk2: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("pair" as const), wager: fc.nat(2), amount: fc.constantFrom("2", "0.25") }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("double" as const), who, wager: fc.nat(2) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("repeat" as const), back: fc.nat(3), same: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("change" as const), who }) },
);

interface Setup {
  /** Game balances of the three players; the third is referred by the first. */
  funds: [number, number, number];
  blocked: boolean;
  maintenance: boolean;
  rate: number | "bad" | null;
}

/**
 * Webhooks whose elements the one call applies, every one of them: a bet and its result on each of
 * the three wagers a run has in kyat (the first player) and in MMK2 (the second), both funded.
 */
const PLAIN_CALLS: Op[] = ([0, 1] as const).flatMap((player) =>
  [0, 1, 2].flatMap(
    (wager) =>
      [
        { kind: "bet", who: player, wager, mmk2: player === 1, amount: wager === 1 ? "25" : "400", negative: wager === 1 },
        {
          kind: "result",
          who: player,
          wager,
          mmk2: player === 1,
          action: wager === 1 ? "WIN" : "SETTLED",
          amount: wager === 2 ? "0" : "900",
        },
      ] satisfies Op[],
  ),
);

const setupArb: fc.Arbitrary<Setup> = fc.record({
  funds: fc.tuple(fc.constantFrom(0, 5_000, 2_000_000), fc.constantFrom(1_000, 2_000_000), fc.constantFrom(0, 2_000_000)),
  blocked: fc.constantFrom(false, false, false, true),
  maintenance: fc.constantFrom(false, false, false, true),
  rate: fc.constantFrom(null, 250, 1_000, "bad" as const),
});

interface Side {
  t: TestApp;
  players: Player[];
}

/** A webhook as sent, with members named by their index (each side puts in its own player's code). */
interface Call {
  name: "withdraw" | "deposit";
  currency: string;
  elements: { who: Who; product: number; txs: TxFields[] }[];
}

const PRODUCT = { MMK: 1006, MMK2: 1007 } as const;

describe("GSC+ elements in one database call", () => {
  let one: TestApp;
  let general: TestApp;
  let run = 0;
  beforeAll(async () => {
    [one, general] = await Promise.all([gscTestApp(), gscTestApp()]);
    setGscOneCall(general.ctx, false);
    for (const t of [one, general]) {
      for (const code of Object.values(PRODUCT)) await product(t, code);
      // The house accounts as after the first calls (a shard's very first movement creates it: general path).
      for (let shard = 0; shard < CASINO_HOUSE_SHARDS; shard++) {
        for (const code of Object.values(PRODUCT)) await createSystemAccount(t.ctx.db, casinoAccountOf(`GSC${code}`, shard));
        await createSystemAccount(t.ctx.db, casinoPointsAccountOf(shard));
      }
    }
  });
  afterAll(async () => {
    for (const t of [one, general]) {
      await expectLedgerClean(t);
      await expectExactConservation(t);
    }
    await Promise.all([one.close(), general.close()]);
  });

  async function side(t: TestApp, setup: Setup): Promise<Side> {
    const referrer = await player(t, setup.funds[0]);
    const players = [referrer, await player(t, setup.funds[1]), await player(t, setup.funds[2], { referredBy: referrer.id })];
    if (setup.blocked) await setBlocked(t, (players[1] as Player).id, true);
    await product(t, PRODUCT.MMK, { maintenance: setup.maintenance });
    if (setup.rate === null) await t.ctx.db.execute(sql`delete from settings where key = 'lottery.points'`);
    else {
      const value = JSON.stringify(setup.rate === "bad" ? { kyat_per_point: "many" } : { kyat_per_point: setup.rate });
      await t.ctx.db.execute(sql`
        insert into settings (key, value) values ('lottery.points', ${value}::jsonb)
        on conflict (key) do update set value = excluded.value`);
    }
    return { t, players };
  }

  async function send(s: Side, call: Call): Promise<unknown> {
    const res = await gsc(s.t, call.name, {
      currency: call.currency,
      batch_requests: call.elements.map((e) => element((s.players[e.who] as Player).userCode, e.product, e.txs)),
    });
    // Members by their index: each side has players of its own.
    const text = s.players.reduce((acc, p, i) => acc.replaceAll(p.userCode, `player${i}`), JSON.stringify(res.answer));
    return { statusCode: res.statusCode, ...JSON.parse(text) };
  }

  /** What the webhooks left behind on one side, with nothing that differs between two databases. */
  async function state(s: Side) {
    const ids = s.players.map((p) => p.id);
    const idList = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    const q = async (query: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await s.t.ctx.db.execute(query));
    const whoOf = (id: unknown) => (id === null ? null : ids.indexOf(Number(id)));
    const codes = s.players.map((p) => p.userCode);
    const plainText = (text: unknown) => codes.reduce((acc, code, i) => acc.replaceAll(code, `player${i}`), String(text));
    const balances = await q(sql`
      select user_id, kind, balance::text from ledger_accounts where user_id in (${idList}) order by user_id, kind`);
    const users = await q(sql`select id as user_id, turnover::text from users where id in (${idList}) order by id`);
    const wallets = await q(sql`
      select user_id, remainder_e4::text, debt_e4::text, debt_since is not null as owing
        from gsc_wallets where user_id in (${idList}) order by user_id`);
    const transactions = await q(sql`
      select t.transaction_id, t.user_id, t.product_code, t.action, t.wager_code, t.round_id, r.round_id as round_of, t.game_code,
             t.currency, t.amount_e4::text, t.kyat_moved::text, j.kind as journal, j.unique_key as journal_key,
             t.balance_before_e4::text, t.balance_after_e4::text, t.request_hash, t.request
        from gsc_transactions t
        left join provider_rounds r on r.id = t.round_ref
        left join journals j on j.id = t.journal_id
       where t.user_id in (${idList}) order by t.transaction_id`);
    const wagers = await q(sql`
      select w.product_code, w.wager_code, w.user_id, w.currency, r.round_id as round_of, w.wager_status, w.bet_e4::text,
             w.payout_e4::text, w.has_bet, w.cancelled_before_bet
        from gsc_wagers w left join provider_rounds r on r.id = w.round_ref
       where w.user_id in (${idList}) order by w.product_code, w.wager_code`);
    const rounds = await q(sql`
      select provider, user_id, round_id, game_code, bet::text, payout::text, valid_bet::text, before_balance::text,
             balance_after::text, status, referrer_id, referral_share::text, settled_at is not null as settled
        from provider_rounds where user_id in (${idList}) order by provider, round_id`);
    const journals = await q(sql`
      select j.kind, j.user_id, regexp_replace(j.unique_key, 'provider_round:[0-9]+$', 'provider_round:R') as unique_key,
             j.ref_type, pr.round_id as round_of, regexp_replace(j.memo, ' round [0-9]+:', ' round R:') as memo, j.meta,
             a.user_id as account_user, a.kind as account, a.code, e.amount::text, e.balance_after::text
        from journals j
        join journal_entries e on e.journal_id = j.id
        join ledger_accounts a on a.id = e.account_id
        left join provider_rounds pr on j.ref_type = 'provider_round' and pr.id = j.ref_id::bigint
       where j.user_id in (${idList}) and j.kind <> 'test_funding' order by j.id, e.id`);
    const outbox = await q(sql`
      select user_id, payload->>'kind' as kind from outbox
       where user_id in (${idList}) and payload->>'kind' <> 'test_funding' order by id`);
    const callbacks = await q(sql`
      select provider, action, raw_body, signature_ok, transaction_id, status, answer, ip, headers
        from provider_callbacks
       where provider = 'GSC' and (raw_body like ${`%${codes[0]}%`} or raw_body like ${`%${codes[1]}%`} or raw_body like ${`%${codes[2]}%`})
       order by id`);
    return {
      balances: balances.map((r) => ({ ...r, user_id: whoOf(r.user_id) })),
      users: users.map((r) => ({ ...r, user_id: whoOf(r.user_id) })),
      wallets: wallets.map((r) => ({ ...r, user_id: whoOf(r.user_id) })),
      transactions: transactions.map((r) => ({ ...r, user_id: whoOf(r.user_id) })),
      wagers: wagers.map((r) => ({ ...r, user_id: whoOf(r.user_id) })),
      rounds: rounds.map((r) => ({ ...r, user_id: whoOf(r.user_id), referrer_id: whoOf(r.referrer_id) })),
      journals: journals.map((r) => ({ ...r, user_id: whoOf(r.user_id), account_user: whoOf(r.account_user) })),
      outbox: outbox.map((r) => ({ ...r, user_id: whoOf(r.user_id) })),
      callbacks: callbacks.map((r) => ({ ...r, raw_body: plainText(r.raw_body), answer: JSON.parse(plainText(JSON.stringify(r.answer))) })),
    };
  }

  /** The webhook of an operation (undefined: not a webhook). */
  function callOf(op: Op, sent: Call[], id: (p: string) => string): Call | undefined {
    const wagerOf = (product: number, n: number) => `w-${run}-${product}-${n}`;
    switch (op.kind) {
      case "bet": {
        const currency = op.mmk2 ? "MMK2" : "MMK";
        const p = PRODUCT[currency];
        const amount = op.negative ? `-${op.amount}` : op.amount;
        const tx = {
          id: id("b"),
          action: "BET",
          amount,
          wager_code: wagerOf(p, op.wager),
          round_id: wagerOf(p, op.wager),
          game_code: "g1",
        };
        return { name: "withdraw", currency, elements: [{ who: op.who, product: p, txs: [{ ...tx, wager_status: "BET" }] }] };
      }
      case "result": {
        const currency = op.mmk2 ? "MMK2" : "MMK";
        const p = PRODUCT[currency];
        const tx = { id: id("s"), action: op.action, amount: op.amount, wager_code: wagerOf(p, op.wager), wager_status: "SETTLED" };
        return { name: "deposit", currency, elements: [{ who: op.who, product: p, txs: [tx] }] };
      }
      case "resettle": {
        const currency = op.mmk2 ? "MMK2" : "MMK";
        const p = PRODUCT[currency];
        const tx = { id: id("r"), action: "RESETTLED", amount: op.mmk2 ? "-9000.0005" : "-9000000", wager_code: wagerOf(p, op.wager) };
        return { name: "deposit", currency, elements: [{ who: op.who, product: p, txs: [tx] }] };
      }
      case "cancel": {
        const currency = op.mmk2 ? "MMK2" : "MMK";
        const p = PRODUCT[currency];
        const tx = { id: id("c"), action: "CANCEL", amount: op.mmk2 ? "0.0005" : "25", wager_code: wagerOf(p, op.wager) };
        return { name: "deposit", currency, elements: [{ who: op.who, product: p, txs: [tx] }] };
      }
      case "pair": {
        const p = PRODUCT.MMK2;
        const bet = (w: Who) => ({ id: id("p"), action: "BET", amount: op.amount, wager_code: wagerOf(p, op.wager + 10 * (w + 1)) });
        return {
          name: "withdraw",
          currency: "MMK2",
          elements: [
            { who: 0, product: p, txs: [bet(0)] },
            { who: 1, product: p, txs: [bet(1)] },
          ],
        };
      }
      case "double": {
        // Two transactions in one element: the general path's.
        const p = PRODUCT.MMK;
        const tx = (n: number) => ({ id: id("d"), action: "BET", amount: "30", wager_code: wagerOf(p, 20 + op.wager + n) });
        return { name: "withdraw", currency: "MMK", elements: [{ who: op.who, product: p, txs: [tx(0), tx(1)] }] };
      }
      case "repeat": {
        const earlier = sent[sent.length - 1 - (op.back % Math.max(1, sent.length))];
        if (!earlier) return undefined;
        if (op.same) return earlier;
        const elements = earlier.elements.map((e) => ({ ...e, txs: e.txs.map((t) => ({ ...t, amount: `${t.amount}1` })) }));
        return { ...earlier, elements };
      }
      default:
        return undefined;
    }
  }

  it("the raw callback's balances are formatGscBalance's, from a function planned once per connection", async () => {
    const e4s = [0n, 1n, -1n, 9_999n, 15_000n, -15_001n, 1_234_567_891n, -987_654_321_012n, 2_000_000_0000n, 123_456_789_012_345n];
    for (const [ratio, to4dp] of [
      [1, false],
      [1000, false],
      [1000, true],
      [3, false],
    ] as const) {
      const decimals = answerDecimals(ratio, to4dp);
      for (const e4 of e4s) {
        const row = rowsOf<{ v: string }>(
          await one.ctx.db.execute(
            sql`select gsc_answer_balance(${e4.toString()}::bigint, ${ratio}::bigint, ${decimals}::integer)::text as v`,
          ),
        )[0];
        expect([e4, ratio, decimals, Number(row?.v)]).toEqual([e4, ratio, decimals, formatGscBalance(e4, ratio, to4dp)]);
      }
    }
    // A SQL function called from gsc_element's statements would be parsed and planned at every element.
    const lang = rowsOf<{ lang: string }>(
      await one.ctx.db.execute(
        sql`select l.lanname as lang from pg_proc p join pg_language l on l.oid = p.prolang where p.proname = 'gsc_answer_balance'`,
      ),
    );
    expect(lang).toEqual([{ lang: "plpgsql" }]);
  });

  it("random webhooks: the same answers, balances, journals and rows with and without the one call", {
    timeout: propertyTimeout(600_000),
  }, async () => {
    const before = gscPathCounts(one.ctx);
    await fc.assert(
      fc.asyncProperty(setupArb, fc.array(opArb, { minLength: 1, maxLength: 14 }), async (setup, ops) => {
        run += 1;
        const sides = [await side(one, setup), await side(general, setup)] as const;
        const answers: unknown[][] = [[], []];
        const sent: Call[] = [];
        let seq = 0;
        const id = (prefix: string) => `${prefix}-${run}-${++seq}`;
        for (const op of ops) {
          if (op.kind === "change") {
            for (const s of sides) {
              const p = s.players[op.who] as Player;
              await fund(s.t, p.id, 2_000_000, "game");
              await setBlocked(s.t, p.id, false);
              await product(s.t, PRODUCT.MMK, { maintenance: false });
            }
            continue;
          }
          const call = callOf(op, sent, id);
          if (!call) continue;
          sent.push(call);
          for (const [i, s] of sides.entries()) answers[i]?.push(await send(s, call));
        }
        expect(answers[0]).toEqual(answers[1]);
        expect(await state(sides[0])).toEqual(await state(sides[1]));
      }),
      {
        ...propertyRuns(30),
        examples: [
          // Twelve webhooks, every element of which the one call applies.
          [{ funds: [2_000_000, 2_000_000, 2_000_000], blocked: false, maintenance: false, rate: null }, PLAIN_CALLS],
          // A fractional bet and its win, repeated; a short bet refused, funded, repeated (the first answer again).
          [
            { funds: [5_000, 2_000_000, 0], blocked: false, maintenance: false, rate: 250 },
            [
              { kind: "bet", who: 0, wager: 0, mmk2: true, amount: "1.5", negative: true },
              { kind: "result", who: 0, wager: 0, mmk2: true, action: "SETTLED", amount: "0.0015" },
              { kind: "repeat", back: 0, same: true },
              { kind: "bet", who: 0, wager: 1, mmk2: false, amount: "120000", negative: false },
              { kind: "change", who: 0 },
              { kind: "repeat", back: 0, same: true },
              { kind: "bet", who: 0, wager: 1, mmk2: false, amount: "400", negative: false },
              { kind: "result", who: 0, wager: 1, mmk2: false, action: "WIN", amount: "900" },
            ],
          ],
          // A debt to the house: later bets refused, results repaying it first; a referred player's round.
          [
            { funds: [2_000_000, 2_000_000, 2_000_000], blocked: false, maintenance: false, rate: null },
            [
              { kind: "bet", who: 1, wager: 0, mmk2: true, amount: "25", negative: false },
              { kind: "result", who: 1, wager: 0, mmk2: true, action: "SETTLED", amount: "3" },
              { kind: "resettle", who: 1, wager: 0, mmk2: true },
              { kind: "bet", who: 1, wager: 1, mmk2: true, amount: "0.0005", negative: false },
              { kind: "result", who: 1, wager: 0, mmk2: true, action: "WIN", amount: "900" },
              { kind: "bet", who: 2, wager: 2, mmk2: false, amount: "400", negative: true },
              { kind: "result", who: 2, wager: 2, mmk2: false, action: "SETTLED", amount: "0" },
              { kind: "pair", wager: 0, amount: "0.25" },
              { kind: "cancel", who: 0, wager: 3, mmk2: false },
            ],
          ],
        ],
      },
    );
    // The property means something only if the one call applied elements: at least the plain example's,
    // whatever the random runs drew (a bound on those alone would fail now and then).
    expect(gscPathCounts(one.ctx).oneCall - before.oneCall).toBeGreaterThanOrEqual(PLAIN_CALLS.length);
    expect(gscPathCounts(general.ctx).oneCall).toBe(0);
  });
});

/** Its own app: the equivalence property needs both of its apps to get the same players and calls. */
describe("the exact wallet in one call", () => {
  let one: TestApp;
  beforeAll(async () => {
    one = await gscTestApp();
    for (const code of Object.values(PRODUCT)) await product(one, code);
    for (let shard = 0; shard < CASINO_HOUSE_SHARDS; shard++) {
      for (const code of Object.values(PRODUCT)) await createSystemAccount(one.ctx.db, casinoAccountOf(`GSC${code}`, shard));
      await createSystemAccount(one.ctx.db, casinoPointsAccountOf(shard));
    }
  });
  afterAll(async () => {
    await expectLedgerClean(one);
    await expectExactConservation(one);
    await one.close();
  });

  async function exactRow(t: TestApp, userId: number) {
    return rowsOf<Record<string, unknown>>(
      await t.ctx.db.execute(sql`select remainder_e4::text, debt_e4::text from gsc_wallets where user_id = ${userId}`),
    )[0];
  }

  it("an element that keeps the remainder locks the player's exact wallet row without writing it again", async () => {
    const p = await player(one, 2_000_000);
    const xminOf = async () =>
      rowsOf<{ v: string }>(await one.ctx.db.execute(sql`select xmin::text as v from gsc_wallets where user_id = ${p.id}`))[0]?.v;
    const before = gscPathCounts(one.ctx);
    // The first element creates the row; whole kyat in MMK leave its remainder as it is.
    const wager = uid("w");
    const bet = await move(one, "withdraw", p.userCode, PRODUCT.MMK, "MMK", [
      { id: uid("b"), action: "BET", amount: "400", wager_code: wager },
    ]);
    expect(bet.answer.data?.[0]).toMatchObject({ code: 0, before_balance: 2_000_000, balance: 1_999_600 });
    const created = await xminOf();
    expect(created).toBeDefined();
    const settle = await move(one, "deposit", p.userCode, PRODUCT.MMK, "MMK", [
      { id: uid("s"), action: "SETTLED", amount: "900", wager_code: wager },
    ]);
    expect(settle.answer.data?.[0]).toMatchObject({ code: 0, before_balance: 1_999_600, balance: 2_000_500 });
    expect(gscPathCounts(one.ctx).oneCall - before.oneCall).toBe(2);
    expect(await xminOf()).toBe(created);
    // A fraction of a kyat changes the remainder, and so the row.
    const frac = await move(one, "withdraw", p.userCode, PRODUCT.MMK2, "MMK2", [
      { id: uid("b"), action: "BET", amount: "0.0015", wager_code: uid("w") },
    ]);
    expect(frac.answer.data?.[0]).toMatchObject({ code: 0, balance: 2000.4985 });
    expect(await xminOf()).not.toBe(created);
    expect(await exactRow(one, p.id)).toEqual({ remainder_e4: "5000", debt_e4: "0" });
  });

  it("a BET on a new wager writes the wager and its round once; its SETTLED updates each once", async () => {
    // Every later version of a wager or round row is counted by a trigger while this test runs.
    const db = one.ctx.db;
    await db.execute(sql`create table test_row_versions (tbl text not null, id bigint not null)`);
    await db.execute(
      sql.raw(`create function test_row_versions() returns trigger language plpgsql as $f$
        begin insert into test_row_versions values (TG_TABLE_NAME, new.id); return null; end $f$`),
    );
    for (const table of ["gsc_wagers", "provider_rounds"]) {
      await db.execute(
        sql.raw(`create trigger test_row_versions after update on ${table} for each row execute function test_row_versions()`),
      );
    }
    const updates = async () =>
      rowsOf<{ tbl: string; n: number }>(
        await db.execute(sql`select tbl, count(*)::int as n from test_row_versions group by tbl order by tbl`),
      );
    try {
      const p = await player(one, 2_000_000);
      const before = gscPathCounts(one.ctx);
      const wager = uid("w");
      const bet = await move(one, "withdraw", p.userCode, PRODUCT.MMK2, "MMK2", [
        { id: uid("b"), action: "BET", amount: "1.2345", wager_code: wager, round_id: wager, wager_status: "BET" },
      ]);
      expect(bet.answer.data?.[0]).toMatchObject({ code: 0, balance: 1998.7655 });
      expect(await updates()).toEqual([]);
      const rows = async () =>
        rowsOf<Record<string, unknown>>(
          await db.execute(sql`select w.bet_e4::text, w.payout_e4::text, w.has_bet, w.wager_status, w.round_ref = r.id as linked,
                                      r.bet::text as round_bet, r.payout::text as round_payout, r.status, r.before_balance::text,
                                      r.balance_after::text, r.valid_bet::text, r.updated_at is not null as touched,
                                      r.settled_at is not null as settled
                                 from gsc_wagers w join provider_rounds r on r.round_id = w.wager_code
                                where w.wager_code = ${wager} and r.user_id = ${p.id}`),
        );
      expect(await rows()).toEqual([
        {
          bet_e4: "12345000",
          payout_e4: "0",
          has_bet: true,
          wager_status: "BET",
          linked: true,
          round_bet: "1234",
          round_payout: "0",
          status: "open",
          before_balance: "2000000",
          balance_after: "1998765",
          valid_bet: "0",
          touched: true,
          settled: false,
        },
      ]);
      const settle = await move(one, "deposit", p.userCode, PRODUCT.MMK2, "MMK2", [
        { id: uid("s"), action: "SETTLED", amount: "2.5", wager_code: wager, round_id: wager, wager_status: "SETTLED" },
      ]);
      expect(settle.answer.data?.[0]).toMatchObject({ code: 0, balance: 2001.2655 });
      expect(await updates()).toEqual([
        { tbl: "gsc_wagers", n: 1 },
        { tbl: "provider_rounds", n: 1 },
      ]);
      expect(await rows()).toEqual([
        {
          bet_e4: "12345000",
          payout_e4: "25000000",
          has_bet: true,
          wager_status: "SETTLED",
          linked: true,
          round_bet: "1234",
          round_payout: "2500",
          status: "settled",
          before_balance: "2000000",
          balance_after: "2001265",
          valid_bet: "1234",
          touched: true,
          settled: true,
        },
      ]);
      expect(gscPathCounts(one.ctx).oneCall - before.oneCall).toBe(2);
    } finally {
      for (const table of ["gsc_wagers", "provider_rounds"]) {
        await db.execute(sql.raw(`drop trigger test_row_versions on ${table}`));
      }
      await db.execute(sql`drop function test_row_versions()`);
      await db.execute(sql`drop table test_row_versions`);
    }
  });

  it("answers a repeat, a bet above the balance and a result without a bet itself, changing nothing but the kept callback", async () => {
    const p = await player(one, 1_000);
    const callbacks = async () =>
      rowsOf<{ answer: unknown; status: string; transaction_id: string }>(
        await one.ctx.db.execute(sql`
          select answer, status, transaction_id from provider_callbacks
           where provider = 'GSC' and raw_body like ${`%${p.userCode}%`} order by id`),
      );
    const before = gscPathCounts(one.ctx);
    // A player's first element refused: the general path undoes its exact wallet row, so no row is created.
    const shortId = uid("b");
    const short = await move(one, "withdraw", p.userCode, PRODUCT.MMK2, "MMK2", [
      { id: shortId, action: "BET", amount: "1.5", wager_code: uid("w") },
    ]);
    expect(short.answer.data?.[0]).toEqual({
      member_account: p.userCode,
      product_code: PRODUCT.MMK2,
      before_balance: 1,
      balance: 1,
      code: 1001,
      message: "member balance insufficient",
    });
    expect(await exactRow(one, p.id)).toBeUndefined();
    const noBetId = uid("s");
    const noBet = await move(one, "deposit", p.userCode, PRODUCT.MMK, "MMK", [
      { id: noBetId, action: "SETTLED", amount: "50", wager_code: uid("w") },
    ]);
    expect(noBet.answer.data?.[0]).toMatchObject({ before_balance: 1_000, balance: 1_000, code: 1006, message: "bet does not exist" });
    expect(await exactRow(one, p.id)).toBeUndefined();
    // Applied once; sent again, the same id answers 1003 with the balance as it is now.
    const wager = uid("w");
    const betId = uid("b");
    const bet = [{ id: betId, action: "BET", amount: "0.0015", wager_code: wager }];
    expect((await move(one, "withdraw", p.userCode, PRODUCT.MMK2, "MMK2", bet)).answer.data?.[0]).toMatchObject({
      code: 0,
      before_balance: 1,
      balance: 0.9985,
    });
    const again = await move(one, "withdraw", p.userCode, PRODUCT.MMK2, "MMK2", bet);
    expect(again.answer.data?.[0]).toMatchObject({ before_balance: 0.9985, balance: 0.9985, code: 1003, message: "duplicate transaction" });
    expect(await exactOf(one, p.id)).toEqual({ kyat: 998, remainder: 5_000, debt: 0 });
    const counted = await one.ctx.db.execute(sql`select count(*)::int as n from gsc_transactions where user_id = ${p.id}`);
    expect(rowsOf<{ n: number }>(counted)[0]?.n).toBe(1);
    // Every answer kept with its webhook, as the general path keeps it; no element went to the general path.
    const kept = await callbacks();
    expect(kept.map((c) => [c.transaction_id, c.status, (c.answer as { data: { code: number }[] }).data[0]?.code])).toEqual([
      [shortId, "0", 1001],
      [noBetId, "0", 1006],
      [betId, "0", 0],
      [betId, "0", 1003],
    ]);
    expect(kept[3]?.answer).toEqual(again.answer);
    expect(gscPathCounts(one.ctx)).toEqual({ oneCall: before.oneCall + 4, general: before.general });
  });

  it("a house shard's first movement creates the shard's account in the one call, as the general path would", async () => {
    const fresh = 1010; // a product whose house shards no movement has created yet
    await product(one, fresh);
    const p = await player(one, 2_000_000);
    const code = casinoAccountOf(`GSC${fresh}`, p.id);
    const shard = async () =>
      rowsOf<{ kind: string; balance: string }>(
        await one.ctx.db.execute(sql`select kind, balance::text from ledger_accounts where code = ${code}`),
      );
    expect(await shard()).toEqual([]);
    const before = gscPathCounts(one.ctx);
    const bet = await move(one, "withdraw", p.userCode, fresh, "MMK", [
      { id: uid("b"), action: "BET", amount: "400", wager_code: uid("w") },
    ]);
    expect(bet.answer.data?.[0]).toMatchObject({ code: 0, before_balance: 2_000_000, balance: 1_999_600 });
    expect(gscPathCounts(one.ctx)).toEqual({ oneCall: before.oneCall + 1, general: before.general });
    expect(await shard()).toEqual([{ kind: code.replaceAll(":", "_"), balance: "400" }]);
  });

  it("elements go in the wallet lane, in the player's part, naming the GSC+ split size", async () => {
    const batcher = one.ctx.moneyBatcher;
    if (!batcher) throw new Error("the test app has no money batcher");
    const players = [await player(one, 2_000_000), await player(one, 2_000_000)];
    const sent: MoneyCall[] = [];
    one.ctx.moneyBatcher = {
      ...batcher,
      run(call) {
        sent.push(call);
        return batcher.run(call);
      },
    };
    try {
      for (const p of players) {
        const bet = await move(one, "withdraw", p.userCode, PRODUCT.MMK, "MMK", [
          { id: uid("b"), action: "BET", amount: "400", wager_code: uid("w") },
        ]);
        expect(bet.answer.data?.[0]).toMatchObject({ code: 0 });
      }
    } finally {
      one.ctx.moneyBatcher = batcher;
    }
    const ids = players.map((p) => p.id);
    expect(sent.map(({ fn, lane, part, splitAt }) => ({ fn, lane, part, splitAt }))).toEqual(
      ids.map((id) => ({ fn: "gsc_element", lane: "wallet", part: id % 2, splitAt: GSC_SPLIT_AT })),
    );
  });

  it("an element whose lock was not free in its batch goes once more in one call before the general path", async () => {
    const batcher = one.ctx.moneyBatcher;
    if (!batcher) throw new Error("the test app has no money batcher");
    const p = await player(one, 2_000_000);
    let refused = 0;
    one.ctx.moneyBatcher = {
      ...batcher,
      run(call) {
        // The batch's lock_timeout, as money_batch reports it for the call (the call undone whole).
        if (call.fn === "gsc_element" && refused === 0) {
          refused++;
          return Promise.reject(new MoneyCallError("55P03", "canceling statement due to lock timeout"));
        }
        return batcher.run(call);
      },
    };
    try {
      const before = gscPathCounts(one.ctx);
      const bet = await move(one, "withdraw", p.userCode, PRODUCT.MMK, "MMK", [
        { id: uid("b"), action: "BET", amount: "400", wager_code: uid("w") },
      ]);
      expect(bet.answer.data?.[0]).toMatchObject({ code: 0, before_balance: 2_000_000, balance: 1_999_600 });
      expect(refused).toBe(1);
      expect(gscPathCounts(one.ctx)).toEqual({ oneCall: before.oneCall + 1, general: before.general });
    } finally {
      one.ctx.moneyBatcher = batcher;
    }
  });
});
