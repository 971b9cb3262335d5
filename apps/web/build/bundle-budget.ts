import { gzipSync } from "node:zlib";

/**
 * The JavaScript budget of a first visit: for each listed page, the JS the browser must download
 * before it can draw that page — the entry chunk index.html loads, everything it imports
 * statically, and the page's own chunk with its static imports — gzip level 9, in KB (1,024 bytes).
 * Chunks loaded later (other pages, dialogs, toasts, the operator console) are not counted.
 */

/**
 * The budget every entry page is held to, in KB of gzipped JS. The goal for cheap Android phones is
 * 90 KB (`INITIAL_JS_TARGET_KB`); React's DOM renderer with React and the scheduler weigh about 66 KB
 * of it alone and TanStack Query about 10 KB more, so the enforced ceiling comes down step by step as
 * the page code shrinks (bench/README.md, "Cheap phones"). It went from 117 to 119 KB with islands
 * that keep the first tap, the socket's watch topics for the live support console and the ticker's
 * texts in every language (about 1.4 KB on every page, see bench/README.md), then to 120 KB when
 * the 2D page's market block came to be drawn by the server without readings (about 1.2 KB on the
 * 2D page: its note, the page's largest text, had painted 2.5 s after the rest on a phone). Then
 * down to 114 KB (2026-11-26): the entry's shared modules in the entry chunk instead of about 17 small
 * chunks, the socket's connection code and the session's storage middleware out of the first
 * download, the start script minified, the home page's lower half as islands; the heaviest page,
 * 2D, weighs 112.5 KB.
 */
export const INITIAL_JS_BUDGET_KB = 114;

/** Where the budget is headed (issue: fast on cheap Android phones). */
export const INITIAL_JS_TARGET_KB = 90;

/**
 * Pages allowed more than the ceiling, with the reason; none today. Sign-in and cash-in had 150 and
 * 157 KB because their forms checked fields with the shared zod schemas (packages/contracts, a
 * 35.7 KB gzip chunk with zod). Cash-in now checks its fields with the domain's rules the contracts
 * are built from (156 → 119.5 KB), and the account calls load the schemas when first used, started
 * as the player enters a field (sign-in 149.4 → 113.1 KB). zod/mini was weighed and not taken: 3.5 KB
 * gzip for the cash-in's two fields (about 122.7 KB in all) and about 7 KB for a cut-down sign-in
 * body and session, before the other account calls' schemas.
 */
export const PAGE_BUDGET_KB: Readonly<Record<string, number>> = {};

/**
 * Pages held to the budget, by the source file of their lazy chunk (relative to apps/web): the pages
 * a visit starts on. The 2D page's chunk also draws 1D, 3D and the crypto draws.
 */
export const BUDGETED_PAGES: Record<string, string> = {
  home: "src/features/home/pages/home-page.tsx",
  "2D": "src/features/lottery/pages/lottery-page.tsx",
  "winner list": "src/features/lottery/pages/winner-list-page.tsx",
  "sign-in": "src/features/auth/pages/login-page.tsx",
  "cash-in": "src/features/wallet/pages/cash-in-page.tsx",
  "bet-slip history": "src/features/lottery/pages/bet-slip-page.tsx",
};

/** The chunk list the build writes inside its output folder, without the code (build/check-budget.ts). */
export const BUDGET_STATS = ".budget/chunks.json";

/** How many of a page's largest modules a failure lists. */
const LARGEST_LISTED = 12;

/** What the check needs of each output chunk (a subset of Rollup's and Rolldown's OutputChunk). */
export interface BudgetChunk {
  fileName: string;
  code: string;
  isEntry: boolean;
  /** The module the chunk stands for (its entry or dynamic-import target), absolute path. */
  facadeModuleId: string | null;
  /** File names of the chunks it imports statically. */
  imports: readonly string[];
  /** The modules bundled in it, by id, with their size in the chunk before minification (bytes). */
  modules?: Readonly<Record<string, number>>;
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
  {
    budgetKb = INITIAL_JS_BUDGET_KB,
    pages = BUDGETED_PAGES,
    pageBudgetKb = PAGE_BUDGET_KB,
  }: { budgetKb?: number; pages?: Record<string, string>; pageBudgetKb?: Readonly<Record<string, number>> } = {},
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
    const limitKb = pageBudgetKb[page] ?? budgetKb;
    if (bytes > limitKb * 1024)
      failures.push(
        `${page}: initial JS ${weight.gzipKb} KB gzip > ${limitKb} KB (${files.join(", ")})${largestModules(files.map((f) => byFile.get(f) as BudgetChunk))}`,
      );
  }
  return { pages: report, failures };
}

/** The page's largest modules, one a line, for the message of a broken budget ("" when none are known). */
function largestModules(chunks: readonly BudgetChunk[]): string {
  const modules = chunks.flatMap((chunk) =>
    Object.entries(chunk.modules ?? {}).map(([id, bytes]) => ({ id, bytes, file: chunk.fileName })),
  );
  if (modules.length === 0) return "";
  modules.sort((a, b) => b.bytes - a.bytes || a.id.localeCompare(b.id));
  const lines = modules
    .slice(0, LARGEST_LISTED)
    .map((m) => `    ${(m.bytes / 1024).toFixed(1).padStart(7)} KB  ${shortModuleId(m.id)}  (${m.file})`);
  return `\n  largest modules (before minification):\n${lines.join("\n")}`;
}

/** A module id without the machine's folders: `node_modules/…` or the path inside the repository. */
export function shortModuleId(id: string): string {
  const path = id.replaceAll("\\", "/").replace(/^\0/, "");
  const nm = path.lastIndexOf("/node_modules/");
  if (nm >= 0) return path.slice(nm + 1);
  const src = path.search(/\/(apps|packages)\//);
  return src >= 0 ? path.slice(src + 1) : path;
}
