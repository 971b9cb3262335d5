import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_AMOUNT } from "../money.ts";
import { applyPostings, checkPostings, isEntryAmount, type Posting, reversePostings } from "./posting.ts";

const accounts = ["p:main", "p:game", "p:hold", "house:promo", "external:wallet:1"] as const;
const isGuarded = (a: string) => a.startsWith("p:");

/** A balanced journal over distinct accounts: random non-zero amounts plus one balancing entry. */
const journalArb = fc
  .shuffledSubarray([...accounts], { minLength: 2, maxLength: accounts.length })
  .chain((accs) =>
    fc
      .array(
        fc.integer({ min: -1_000_000, max: 1_000_000 }).filter((n) => n !== 0),
        { minLength: accs.length - 1, maxLength: accs.length - 1 },
      )
      .map((amounts) => {
        const sum = amounts.reduce((s, n) => s + n, 0);
        return { accs, amounts, sum };
      }),
  )
  .filter(({ sum }) => sum !== 0)
  .map(({ accs, amounts, sum }): Posting<string>[] => [
    ...amounts.map((amount, i) => ({ account: accs[i] as string, amount })),
    { account: accs[accs.length - 1] as string, amount: -sum },
  ]);

const balancesArb = fc
  .tuple(...accounts.map(() => fc.integer({ min: 0, max: 5_000_000 })))
  .map((vals) => new Map<string, number>(accounts.map((a, i) => [a, vals[i] as number])));

describe("checkPostings", () => {
  it("accepts a balanced journal of two entries", () => {
    expect(
      checkPostings([
        { account: "a", amount: -5 },
        { account: "b", amount: 5 },
      ]),
    ).toBeNull();
  });

  it.each([
    [[{ account: "a", amount: 5 }], "TOO_FEW_ENTRIES"],
    [[], "TOO_FEW_ENTRIES"],
    [
      [
        { account: "a", amount: 0 },
        { account: "b", amount: 0 },
      ],
      "ZERO_ENTRY",
    ],
    [
      [
        { account: "a", amount: -5 },
        { account: "b", amount: 4 },
      ],
      "UNBALANCED",
    ],
    [
      [
        { account: "a", amount: -5 },
        { account: "a", amount: 5 },
      ],
      "DUPLICATE_ACCOUNT",
    ],
    [
      [
        { account: "a", amount: -0.5 },
        { account: "b", amount: 0.5 },
      ],
      "INVALID_AMOUNT",
    ],
    [
      [
        { account: "a", amount: -(MAX_AMOUNT + 1) },
        { account: "b", amount: MAX_AMOUNT + 1 },
      ],
      "INVALID_AMOUNT",
    ],
    [
      [
        { account: "a", amount: Number.NaN },
        { account: "b", amount: 1 },
      ],
      "INVALID_AMOUNT",
    ],
  ] as [Posting[], string][])("refuses %j with %s", (entries, problem) => {
    expect(checkPostings(entries)).toBe(problem);
  });

  it("every generated balanced journal is accepted; changing any one amount makes it unbalanced", () => {
    fc.assert(
      fc.property(journalArb, fc.nat(10), fc.integer({ min: 1, max: 1000 }), (entries, pick, delta) => {
        expect(checkPostings(entries)).toBeNull();
        const i = pick % entries.length;
        const changed = entries.map((e, j) => (j === i ? { ...e, amount: e.amount + delta } : e));
        expect(["UNBALANCED", "ZERO_ENTRY"]).toContain(checkPostings(changed));
      }),
    );
  });

  it("isEntryAmount refuses anything but a non-zero safe integer within the cap", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(0, -0, Number.NaN, Infinity, -Infinity, 2 ** 53, -(2 ** 53), 1e20, MAX_AMOUNT + 1, "5", null, undefined, [], {}),
          fc.double({ noInteger: true }),
        ),
        (v) => {
          expect(isEntryAmount(v)).toBe(false);
        },
      ),
    );
    expect(isEntryAmount(MAX_AMOUNT)).toBe(true);
    expect(isEntryAmount(-MAX_AMOUNT)).toBe(true);
  });
});

describe("applyPostings", () => {
  it("apply then reverse is the identity (whenever the journal applies)", () => {
    fc.assert(
      fc.property(balancesArb, journalArb, (balances, entries) => {
        const applied = applyPostings(balances, entries, isGuarded);
        if (!applied.ok) return;
        const back = applyPostings(applied.balances, reversePostings(entries), isGuarded);
        expect(back.ok).toBe(true);
        if (back.ok) expect(back.balances).toEqual(balances);
      }),
    );
  });

  it("keeps the total of all accounts and never lets a guarded account go negative", () => {
    fc.assert(
      fc.property(balancesArb, fc.array(journalArb, { maxLength: 30 }), (start, journals) => {
        const total = (m: ReadonlyMap<string, number>) => [...m.values()].reduce((s, n) => s + n, 0);
        let current: Map<string, number> = start;
        for (const j of journals) {
          const r = applyPostings(current, j, isGuarded);
          if (r.ok) current = r.balances;
          else expect(r.code).toBe("INSUFFICIENT_FUNDS");
          expect(total(current)).toBe(total(start));
          for (const [a, v] of current) if (isGuarded(a)) expect(v).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it("a refused journal changes nothing", () => {
    const start = new Map([
      ["p:main", 100],
      ["p:game", 0],
    ]);
    const r = applyPostings(
      start,
      [
        { account: "p:game", amount: 50 },
        { account: "p:main", amount: -150 },
        { account: "house:promo", amount: 100 },
      ],
      isGuarded,
    );
    expect(r).toEqual({ ok: false, code: "INSUFFICIENT_FUNDS", account: "p:main" });
    expect(start.get("p:main")).toBe(100);
  });
});
