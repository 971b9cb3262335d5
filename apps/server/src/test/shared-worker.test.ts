/**
 * The server's test files share their worker process and its modules (vitest.config.ts:
 * `isolate: false`). That is safe while no file changes what the next file in the same process
 * would see: module mocks, stubbed globals or environment, fake timers left on, writes to
 * `process.env` or `globalThis`. This test finds any such line in the server's code, tests and test
 * helpers. Fake timers are allowed in a file that turns them off again (`vi.useRealTimers()`, in an
 * `afterEach`).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listSources, REPO_ROOT } from "./import-graph.ts";

const SELF = "apps/server/src/test/shared-worker.test.ts";

/** A line that leaks, unless its file also matches `undoneBy` (the file puts it back itself). */
const LEAKS: { what: string; pattern: RegExp; undoneBy?: RegExp }[] = [
  { what: "a module mock", pattern: /\bvi\.(mock|doMock|hoisted)\(/ },
  { what: "a stubbed global or environment variable", pattern: /\bvi\.(stubEnv|stubGlobal)\(/ },
  { what: "fake timers", pattern: /\bvi\.useFakeTimers\(/, undoneBy: /afterEach\([^)]*\)\s*=>\s*\{?\s*vi\.useRealTimers\(\)/ },
  {
    what: "a write to process.env",
    pattern: /\bprocess\.env(\.\w+|\[[^\]]+\])\s*(=(?!=)|\?\?=|\|\|=)|delete\s+process\.env|assign\(\s*process\.env/,
  },
  { what: "a write to globalThis", pattern: /\bglobalThis(\.\w+|\[[^\]]+\])\s*=(?!=)/ },
];

/** Every line of the server's sources (tests included) that would leak into the next test file. */
function leaks(): string[] {
  const found: string[] = [];
  for (const file of listSources("apps/server/src")) {
    if (file === SELF) continue;
    const text = readFileSync(path.join(REPO_ROOT, file), "utf8");
    const leaking = LEAKS.filter(({ undoneBy }) => !undoneBy?.test(text));
    text.split("\n").forEach((line, i) => {
      for (const { what, pattern } of leaking) if (pattern.test(line)) found.push(`${file}:${i + 1}: ${what}`);
    });
  }
  return found;
}

describe("server test files sharing a worker", () => {
  it("leave nothing behind for the next file: no module mocks, stubs, fake timers or writes to process.env and globalThis", () => {
    expect(leaks()).toEqual([]);
  });

  it("the patterns catch what they name", () => {
    const caught = (line: string) => LEAKS.filter(({ pattern }) => pattern.test(line)).map(({ what }) => what);
    expect(caught('vi.mock("../db/client.ts")')).toEqual(["a module mock"]);
    expect(caught('vi.stubEnv("TZ", "UTC")')).toEqual(["a stubbed global or environment variable"]);
    expect(caught("vi.useFakeTimers()")).toEqual(["fake timers"]);
    expect(caught('process.env.DATABASE_URL = "x"')).toEqual(["a write to process.env"]);
    expect(caught('process.env["TZ"] ??= "UTC"')).toEqual(["a write to process.env"]);
    expect(caught("delete process.env.PORT")).toEqual(["a write to process.env"]);
    expect(caught("Object.assign(process.env, env)")).toEqual(["a write to process.env"]);
    expect(caught("globalThis.fetch = fake")).toEqual(["a write to globalThis"]);
    expect(caught("const url = process.env.TEST_DATABASE_URL || undefined;")).toEqual([]);
    expect(caught('if (process.env.CI === "1") return;')).toEqual([]);
    expect(caught("const env = { ...process.env, PORT: '0' };")).toEqual([]);
  });
});
