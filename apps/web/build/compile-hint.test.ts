import { describe, expect, it } from "vitest";
import { COMPILE_HINT, withCompileHint } from "./compile-hint.ts";

describe("withCompileHint", () => {
  it("puts V8's whole-file hint on the first line, once", () => {
    const code = 'import"./a.js";console.log(1);\n';
    const hinted = withCompileHint(code);
    expect(hinted.split("\n")[0]).toBe("//# allFunctionsCalledOnLoad");
    expect(hinted.endsWith(code)).toBe(true);
    expect(withCompileHint(hinted)).toBe(hinted);
    expect(COMPILE_HINT.endsWith("\n")).toBe(true);
  });
});
