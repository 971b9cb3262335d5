#!/usr/bin/env node
/**
 * `npm run test:deep`: the equivalence properties of the one-call money paths (bets, wallet calls,
 * GSC+ webhooks against their general paths) with DEEP=1, so each runs 25 times its usual cases
 * (apps/server/src/test/property-runs.ts). Nightly-sized: tens of minutes on PGlite, more on
 * PostgreSQL (TEST_DATABASE_URL). A failure prints fast-check's seed and path; replay it with
 * FC_SEED=<seed> FC_PATH=<path> npm run test:deep (or npx vitest run <file> with the same env).
 * Extra arguments go to Vitest (e.g. a single file).
 */
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const files = [
  "apps/server/src/modules/lottery/bet-one-call.test.ts",
  "apps/server/src/modules/providers/wallet/wallet-one-call.test.ts",
  "apps/server/src/modules/gsc/gsc-one-call.test.ts",
];
const args = process.argv.slice(2);
const child = spawn(join(root, "node_modules/.bin/vitest"), ["run", ...(args.length > 0 ? args : files)], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, DEEP: "1" },
});
child.on("exit", (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
