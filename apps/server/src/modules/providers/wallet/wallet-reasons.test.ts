import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../../db/client.ts";
import { MoneyCallError } from "../../../db/money-batch.ts";
import { readSqlFunction } from "../../../db/sql-functions.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { fund } from "../../ledger/testing.ts";
import { casinoPointsAccountOf } from "../../rewards/points.service.ts";
import {
  connectTestProvider,
  type Player,
  player,
  setBlocked,
  setFreeRoundCredits,
  setMaintenance,
  TEST_PROVIDER,
  wallet,
} from "../wallet.test-helpers.ts";
import {
  refusalOfWalletReason,
  setOneCallWallet,
  WALLET_REASONS,
  walletFunctionCall,
  walletPathCounts,
  walletReasonOf,
  walletStatement,
} from "./wallet-one-call.ts";
import { casinoAccountOf } from "./wallet-transaction.ts";

type Action = keyof typeof WALLET_REASONS;
type Body = Record<string, unknown>;
/** The transaction a case's tamper runs in (rolled back). */
type Tx = { execute(query: SQL): Promise<unknown> };

/** The reasons a function raises, in the order of its body. */
function reasonsIn(source: string, fn: string): string[] {
  return [...new Set([...source.matchAll(new RegExp(`'${fn}: ([A-Z_]+)`, "g"))].map((m) => m[1] as string))];
}

describe("the wallet functions' reasons (decision 0024)", () => {
  it("each function's file raises exactly the reasons the server knows, in the general path's order, and lists them in its header", () => {
    for (const action of ["debit", "credit", "rollback"] as const) {
      const file = readSqlFunction(`wallet_${action}`);
      expect(reasonsIn(file.statement, `wallet_${action}`), action).toEqual([...WALLET_REASONS[action]]);
      const header = file.text.slice(0, file.text.indexOf(file.statement));
      expect(
        [...header.matchAll(/^-- {3}([A-Z_]+) /gm)].map((m) => m[1]),
        action,
      ).toEqual([...WALLET_REASONS[action]]);
    }
  });

  it("reads a reason from the money batch's error and from a statement's own (wrapped) error, for its own action only", () => {
    expect(walletReasonOf(new MoneyCallError("SWW01", 'wallet_debit: FUNDS {"balance": 250}'), "debit")).toEqual({
      code: "FUNDS",
      balance: 250,
    });
    const wrapped = Object.assign(new Error("Failed query: select * from wallet_credit(…)"), {
      cause: Object.assign(new Error("wallet_credit: REFERRED"), { code: "SWW01" }),
    });
    expect(walletReasonOf(wrapped, "credit")).toEqual({ code: "REFERRED" });
    // Another function's message, a reason this server does not know, the old loose message, another SQLSTATE.
    expect(walletReasonOf(new MoneyCallError("SWW01", 'wallet_debit: FUNDS {"balance": 1}'), "credit")).toBeUndefined();
    expect(walletReasonOf(new MoneyCallError("SWW01", "wallet_debit: SOMETHING_NEW"), "debit")).toBeUndefined();
    expect(walletReasonOf(new MoneyCallError("SWW01", "wallet_debit: accounts or funds"), "debit")).toBeUndefined();
    expect(walletReasonOf(new MoneyCallError("55P03", "wallet_debit: FUNDS"), "debit")).toBeUndefined();
    // A claimed refusal needs its balance; reasons that are not final are answered by the general path.
    expect(refusalOfWalletReason("debit", { code: "FUNDS" }, "t1")).toBeUndefined();
    expect(refusalOfWalletReason("debit", { code: "REPEAT" }, "t1")).toBeUndefined();
    // A reason final for one function only: a rollback's round gone is the general path's.
    expect(refusalOfWalletReason("rollback", { code: "ROUND_MISSING", balance: 0 }, "t1")).toBeUndefined();
    expect(refusalOfWalletReason("credit", { code: "ROUND_MISSING", balance: 0 }, "t1")).toMatchObject({ claims: true });
    expect(refusalOfWalletReason("credit", { code: "PLAYER" }, "t1")).toEqual({
      answer: { status: "UNKNOWN_PLAYER", transaction_id: "t1" },
      claims: false,
    });
  });
});

