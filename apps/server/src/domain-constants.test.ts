/**
 * Domain constants are used, never retyped: a list the domain exports (the lottery types, the
 * limit kinds, the vitals' pages …) or one of its large caps (MAX_AMOUNT …) written out again as a
 * literal in the contracts or the web app's product code fails here. Retyped copies drift apart
 * silently; importing `@shwe/domain` keeps one truth (the contracts may: docs/architecture.md).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import * as domain from "@shwe/domain";
import { describe, expect, it } from "vitest";
import { listSources, REPO_ROOT } from "./test/import-graph.ts";

/** Caps at least this large are distinctive enough to be found as literals (smaller numbers recur by chance). */
const SMALLEST_CAP = 100_000_000;

/** A number as source code may write it: digits with optional `_` separators. */
const numberPattern = (n: number) => [...String(n)].map((d) => (d === "." ? "\\." : d)).join("_?");
const itemPattern = (item: string | number) =>
  typeof item === "number" ? numberPattern(item) : `["'\`]${item.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&")}["'\`]`;

const exported: [string, unknown][] = Object.entries(domain);
const isList = (value: unknown): value is readonly (string | number)[] =>
  Array.isArray(value) && value.length >= 2 && value.every((v) => typeof v === "string" || typeof v === "number");
const lists = exported.flatMap(([name, value]) => (isList(value) ? [[name, value] as const] : []));
const caps = exported.flatMap(([name, value]) => (typeof value === "number" && value >= SMALLEST_CAP ? [[name, value] as const] : []));

const patterns = [
  ...lists.map(([name, items]) => ({ name, pattern: new RegExp(`\\[\\s*${items.map(itemPattern).join("\\s*,\\s*")}\\s*,?\\s*\\]`) })),
  ...caps.map(([name, value]) => ({ name, pattern: new RegExp(`(?<![\\w.])-?${numberPattern(value)}(?![\\w.])`) })),
];

const isTest = (file: string) => /\.test\.tsx?$|\.test-helpers\.ts$|(^|\/|-)testing\.tsx?$|\/test\//.test(file);
const productFiles = [...listSources("packages/contracts/src"), ...listSources("apps/web/src")].filter((f) => !isTest(f));

/** Where a pattern matches in a file: `file:line NAME`. */
function findRetyped(file: string, text: string): string[] {
  const found: string[] = [];
  for (const { name, pattern } of patterns) {
    const match = pattern.exec(text);
    if (match) found.push(`${file}:${text.slice(0, match.index).split("\n").length} ${name}`);
  }
  return found;
}

describe("domain constants", () => {
  it("finds the domain's lists and caps to look for", () => {
    expect(lists.map(([name]) => name)).toEqual(
      expect.arrayContaining(["LOTTERY_TYPES", "LIMIT_KINDS", "VITAL_PAGES", "REALITY_CHECK_MINUTES"]),
    );
    expect(caps.map(([name]) => name)).toEqual(expect.arrayContaining(["MAX_AMOUNT", "MAX_LIMIT_AMOUNT", "POCKET_MAX_AMOUNT"]));
  });

  it("spots a retyped list or cap", () => {
    expect(findRetyped("x.ts", 'z.enum(["1D", "2D", "3D", "C1D", "C2D"])')).toEqual(["x.ts:1 LOTTERY_TYPES"]);
    expect(findRetyped("x.ts", "const KINDS = [\n  'deposit',\n  'loss',\n  'stake',\n];")).toEqual(["x.ts:1 LIMIT_KINDS"]);
    expect(findRetyped("x.ts", "\nconst MAX = 10_000_000_000;")).toEqual(["x.ts:2 MAX_AMOUNT", "x.ts:2 POCKET_MAX_BUDGET"]);
    expect(findRetyped("x.ts", "const n = 110_000_000_000; const id = 'x10000000000';")).toEqual([]);
  });

  it("are imported from @shwe/domain, not retyped, in the contracts and the web app", () => {
    const found = productFiles.flatMap((file) => findRetyped(file, readFileSync(path.join(REPO_ROOT, file), "utf8")));
    expect(found).toEqual([]);
  });
});
