// @vitest-environment node
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type BudgetChunk, checkBundleBudget } from "./bundle-budget.ts";

/** JavaScript-looking text that gzip cannot shrink much: about `kb` KB once compressed. */
function code(kb: number): string {
  return `export const x="${randomBytes(kb * 1024).toString("base64")}";`;
}

const chunk = (fileName: string, over: Partial<BudgetChunk> = {}): BudgetChunk => ({
  fileName,
  code: code(1),
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  ...over,
});

const pages = { home: "src/pages/home.tsx", "2D": "src/pages/lottery.tsx" };

describe("bundle budget", () => {
  it("weighs the entry's static imports plus each page's chunk and its static imports, not other chunks", () => {
    const chunks = [
      chunk("assets/index.js", { isEntry: true, imports: ["assets/react.js"], code: code(40) }),
      chunk("assets/react.js", { code: code(30) }),
      chunk("assets/home.js", { facadeModuleId: "/app/src/pages/home.tsx", imports: ["assets/shared.js"], code: code(10) }),
      chunk("assets/lottery.js", { facadeModuleId: "/app/src/pages/lottery.tsx", code: code(20) }),
      chunk("assets/shared.js", { code: code(5) }),
      chunk("assets/admin.js", { facadeModuleId: "/app/src/admin.tsx", code: code(200) }),
    ];
    const report = checkBundleBudget(chunks, { budgetKb: 120, pages });
    expect(report.failures).toEqual([]);
    const home = report.pages.find((p) => p.page === "home");
    expect(home?.files.sort()).toEqual(["assets/home.js", "assets/index.js", "assets/react.js", "assets/shared.js"]);
    expect(home?.gzipKb).toBeGreaterThan(80);
    expect(home?.gzipKb).toBeLessThan(100);
    expect(report.pages.find((p) => p.page === "2D")?.files.sort()).toEqual(["assets/index.js", "assets/lottery.js", "assets/react.js"]);
  });

  it("fails when a page's initial JS is over the budget, naming the page and its files", () => {
    const chunks = [
      chunk("assets/index.js", { isEntry: true, code: code(100) }),
      chunk("assets/home.js", { facadeModuleId: "/app/src/pages/home.tsx", code: code(5) }),
      chunk("assets/lottery.js", { facadeModuleId: "/app/src/pages/lottery.tsx", code: code(30) }),
    ];
    const report = checkBundleBudget(chunks, { budgetKb: 120, pages });
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]).toMatch(/^2D: initial JS 1\d\d(\.\d)? KB gzip > 120 KB \(assets\/index\.js, assets\/lottery\.js\)$/);
  });

  it("fails when a budgeted page has no chunk of its own (moved, renamed, or no longer split out)", () => {
    const chunks = [chunk("assets/index.js", { isEntry: true }), chunk("assets/home.js", { facadeModuleId: "/app/src/pages/home.tsx" })];
    expect(checkBundleBudget(chunks, { pages }).failures).toEqual(["2D: no chunk of its own for src/pages/lottery.tsx"]);
  });

  it("holds the real pages of the app to 120 KB", async () => {
    const { BUDGETED_PAGES, INITIAL_JS_BUDGET_KB } = await import("./bundle-budget.ts");
    expect(INITIAL_JS_BUDGET_KB).toBe(120);
    expect(BUDGETED_PAGES).toEqual({ home: "src/features/home/pages/home-page.tsx", "2D": "src/features/lottery/pages/lottery-page.tsx" });
  });
});
