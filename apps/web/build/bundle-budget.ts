import { gzipSync } from "node:zlib";

/**
 * The JavaScript budget of a first visit: for each listed page, the JS the browser must download
 * before it can draw that page — the entry chunk index.html loads, everything it imports
 * statically, and the page's own chunk with its static imports — gzip level 9, in KB (1,024 bytes).
 * Chunks loaded later (other pages, dialogs, toasts, the operator console) are not counted.
 */

/** The budget of the benchmark issue: 120 KB of gzipped JS for the home page and for the 2D page. */
export const INITIAL_JS_BUDGET_KB = 120;

/** Pages held to the budget, by the source file of their lazy chunk (relative to apps/web). */
export const BUDGETED_PAGES: Record<string, string> = {
  home: "src/features/home/pages/home-page.tsx",
  "2D": "src/features/lottery/pages/lottery-page.tsx",
};

/** What the check needs of each output chunk (a subset of Rollup's and Rolldown's OutputChunk). */
export interface BudgetChunk {
  fileName: string;
  code: string;
  isEntry: boolean;
  /** The module the chunk stands for (its entry or dynamic-import target), absolute path. */
  facadeModuleId: string | null;
  /** File names of the chunks it imports statically. */
  imports: readonly string[];
}

export interface PageWeight {
  page: string;
  files: string[];
  gzipKb: number;
}

export interface BudgetReport {
  pages: PageWeight[];
  /** Human-readable reasons the budget is broken; empty when every page fits. */
  failures: string[];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * Weighs every budgeted page. A page whose chunk cannot be found is a failure too: a page that
 * stopped being split out (or was renamed) must not pass silently.
 */
export function checkBundleBudget(
  chunks: readonly BudgetChunk[],
  { budgetKb = INITIAL_JS_BUDGET_KB, pages = BUDGETED_PAGES }: { budgetKb?: number; pages?: Record<string, string> } = {},
): BudgetReport {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const gzipCache = new Map<string, number>();
  const gzipBytes = (chunk: BudgetChunk) => {
    let size = gzipCache.get(chunk.fileName);
    if (size === undefined) {
      size = gzipSync(chunk.code, { level: 9 }).length;
      gzipCache.set(chunk.fileName, size);
    }
    return size;
  };
  const closure = (roots: BudgetChunk[]) => {
    const seen = new Set<string>();
    const visit = (chunk: BudgetChunk | undefined) => {
      if (!chunk || seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      for (const imported of chunk.imports) visit(byFile.get(imported));
    };
    for (const root of roots) visit(root);
    return [...seen];
  };

  const entries = chunks.filter((c) => c.isEntry);
  const failures: string[] = [];
  if (entries.length === 0) failures.push("no entry chunk in the build");
  const report: PageWeight[] = [];
  for (const [page, source] of Object.entries(pages)) {
    const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll("\\", "/").endsWith(`/${source}`));
    if (!chunk) {
      failures.push(`${page}: no chunk of its own for ${source}`);
      continue;
    }
    const files = closure([...entries, chunk]);
    const bytes = files.reduce((sum, file) => sum + gzipBytes(byFile.get(file) as BudgetChunk), 0);
    const weight = { page, files, gzipKb: kb(bytes) };
    report.push(weight);
    if (bytes > budgetKb * 1024) failures.push(`${page}: initial JS ${weight.gzipKb} KB gzip > ${budgetKb} KB (${files.join(", ")})`);
  }
  return { pages: report, failures };
}
