import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Executor, rowsOf } from "../../db/client.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import {
  type AccountRef,
  DuplicateJournalError,
  InsufficientFundsError,
  type PostedJournal,
  type PostJournalInput,
  postJournal,
  postJournals,
} from "./ledger.service.ts";
import type { PlayerAccountKind } from "./player-accounts.repository.ts";
import { balancesOf, createUser, expectLedgerClean, fund, moneySnapshot } from "./testing.ts";

/**
 * postJournals must do exactly what postJournal called once per journal, in order, would do: same
 * accept / refuse decision, same balances, journals, entries (balance_after and id order), outbox
 * rows and answers. Each side runs in its own transaction on the same committed state and is rolled
 * back after its effects are read; ids are compared by position, accounts by owner and kind or code.
 */

const ROLLBACK = new Error("rollback");

interface Effects {
  answers: unknown[];
  journals: unknown[];
  entries: unknown[];
  outbox: unknown[];
  balances: Record<string, number>;
}

type Outcome = { ok: true; effects: Effects } | { ok: false; error: unknown };

const label = (r: { user_id: number | null; kind: string; code: string | null }) => r.code ?? `${r.user_id}:${r.kind}`;
const refLabel = (ref: AccountRef) => ("code" in ref ? ref.code : `${ref.userId}:${ref.kind}`);

