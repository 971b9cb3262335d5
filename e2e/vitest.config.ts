import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Browser journeys in real Chromium against the real server. Run only through scripts/e2e.mjs
 * (npm test, npm run test:e2e); the root vitest.config.ts never includes these files.
 */
export default defineConfig({
  test: {
    name: "e2e",
    root: resolve(import.meta.dirname, ".."),
    include: ["e2e/**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["e2e/support/global-setup.ts"],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // A page answers a socket message or a request in its own time on a busy machine: polls wait for
    // their condition up to 15 s (vitest's own default is 1 s) instead of failing on a slow turn.
    expect: { poll: { timeout: 15_000 } },
    teardownTimeout: 30_000,
    // One file at a time: each launches its own Chromium and the machine has few cores.
    fileParallelism: false,
    maxWorkers: 1,
    pool: "forks",
  },
});
