#!/usr/bin/env node
/**
 * Compiles the server and the shared packages to JavaScript (`npm run build` runs it after the web
 * build): packages/domain/dist, packages/contracts/dist, packages/gsc-simulator/dist (the GSC+
 * simulator demo mode mounts) and apps/server/dist, each a mirror of its
 * src/ with the `.ts` import extensions rewritten to `.js`. `npm run serve` then runs
 * apps/server/dist/main.js with plain `node --conditions=shwe-compiled`, the export condition under
 * which the packages resolve to their compiled dist/ instead of their TypeScript sources.
 */
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tsc = join(root, "node_modules/.bin/tsc");

for (const project of ["packages/domain", "packages/contracts", "packages/gsc-simulator", "apps/server"]) {
  rmSync(join(root, project, "dist"), { recursive: true, force: true });
  const started = Date.now();
  const result = spawnSync(tsc, ["-p", join(project, "tsconfig.build.json")], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`[build] compiling ${project} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`[build] ${project} → ${project}/dist in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}