async function maxId(tx: Executor, table: string): Promise<number> {
  const res = await tx.execute(sql.raw(`select coalesce(max(id), 0)::bigint as n from ${table}`));
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

/** Runs `work` in a transaction that is always rolled back, and answers what it did. */
async function probe(t: TestApp, work: (tx: Executor) => Promise<PostedJournal[]>): Promise<Outcome> {
  let outcome: Outcome | undefined;
  try {
    await t.ctx.db.transaction(async (tx) => {
      const from = { j: await maxId(tx, "journals"), e: await maxId(tx, "journal_entries"), o: await maxId(tx, "outbox") };
      let posted: PostedJournal[];
      try {
        posted = await work(tx);
      } catch (error) {
        outcome = { ok: false, error };
        throw ROLLBACK;
      }
      const journals = rowsOf<Record<string, unknown> & { id: number }>(
        await tx.execute(sql`select id, kind, user_id, unique_key, reverses_id, ref_type, ref_id, memo, meta, created_by
                               from journals where id > ${from.j} order by id`),
      );
      const position = new Map(journals.map((j, i) => [Number(j.id), i]));
      const entries = rowsOf<{
        journal_id: number;
        user_id: number | null;
        kind: string;
        code: string | null;
        amount: number;
        balance_after: number;
      }>(
        await tx.execute(sql`select e.journal_id, a.user_id, a.kind, a.code, e.amount, e.balance_after
                               from journal_entries e join ledger_accounts a on a.id = e.account_id
                              where e.id > ${from.e} order by e.id`),
      );
      const outbox = rowsOf<{ topic: string; user_id: number; payload: { journal_id: number; kind: string } }>(
        await tx.execute(sql`select topic, user_id, payload from outbox where id > ${from.o} order by id`),
      );
      const accounts = rowsOf<{ user_id: number | null; kind: string; code: string | null; balance: number }>(
        await tx.execute(sql`select user_id, kind, code, balance from ledger_accounts`),
      );
      outcome = {
        ok: true,
        effects: {
          answers: posted.map((p) => ({
            journal: position.get(p.journalId),
            userIds: p.userIds,
            entries: p.entries.map((e) => ({ account: refLabel(e.account), amount: e.amount, balanceAfter: e.balanceAfter })),
          })),
          journals: journals.map(({ id: _id, ...rest }) => rest),
          entries: entries.map((e) => ({
            journal: position.get(Number(e.journal_id)),
            account: label(e),
            amount: Number(e.amount),
            balanceAfter: Number(e.balance_after),
          })),
          outbox: outbox.map((o) => ({
            topic: o.topic,
            user: Number(o.user_id),
            journal: position.get(Number(o.payload.journal_id)),
            kind: o.payload.kind,
          })),
          balances: Object.fromEntries(accounts.map((a) => [label(a), Number(a.balance)])),
        },
      };
      throw ROLLBACK;
    });
  } catch (err) {
    if (err !== ROLLBACK) throw err;
  }
  if (!outcome) throw new Error("probe finished without an outcome");
  return outcome;
}

const sequential = (inputs: readonly PostJournalInput[]) => async (tx: Executor) => {
  const out: PostedJournal[] = [];
  for (const input of inputs) out.push(await postJournal(tx, input));
  return out;
};

describe("ledger: postJournals is N postJournal calls in one go", () => {
  let t: TestApp;
  let players: number[];
  let reversible: number;
  let reversed: number;
  let run = 0;
  beforeAll(async () => {
    t = await createTestApp();
    const a = await createUser(t);
    const b = await createUser(t);
    const c = await createUser(t);
    // A player whose ledger accounts do not exist yet: both sides create them on first use.
    const lazy = await createUser(t, { accounts: false });
    players = [a.id, b.id, c.id, lazy.id];
    for (const id of [a.id, b.id, c.id]) {
      await fund(t, id, 8_000, "main");
      await fund(t, id, 5_000, "game");
      await t.ctx.db.transaction((tx) =>
        postJournal(tx, {
          kind: "test_funding",
          userId: id,
          entries: [
            { account: { userId: id, kind: "point" }, amount: 5_000 },
            { account: { code: "house:points" }, amount: -5_000 },
          ],
        }),
      );
    }
    const post = (key: string) =>
      t.ctx.db.transaction((tx) =>
        postJournal(tx, {
          kind: "test_seed",
          userId: a.id,
          uniqueKey: key,
          entries: [
            { account: { userId: a.id, kind: "point" }, amount: 50 },
            { account: { code: "house:points" }, amount: -50 },
          ],
        }),
      );
    await post("taken");
    reversible = (await post("reversible")).journalId;
    reversed = (await post("reversed")).journalId;
    await t.ctx.db.transaction((tx) =>
      postJournal(tx, {
        kind: "test_seed_reversal",
        userId: a.id,
        reversesId: reversed,
        entries: [
          { account: { userId: a.id, kind: "point" }, amount: -50 },
          { account: { code: "house:points" }, amount: 50 },
        ],
      }),
    );
  });
  afterEach(async () => expectLedgerClean(t));
  afterAll(async () => t.close());

  const kinds: PlayerAccountKind[] = ["main", "game", "point"];
  const account: fc.Arbitrary<AccountSpec> = fc.oneof(
    { weight: 3, arbitrary: fc.record({ player: fc.constantFrom(0, 0, 1, 1, 2, 2, 3), kind: fc.constantFrom(...kinds) }) },
    { weight: 2, arbitrary: fc.record({ code: fc.constantFrom("house:a", "house:b", "external:x", "house:fresh") }) },
  );
  // Mostly small moves (most batches go through), now and then one that overdraws.
  const amount = fc.oneof(
    { weight: 9, arbitrary: fc.oneof(fc.integer({ min: -800, max: -1 }), fc.integer({ min: 1, max: 1_500 })) },
    { weight: 1, arbitrary: fc.oneof(fc.integer({ min: -20_000, max: -1 }), fc.integer({ min: 1, max: 20_000 })) },
  );
  const journal = fc.record({
    accounts: fc.uniqueArray(account, { minLength: 1, maxLength: 3, selector: (a) => JSON.stringify(a) }),
    amounts: fc.array(amount, { minLength: 3, maxLength: 3 }),
    key: fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom<KeySpec>("none", "own", "own") },
      { weight: 1, arbitrary: fc.constantFrom<KeySpec>("shared", "taken") },
    ),
    reverses: fc.oneof(
      { weight: 20, arbitrary: fc.constant<ReversesSpec>("none") },
      { weight: 1, arbitrary: fc.constantFrom<ReversesSpec>("reversible", "reversed") },
    ),
    meta: fc.option(fc.record({ n: fc.nat(9), s: fc.constantFrom("x", "q'\"{}") }, { noNullPrototype: true }), { nil: null }),
    refId: fc.option(fc.oneof(fc.nat(99), fc.constantFrom("r-1", "r-2")), { nil: null }),
  });

  /** A journal spec as postJournal input: the last entry (on the balancing account) makes the sum zero. */
  function toInput(spec: JournalSpec, i: number): PostJournalInput | null {
    const refs: AccountRef[] = spec.accounts.map((a) =>
      "code" in a ? { code: a.code } : { userId: players[a.player] ?? 0, kind: a.kind },
    );
    const balancing: AccountRef = refs.some((r) => "code" in r && r.code === "house:b") ? { code: "house:a" } : { code: "house:b" };
    if (refs.some((r) => refLabel(r) === refLabel(balancing))) return null;
    const entries = refs.map((ref, k) => ({ account: ref, amount: spec.amounts[k] ?? 1 }));
    const sum = entries.reduce((s, e) => s + e.amount, 0);
    if (sum === 0) return null;
    entries.push({ account: balancing, amount: -sum });
    const firstPlayer = refs.find((r): r is { userId: number; kind: PlayerAccountKind } => "userId" in r);
    return {
      kind: i % 2 === 0 ? "test_a" : "test_b",
      userId: firstPlayer?.userId ?? null,
      uniqueKey: { none: null, own: `own:${run}:${i}`, shared: "shared", taken: "taken" }[spec.key],
      reversesId: spec.reverses === "reversible" ? reversible : spec.reverses === "reversed" ? reversed : null,
      refType: spec.refId === null ? null : "test",
      refId: spec.refId,
      memo: `journal ${i}`,
      meta: spec.meta,
      entries,
    };
  }

  it("random batches: same decision, balances, journals, entries, outbox rows and answers", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(journal, { minLength: 1, maxLength: 10 }), async (specs) => {
        run++;
        const inputs = specs.map(toInput).filter((x): x is PostJournalInput => x !== null);
        if (inputs.length === 0) return;
        const one = await probe(t, sequential(inputs));
        const batch = await probe(t, (tx) => postJournals(tx, inputs));
        expect(batch.ok).toBe(one.ok);
        if (one.ok && batch.ok) {
          expect(batch.effects).toEqual(one.effects);
        } else if (!one.ok && !batch.ok) {
          if (one.error instanceof InsufficientFundsError) {
            expect(batch.error).toBeInstanceOf(InsufficientFundsError);
            expect((batch.error as InsufficientFundsError).account).toBe(one.error.account);
          } else if (one.error instanceof DuplicateJournalError) {
            // A batch checks every debit before it writes: an overdraft after the duplicate is reported first.
            if (batch.error instanceof DuplicateJournalError) expect(batch.error.uniqueKey).toBe(one.error.uniqueKey);
            else expect(batch.error).toBeInstanceOf(InsufficientFundsError);
          } else {
            expect(String(batch.error)).toBe(String(one.error));
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it("a committed batch moves every balance and keeps each account's balance_after chain", async () => {
    const [a, b] = players as [number, number];
    const before = { a: await balancesOf(t, a), b: await balancesOf(t, b) };
    const inputs: PostJournalInput[] = [];
    for (let i = 0; i < 40; i++) {
      const who = i % 3 === 0 ? b : a;
      inputs.push({
        kind: "test_batch",
        userId: who,
        uniqueKey: `batch:${i}`,
        entries: [
          { account: { userId: who, kind: "main" }, amount: i % 2 === 0 ? 100 + i : -(50 + i) },
          { account: { code: `house:shard:${i % 4}` }, amount: i % 2 === 0 ? -(100 + i) : 50 + i },
        ],
      });
    }
    const posted = await t.ctx.db.transaction((tx) => postJournals(tx, inputs));
    expect(posted.map((p) => p.userIds)).toEqual(inputs.map((i) => [i.userId]));
    const net = (who: number) => inputs.filter((i) => i.userId === who).reduce((s, i) => s + (i.entries[0]?.amount ?? 0), 0);
    expect((await balancesOf(t, a)).balance).toBe(before.a.balance + net(a));
    expect((await balancesOf(t, b)).balance).toBe(before.b.balance + net(b));
    const last = posted.at(-1)?.entries.find((e) => "userId" in e.account);
    expect(last?.balanceAfter).toBe((await balancesOf(t, inputs.at(-1)?.userId ?? 0)).balance);
    // expectLedgerClean (after each test) checks every balance_after against the running sum in id order.
  });

  it("refuses a batch that overdraws part-way and leaves everything as it was", async () => {
    const [a] = players as [number];
    const main = (await balancesOf(t, a)).balance;
    const before = await moneySnapshot(t.ctx.db);
    const move = (amount: number, key: string): PostJournalInput => ({
      kind: "test_batch",
      userId: a,
      uniqueKey: key,
      entries: [
        { account: { userId: a, kind: "main" }, amount },
        { account: { code: "house:a" }, amount: -amount },
      ],
    });
    // The net of the batch is positive, but its second journal alone takes the balance below zero.
    const attempt = t.ctx.db.transaction((tx) =>
      postJournals(tx, [move(100, "over:1"), move(-(main + 101), "over:2"), move(main + 500, "over:3")]),
    );
    await expect(attempt).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);
    const dup = t.ctx.db.transaction((tx) => postJournals(tx, [move(10, "dup:1"), move(10, "dup:1")]));
    await expect(dup).rejects.toBeInstanceOf(DuplicateJournalError);
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);
  });

  it("posts nothing for an empty batch", async () => {
    const before = await moneySnapshot(t.ctx.db);
    expect(await t.ctx.db.transaction((tx) => postJournals(tx, []))).toEqual([]);
    expect(await moneySnapshot(t.ctx.db)).toEqual(before);
  });
});

type AccountSpec = { player: number; kind: PlayerAccountKind } | { code: string };

type KeySpec = "none" | "own" | "shared" | "taken";
type ReversesSpec = "none" | "reversible" | "reversed";

type JournalSpec = {
  accounts: AccountSpec[];
  amounts: number[];
  key: KeySpec;
  reverses: ReversesSpec;
  meta: { n: number; s: string } | null;
  refId: number | string | null;
};
