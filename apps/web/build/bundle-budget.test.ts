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

  it("lists the largest modules of a page over its budget, largest first, and holds a page to its own budget", () => {
    const chunks = [
      chunk("assets/index.js", {
        isEntry: true,
        code: code(100),
        modules: { "/repo/node_modules/react-dom/cjs/react-dom-client.production.js": 500_000, "/repo/apps/web/src/main.tsx": 2_000 },
      }),
      chunk("assets/home.js", {
        facadeModuleId: "/app/src/pages/home.tsx",
        code: code(5),
        modules: { "/repo/apps/web/src/pages/home.tsx": 9_000 },
      }),
      chunk("assets/lottery.js", { facadeModuleId: "/app/src/pages/lottery.tsx", code: code(30) }),
    ];
    const report = checkBundleBudget(chunks, { budgetKb: 100, pages, pageBudgetKb: { "2D": 150 } });
    expect(report.failures).toHaveLength(1);
    const lines = report.failures[0]?.split("\n") ?? [];
    expect(lines[0]).toMatch(/^home: initial JS 10\d(\.\d)? KB gzip > 100 KB/);
    expect(lines[1]).toBe("  largest modules (before minification):");
    expect(lines.slice(2).map((l) => l.trim().replace(/\s+/g, " "))).toEqual([
      "488.3 KB node_modules/react-dom/cjs/react-dom-client.production.js (assets/index.js)",
      "8.8 KB apps/web/src/pages/home.tsx (assets/home.js)",
      "2.0 KB apps/web/src/main.tsx (assets/index.js)",
    ]);
  });

  it("holds every entry page of the app to the one ceiling, the form pages too", async () => {
    const { BUDGETED_PAGES, INITIAL_JS_BUDGET_KB, INITIAL_JS_TARGET_KB, PAGE_BUDGET_KB } = await import("./bundle-budget.ts");
    expect(INITIAL_JS_BUDGET_KB).toBe(114);
    expect(INITIAL_JS_TARGET_KB).toBe(90);
    expect(Object.keys(BUDGETED_PAGES)).toEqual(["home", "2D", "winner list", "sign-in", "cash-in", "bet-slip history"]);
    expect(PAGE_BUDGET_KB).toEqual({});
  });
});