/**
 * One case per refusal point of each function. Each case runs on two apps that start alike: `one`
 * tries the one call first, `general` has it switched off. On `one` the function is first called on
 * its own (in a transaction rolled back, after `tamper`) and must raise the case's reason; then, unless
 * the state is out of a provider's reach, the same call goes through the API on both apps: the same
 * answer, the same rows, a repeat of it the same answer again, and `one` took the path the reason
 * says (answered from the reason, or the general path).
 */
interface Side {
  t: TestApp;
  p: Player;
  /** Another player of the case (a referrer). */
  q: Player;
  id(name: string): string;
  call(action: string, body: Body, code?: string): Promise<unknown>;
}

interface Case {
  action: Action;
  reason: string;
  /** The game balance of the case's player. */
  funds?: number;
  /** Calls and changes that lead to the refusal point, through the API, alike on both apps. */
  prepare?(s: Side): Promise<void>;
  /** The call judged. */
  body(s: Side): Body;
  /** The provider code of the call judged. */
  code?: string;
  /** A change only the function check sees (rolled back): a state no provider's call can reach. */
  tamper?(tx: Tx, s: Side): Promise<void>;
  /** Only the function is checked: the API refuses such a body before any money path (INVALID_REQUEST). */
  outOfReach?: true;
  /** Settings put back after the case. */
  after?(t: TestApp): Promise<void>;
}

const GAME = "slot-1";
const debit = (s: Side, n: string, amount: number, round = "r1"): Body => ({
  player: s.p.userCode,
  transaction_id: s.id(n),
  round_id: s.id(round),
  game_code: GAME,
  amount,
});
const credit = (s: Side, n: string, amount: number, kind?: string, round = "r1"): Body => ({
  player: s.p.userCode,
  transaction_id: s.id(n),
  round_id: s.id(round),
  amount,
  ...(kind ? { kind } : {}),
});
const rollback = (s: Side, n: string, ref: string, amount?: number): Body => ({
  player: s.p.userCode,
  transaction_id: s.id(n),
  reference_transaction_id: s.id(ref),
  ...(amount === undefined ? {} : { amount }),
});
/** The round of the case's first debit. */
const roundOf = (s: Side) => sql`(select id from provider_rounds where round_id = ${s.id("r1")} and user_id = ${s.p.id})`;

const UNKNOWN_CODE = "NOPROV";

