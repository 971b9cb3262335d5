/**
 * No dead code behind an `export`: every exported value (function, constant, component, class) of
 * the apps, the packages and the browser journeys is used, by its own file or by another file of
 * the repository (tests, benches and scripts included). A value nothing uses is deleted. Types are
 * not checked: a contract's `type X = z.infer<…>` beside its schema is the contract's vocabulary
 * even before a caller names it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./test/import-graph.ts";

/** Where exports are checked. */
const DECLARING = ["apps/server/src", "apps/web/src", "apps/web/build", "packages", "e2e"];
/** Where a name counts as used. */
const USING = ["apps", "packages", "e2e", "bench", "scripts"];

/** Files whose exports are read as a whole (`import * as schema`: drizzle needs every table), not by name. */
const READ_AS_A_WHOLE = /^apps\/server\/src\/db\/schema\//;

function walk(folder: string, pattern: RegExp, out: string[] = []): string[] {
  for (const name of readdirSync(path.join(REPO_ROOT, folder))) {
    if (name === "node_modules" || name === "dist" || name.startsWith(".")) continue;
    const child = `${folder}/${name}`;
    if (statSync(path.join(REPO_ROOT, child)).isDirectory()) walk(child, pattern, out);
    else if (pattern.test(name) && !name.endsWith(".d.ts")) out.push(child);
  }
  return out;
}

const rootFiles = readdirSync(REPO_ROOT).filter((n) => /\.(ts|mjs|js)$/.test(n));
const usingFiles = [...new Set([...USING.flatMap((f) => walk(f, /\.(ts|tsx|mts|mjs|js|cjs)$/)), ...rootFiles])];
const texts = new Map(usingFiles.map((f) => [f, readFileSync(path.join(REPO_ROOT, f), "utf8")]));

/** How often a text names an identifier (as a whole word). */
const timesNamed = (text: string, name: string) =>
  text.includes(name) ? (text.match(new RegExp(`(?<![\\w$])${name.replaceAll("$", "\\$")}(?![\\w$])`, "g"))?.length ?? 0) : 0;

/** The values a file exports by name (not its default export, not types). */
function exportedValues(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const names: string[] = [];
  for (const statement of source.statements) {
    const modifiers = ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : [];
    if (!modifiers.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (modifiers.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword || m.kind === ts.SyntaxKind.DeclareKeyword)) continue;
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) names.push(d.name.text);
    } else if (
      (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) &&
      statement.name
    ) {
      names.push(statement.name.text);
    }
  }
  return names;
}

describe("exports", () => {
  it("reads exported values, not types or default exports", () => {
    const text = [
      "export const A = 1, B = 2;",
      "export function f() {}",
      "export class C {}",
      "export type T = string;",
      "export interface I {}",
      "export default function main() {}",
      "const inner = 3;",
    ].join("\n");
    expect(exportedValues("x.ts", text)).toEqual(["A", "B", "f", "C"]);
  });

  it("are each used somewhere in the repository", () => {
    const declaring = DECLARING.flatMap((f) => walk(f, /\.(ts|tsx)$/)).filter((f) => !READ_AS_A_WHOLE.test(f));
    const dead = declaring.flatMap((file) => {
      const own = texts.get(file) ?? readFileSync(path.join(REPO_ROOT, file), "utf8");
      return exportedValues(file, own)
        .filter(
          (name) =>
            timesNamed(own, name) === 1 && usingFiles.every((other) => other === file || timesNamed(texts.get(other) ?? "", name) === 0),
        )
        .map((name) => `${file}: ${name}`);
    });
    expect(dead, "exported values nothing uses: delete them").toEqual([]);
  });
});
