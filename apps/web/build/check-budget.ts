/**
 * `npm test`, after the build: weighs the first-visit JS of every entry page from the files the build
 * wrote (apps/web/dist, or the folder given as the first argument) against the budget, and fails
 * with the page's largest modules when one is over. Sizes are deterministic: no browser, no clock.
 * It also checks that the entry chunk carries V8's compile hint on its first line (build/compile-hint.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { BUDGET_STATS, type BudgetChunk, checkBundleBudget, INITIAL_JS_BUDGET_KB, INITIAL_JS_TARGET_KB } from "./bundle-budget.ts";
import { COMPILE_HINT } from "./compile-hint.ts";

const dist = process.argv[2] ?? join(import.meta.dirname, "..", "dist");
const statsFile = join(dist, BUDGET_STATS);
if (!existsSync(statsFile)) {
  console.error(`[budget] ${statsFile} is missing: build the web app first (npm run build).`);
  process.exit(1);
}
const stats = JSON.parse(readFileSync(statsFile, "utf8")) as Omit<BudgetChunk, "code">[];
const chunks: BudgetChunk[] = stats.map((chunk) => ({ ...chunk, code: readFileSync(join(dist, chunk.fileName), "utf8") }));
const report = checkBundleBudget(chunks);
for (const page of report.pages)
  console.log(`[budget] ${page.page.padEnd(17)} ${String(page.gzipKb).padStart(6)} KB gzip in ${page.files.length} files`);
console.log(`[budget] ceiling ${INITIAL_JS_BUDGET_KB} KB per page (goal ${INITIAL_JS_TARGET_KB} KB)`);
if (report.failures.length > 0) {
  console.error(`[budget] initial JS over budget:\n${report.failures.join("\n")}`);
  process.exit(1);
}
const unhinted = chunks.filter(
  (chunk) => chunk.isEntry && chunk.fileName.endsWith(".js") && chunk.facadeModuleId && !chunk.code.startsWith(COMPILE_HINT),
);
if (unhinted.length > 0) {
  console.error(`[budget] entry chunk without the compile hint on its first line: ${unhinted.map((c) => c.fileName).join(", ")}`);
  process.exit(1);
}
