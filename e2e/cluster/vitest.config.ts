import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

/**
 * The cluster journey: the compiled server behind nginx on real PostgreSQL, with an instance killed
 * mid-rush. Run only by scripts/test.mjs after the build (or `npx vitest run --config
 * e2e/cluster/vitest.config.ts`); the root vitest.config.ts and the browser journeys never include it.
 */
export default defineConfig({
  test: {
    name: "cluster",
    root: resolve(import.meta.dirname, "..", ".."),
    include: ["e2e/cluster/**/*.cluster.mjs"],
    environment: "node",
    // Every wait inside is bounded well below this; the limit only stops a run that hangs.
    testTimeout: 240_000,
    fileParallelism: false,
    maxWorkers: 1,
    pool: "forks",
  },
});
