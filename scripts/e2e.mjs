#!/usr/bin/env node
/**
 * Runs the browser journeys (e2e/**\/*.e2e.ts) in real Chromium against the real server, built web
 * app included. Usage: `node scripts/e2e.mjs [vitest options or file filters]` after
 * `npm run build` (`npm run test:e2e` does both).
 *
 * Without Chromium the journeys are reported as skipped and this script says how to enable them.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

const BROWSER_SKIP_NOTICE = [
  `Browser tests SKIPPED: Chromium was not found at ${chromium}.`,
  "Enable them with `apt-get install -y chromium` (or set CHROMIUM_PATH to a Chromium binary) and run the tests again.",
].join("\n");

if (!existsSync(chromium)) {
  console.log(`\n${BROWSER_SKIP_NOTICE}\n`);
} else if (!existsSync(join(root, "apps/web/dist/index.html")) || !existsSync(join(root, "apps/server/dist/main.js"))) {
  console.error("The site is not built: run `npm run build` first (or use `npm run test:e2e`).");
  process.exit(1);
}

const vitest = join(root, "node_modules/.bin/vitest");
const child = spawn(vitest, ["run", "--config", "e2e/vitest.config.ts", ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