const CASES: Case[] = [
  // wallet_debit
  { action: "debit", reason: "SHAPE", body: (s) => debit(s, "d", 0), outOfReach: true },
  { action: "debit", reason: "PROVIDER_MISSING", code: UNKNOWN_CODE, body: (s) => debit(s, "d", 100) },
  { action: "debit", reason: "PLAYER", body: (s) => ({ ...debit(s, "d", 100), player: "nobody-here" }) },
  {
    action: "debit",
    reason: "PROVIDER_CLOSED",
    prepare: (s) => setMaintenance(s.t, TEST_PROVIDER, true),
    body: (s) => debit(s, "d", 100),
    after: (t) => setMaintenance(t, TEST_PROVIDER, false),
  },
  {
    action: "debit",
    reason: "SETTLED",
    prepare: async (s) => {
      await s.call("debit", debit(s, "d1", 100));
      await s.call("credit", credit(s, "c1", 50));
    },
    body: (s) => debit(s, "d2", 100),
  },
  { action: "debit", reason: "BLOCKED", prepare: (s) => setBlocked(s.t, s.p.id, true), body: (s) => debit(s, "d", 100) },
  {
    action: "debit",
    reason: "ACCOUNTS",
    prepare: async (s) => {
      await s.t.ctx.db.execute(sql`delete from ledger_accounts where user_id = ${s.p.id} and kind = 'hold'`);
    },
    body: (s) => debit(s, "d", 100),
  },
  { action: "debit", reason: "FUNDS", funds: 300, body: (s) => debit(s, "d", 500) },
  {
    action: "debit",
    reason: "HOUSE_ACCOUNT",
    prepare: async (s) => {
      const shard = casinoAccountOf(TEST_PROVIDER, s.p.id);
      await s.t.ctx.db.execute(sql`update ledger_accounts set code = ${`${shard}:${s.id("old")}`} where code = ${shard}`);
    },
    body: (s) => debit(s, "d", 100),
  },
  {
    action: "debit",
    reason: "REPEAT",
    funds: 50,
    prepare: async (s) => {
      // The id refused for want of funds, then funds arrive: sent again, it is a repeat (a debit applied
      // once is found earlier, by its journal's key: 23505, the general path too).
      await s.call("debit", debit(s, "d0", 10, "r0"));
      await s.call("debit", debit(s, "d", 100));
      await fund(s.t, s.p.id, 1_000, "game");
    },
    body: (s) => debit(s, "d", 100),
  },
  // wallet_credit
  { action: "credit", reason: "SHAPE", body: (s) => credit(s, "c", 100, "refund"), outOfReach: true },
  { action: "credit", reason: "PROVIDER_MISSING", code: UNKNOWN_CODE, body: (s) => credit(s, "c", 100) },
  { action: "credit", reason: "PLAYER", body: (s) => ({ ...credit(s, "c", 100), player: "nobody-here" }) },
  {
    action: "credit",
    reason: "FREE_ROUNDS",
    prepare: (s) => setFreeRoundCredits(s.t, TEST_PROVIDER, true),
    body: (s) => credit(s, "c", 100),
    after: (t) => setFreeRoundCredits(t, TEST_PROVIDER, false),
  },
  { action: "credit", reason: "ROUND_MISSING", body: (s) => credit(s, "c", 100) },
  {
    action: "credit",
    reason: "ROLLED_BACK",
    prepare: async (s) => {
      await s.call("debit", debit(s, "d", 100));
      await s.call("rollback", rollback(s, "b", "d"));
    },
    body: (s) => credit(s, "c", 100),
  },
  {
    action: "credit",
    reason: "NO_DEBIT",
    prepare: async (s) => {
      // A free round (no debit), then free rounds switched off: a bonus for it has no debit to stand on.
      await setFreeRoundCredits(s.t, TEST_PROVIDER, true);
      await s.call("credit", credit(s, "c1", 100));
      await setFreeRoundCredits(s.t, TEST_PROVIDER, false);
    },
    body: (s) => credit(s, "c2", 100, "bonus"),
  },
  {
    action: "credit",
    reason: "SETTLED",
    prepare: async (s) => {
      await s.call("debit", debit(s, "d", 100));
      await s.call("credit", credit(s, "c1", 0));
    },
    body: (s) => credit(s, "c2", 300, "win"),
  },
  {
    action: "credit",
    reason: "LATE_CREDIT",
    prepare: async (s) => {
      await s.call("debit", debit(s, "d", 100));
      await s.call("credit", credit(s, "c1", 0));
    },
    body: (s) => credit(s, "c2", 300, "jackpot"),
  },
  {
    action: "credit",
    reason: "REFERRED",
    prepare: async (s) => {
      await s.t.ctx.db.execute(sql`update users set referred_by = ${s.q.id} where id = ${s.p.id}`);
      await s.call("debit", debit(s, "d", 1_000));
    },
    body: (s) => credit(s, "c", 200),
  },
  {
    action: "credit",
    reason: "ACCOUNTS",
    prepare: async (s) => {
      await s.call("debit", debit(s, "d", 100));
      await s.t.ctx.db.execute(sql`delete from ledger_accounts where user_id = ${s.p.id} and kind = 'hold'`);
    },
    body: (s) => credit(s, "c", 200),
  },
  {
    action: "credit",
    reason: "HOUSE_ACCOUNT",
    prepare: async (s) => {
      await s.call("debit", debit(s, "d", 100));
      const shard = casinoAccountOf(TEST_PROVIDER, s.p.id);
      await s.t.ctx.db.execute(sql`update ledger_accounts set code = ${`${shard}:${s.id("old")}`} where code = ${shard}`);
    },
    body: (s) => credit(s, "c", 200),
  },
  {
    action: "credit",
    reason: "POINTS_HOUSE_ACCOUNT",
    prepare: async (s) => {
      await s.call("debit", debit(s, "d", 5_000));
      const shard = casinoPointsAccountOf(s.p.id);
      await s.t.ctx.db.execute(sql`update ledger_accounts set code = ${`${shard}:${s.id("old")}`} where code = ${shard}`);
    },
    body: (s) => credit(s, "c", 200),
  },
  {
    action: "credit",
    reason: "REPEAT",
    prepare: async (s) => {
      // The id first refused (no such round), then sent again for the round of a debit: a duplicate.
      await s.call("debit", debit(s, "d", 100));
      await s.call("credit", credit(s, "c", 200, undefined, "r2"));
    },
    body: (s) => credit(s, "c", 200),
  },
  // wallet_rollback
  { action: "rollback", reason: "PROVIDER_MISSING", code: UNKNOWN_CODE, body: (s) => rollback(s, "b", "d") },
  { action: "rollback", reason: "PLAYER", body: (s) => ({ ...rollback(s, "b", "d"), player: "nobody-here" }) },
  { action: "rollback", reason: "DEBIT_MISSING", body: (s) => rollback(s, "b", "d") },
  {
    action: "rollback",
    reason: "NOT_A_DEBIT",
    prepare: async (s) => {
      await s.call("debit", debit(s, "d", 100));
      await s.call("credit", credit(s, "c", 0));
    },
    body: (s) => rollback(s, "b", "c"),
  },
  {
    action: "rollback",
    reason: "ROLLED_BACK",
    prepare: async (s) => {
      await s.call("debit", debit(s, "d", 100));
      await s.call("rollback", rollback(s, "b1", "d"));
    },
    body: (s) => rollback(s, "b2", "d"),
  },
  {
    action: "rollback",
    reason: "AMOUNT",
    prepare: async (s) => {
      await s.call("debit", debit(s, "d", 100));
    },
    body: (s) => rollback(s, "b", "d", 99),
  },
  {
    action: "rollback",
    reason: "DEBIT_REFUSED",
    funds: 50,
    prepare: async (s) => {
      await s.call("debit", debit(s, "d", 100));
    },
    body: (s) => rollback(s, "b", "d"),
  },
  {
    action: "rollback",
    reason: "ROUND_MISSING",
    prepare: async (s) => {
      await s.call("debit", debit(s, "d", 100));
    },
    body: (s) => rollback(s, "b", "d"),
    tamper: async (tx, s) => {
      // Rounds are never deleted (the debit's row refers to it): only with the references switched off.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`delete from provider_rounds where id = ${roundOf(s)}`);
    },
  },
  {
    action: "rollback",
    reason: "SETTLED",
    prepare: async (s) => {
      await s.call("debit", debit(s, "d", 100));
      await s.call("credit", credit(s, "c", 0));
    },
    body: (s) => rollback(s, "b", "d"),
  },
  {
    action: "rollback",
    reason: "ACCOUNTS",
    prepare: async (s) => {
      await s.call("debit", debit(s, "d", 100));
      await s.t.ctx.db.execute(sql`delete from ledger_accounts where user_id = ${s.p.id} and kind = 'hold'`);
    },
    body: (s) => rollback(s, "b", "d"),
  },
  {
    action: "rollback",
    reason: "JOURNAL",
    prepare: async (s) => {
      await s.call("debit", debit(s, "d", 100));
    },
    body: (s) => rollback(s, "b", "d"),
    tamper: async (tx, s) => {
      // The debit's journal reversed by something else than a rollback (never done by the site).
      await tx.execute(sql`
        insert into journals (kind, user_id, unique_key, reverses_id)
        select 'test_reversal', ${s.p.id}, ${s.id("rev")}, journal_id from provider_transactions
         where provider = ${TEST_PROVIDER} and transaction_id = ${s.id("d")}`);
    },
  },
  {
    action: "rollback",
    reason: "ENTRIES",
    prepare: async (s) => {
      await s.call("debit", debit(s, "d", 100));
    },
    body: (s) => rollback(s, "b", "d"),
    tamper: async (tx, s) => {
      // A third entry in the debit's journal (never written by the site).
      await tx.execute(sql`
        insert into journal_entries (journal_id, account_id, amount, balance_after)
        select t.journal_id, a.id, 1, a.balance + 1 from provider_transactions t, ledger_accounts a
         where t.provider = ${TEST_PROVIDER} and t.transaction_id = ${s.id("d")} and a.user_id = ${s.p.id} and a.kind = 'main'`);
    },
  },
  {
    action: "rollback",
    reason: "REPEAT",
    prepare: async (s) => {
      // The id first refused (another amount), then sent again with the debit's amount: a duplicate.
      await s.call("debit", debit(s, "d", 100));
      await s.call("rollback", rollback(s, "b", "d", 99));
    },
    body: (s) => rollback(s, "b", "d", 100),
  },
];

