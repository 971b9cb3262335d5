/**
 * The source tree as data, for the architecture test: every TypeScript file of a folder, the files
 * it imports (resolved to paths relative to the repository root) and the places where it touches
 * SQL. Imports are read with the TypeScript compiler (import, export … from, import(), type-only
 * imports too: a type-only import is still an edge of the graph).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../../../..");

export interface SourceFile {
  /** Path relative to the repository root, with forward slashes. */
  path: string;
  /** Resolved relative imports (repository paths) of files inside the repository. */
  imports: string[];
  /** Bare specifiers (packages), e.g. "drizzle-orm", "@shwe/domain". */
  packages: string[];
  /** Lines (1-based) that touch SQL: a value imported from drizzle-orm or from the table schema. */
  sqlLines: number[];
}

const SOURCE_EXT = /\.(ts|tsx)$/;

/** Every .ts/.tsx file under a repository folder (node_modules and dist skipped), sorted. */
export function listSources(folder: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(REPO_ROOT, rel))) {
      if (name === "node_modules" || name === "dist") continue;
      const child = `${rel}/${name}`;
      if (statSync(path.join(REPO_ROOT, child)).isDirectory()) walk(child);
      else if (SOURCE_EXT.test(name) && !name.endsWith(".d.ts")) out.push(child);
    }
  };
  walk(folder);
  return out.sort();
}

/** The folders of a repository folder (module or feature names), sorted. */
export function listFolders(folder: string): string[] {
  return readdirSync(path.join(REPO_ROOT, folder))
    .filter((name) => statSync(path.join(REPO_ROOT, folder, name)).isDirectory())
    .sort();
}

function resolveRelative(from: string, specifier: string): string {
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  if (SOURCE_EXT.test(joined)) return joined;
  for (const candidate of [`${joined}.ts`, `${joined}.tsx`, `${joined}/index.ts`, `${joined}/index.tsx`]) {
    try {
      if (statSync(path.join(REPO_ROOT, candidate)).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return joined;
}

/** Does this import bring in a value (not only types)? */
function importsValue(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return true; // side-effect import
  if (clause.isTypeOnly) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  if (!bindings) return false;
  if (ts.isNamespaceImport(bindings)) return true;
  return bindings.elements.some((e) => !e.isTypeOnly);
}

/** Imports of drizzle-orm or of the table schema are how code reaches SQL (query builder, `sql` templates). */
function isSqlSpecifier(specifier: string): boolean {
  return specifier === "drizzle-orm" || specifier.startsWith("drizzle-orm/") || /(^|\/)db\/schema(\/|\.ts$|$)/.test(specifier);
}

export function readSource(file: string): SourceFile {
  const text = readFileSync(path.join(REPO_ROOT, file), "utf8");
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const imports = new Set<string>();
  const packages = new Set<string>();
  const sqlLines: number[] = [];
  const add = (specifier: string) => {
    if (specifier.startsWith(".")) imports.add(resolveRelative(file, specifier));
    else packages.add(specifier);
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text);
      if (isSqlSpecifier(node.moduleSpecifier.text) && importsValue(node)) {
        sqlLines.push(source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1);
      }
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { path: file, imports: [...imports].sort(), packages: [...packages].sort(), sqlLines };
}

/**
 * The import cycles of a set of files: each strongly connected component of more than one file
 * (or a file importing itself), as its sorted file list. Tarjan's algorithm, iterative.
 */
export function findCycles(files: readonly SourceFile[]): string[][] {
  const known = new Set(files.map((f) => f.path));
  const edges = new Map(files.map((f) => [f.path, f.imports.filter((i) => known.has(i))]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let counter = 0;
  for (const root of edges.keys()) {
    if (index.has(root)) continue;
    const work: Array<{ node: string; next: number }> = [{ node: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; next: number };
      const targets = edges.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++] as string;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(target) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || (edges.get(frame.node) ?? []).includes(frame.node)) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}