/**
 * The reasons the one-call side answers itself, and the status the general path answers them with
 * (decision 0024); every other reason goes to the general path.
 */
const ANSWERED_AS: Record<Action, Record<string, string>> = {
  debit: {
    PROVIDER_MISSING: "PROVIDER_DISABLED",
    PLAYER: "UNKNOWN_PLAYER",
    SETTLED: "ALREADY_SETTLED",
    BLOCKED: "PLAYER_BLOCKED",
    FUNDS: "INSUFFICIENT_FUNDS",
  },
  credit: {
    PROVIDER_MISSING: "PROVIDER_DISABLED",
    PLAYER: "UNKNOWN_PLAYER",
    ROUND_MISSING: "TRANSACTION_NOT_FOUND",
    ROLLED_BACK: "ALREADY_ROLLED_BACK",
    NO_DEBIT: "TRANSACTION_NOT_FOUND",
    SETTLED: "ALREADY_SETTLED",
  },
  rollback: {
    PROVIDER_MISSING: "PROVIDER_DISABLED",
    PLAYER: "UNKNOWN_PLAYER",
    NOT_A_DEBIT: "TRANSACTION_NOT_FOUND",
    ROLLED_BACK: "ALREADY_ROLLED_BACK",
    AMOUNT: "INVALID_REQUEST",
    SETTLED: "ALREADY_SETTLED",
  },
};

class RolledBack extends Error {}

describe("one case per refusal point of the wallet functions: the one-call side answers as the general path", () => {
  let one: TestApp;
  let general: TestApp;
  beforeAll(async () => {
    [one, general] = await Promise.all([createTestApp(), createTestApp()]);
    setOneCallWallet(general.ctx, false);
    for (const t of [one, general]) {
      connectTestProvider(t);
      connectTestProvider(t, UNKNOWN_CODE);
    }
  });
  afterAll(async () => {
    await Promise.all([one.close(), general.close()]);
  });

  it("every reason of every function has its case", () => {
    for (const action of ["debit", "credit", "rollback"] as const) {
      expect(
        CASES.filter((c) => c.action === action).map((c) => c.reason),
        action,
      ).toEqual([...WALLET_REASONS[action]]);
    }
  });

  async function sideOf(t: TestApp, c: Case, n: number): Promise<Side> {
    const p = await player(t, c.funds ?? 10_000);
    const q = await player(t, 0);
    return {
      t,
      p,
      q,
      id: (name) => `w${n}-${name}`,
      call: async (action, body, code) => (await wallet(t, action, body, code ? { code } : {})).answer,
    };
  }

  /** What the case left behind for its player, alike on both apps. */
  async function rowsOfCase(s: Side) {
    const q = async (query: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await s.t.ctx.db.execute(query));
    const plain = (v: unknown) => JSON.parse(JSON.stringify(v).replaceAll(s.p.userCode, "P"));
    return plain({
      balances: await q(sql`select kind, balance::text from ledger_accounts where user_id = ${s.p.id} order by kind`),
      transactions: await q(sql`
        select transaction_id, action, round_id, game_code, amount::text, kind, reference_transaction_id, request_hash is not null as hashed,
               status, answer, journal_id is not null as journal, round_ref is not null as round, balance_before::text,
               balance_after::text, placeholder, rolled_back_by
          from provider_transactions where user_id = ${s.p.id} order by id`),
      rounds: await q(sql`
        select round_id, bet::text, payout::text, status, before_balance::text, balance_after::text
          from provider_rounds where user_id = ${s.p.id} order by id`),
      journals: await q(
        sql`select kind, regexp_replace(unique_key, 'provider_round:[0-9]+$', 'provider_round:R') as unique_key from journals where user_id = ${s.p.id} and kind <> 'test_funding' order by id`,
      ),
      callbacks: await q(sql`
        select provider, action, transaction_id, status, answer, signature_ok from provider_callbacks
         where raw_body like ${`%${s.p.userCode}%`} or transaction_id like ${`${s.id("")}%`} order by id`),
    });
  }

  CASES.forEach((c, n) => {
    it(`${c.action}: ${c.reason}`, async () => {
      const sides = [await sideOf(one, c, n), await sideOf(general, c, n)] as const;
      try {
        for (const s of sides) await c.prepare?.(s);
        const [s1] = sides;
        const body = c.body(s1);
        const provider = (c.code ?? TEST_PROVIDER).toUpperCase();
        const { fn, args } = walletFunctionCall(
          {
            provider,
            action: c.action,
            body: body as never,
            requestHash: "hash",
            callback: { provider, action: c.action, headers: {}, rawBody: "{}", ip: null },
          },
          String(body.transaction_id),
          one.ctx.clock.now(),
        );
        let raised: unknown;
        await one.ctx.db
          .transaction(async (tx) => {
            await c.tamper?.(tx, s1);
            try {
              await tx.execute(walletStatement(fn, args));
            } catch (err) {
              raised = err;
            }
            throw new RolledBack();
          })
          .catch((err) => {
            if (!(err instanceof RolledBack)) throw err;
          });
        const reason = walletReasonOf(raised, c.action);
        expect(reason?.code, String(raised)).toBe(c.reason);
        if (c.tamper || c.outOfReach) return;

        const before = walletPathCounts(one.ctx);
        const answers = [];
        for (const s of sides) answers.push(await s.call(c.action, c.body(s), c.code));
        expect(answers[0]).toEqual(answers[1]);
        const answeredAs = ANSWERED_AS[c.action][c.reason];
        const after = walletPathCounts(one.ctx);
        expect({
          refused: after.refused - before.refused,
          general: after.general - before.general,
          oneCall: after.oneCall - before.oneCall,
        }).toEqual(answeredAs ? { refused: 1, general: 0, oneCall: 0 } : { refused: 0, general: 1, oneCall: 0 });
        if (answeredAs) expect(answers[0]).toMatchObject({ status: answeredAs });
        // A repeat of the call gets the same answer on both sides.
        const repeats = [];
        for (const s of sides) repeats.push(await s.call(c.action, c.body(s), c.code));
        expect(repeats[0]).toEqual(repeats[1]);
        expect(await rowsOfCase(sides[0])).toEqual(await rowsOfCase(sides[1]));
      } finally {
        for (const s of sides) await c.after?.(s.t);
      }
    });
  });
});
