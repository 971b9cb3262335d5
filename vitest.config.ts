import { defineConfig } from "vitest/config";

/**
 * Unit and integration tests: `vitest run` (npm test runs it after lint and type checks).
 * The browser journeys in e2e/ are a separate Vitest project (e2e/vitest.config.ts) run only by
 * scripts/e2e.mjs; none of the include patterns below reaches e2e/ or bench/.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "domain",
          include: ["packages/*/src/**/*.test.ts"],
          environment: "node",
          // The statistical tests hash 10,000 draws: seconds on a slow or busy machine, whose speed
          // is not what they test.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
          // Files share their worker's modules instead of importing the whole server again each
          // (on PostgreSQL here: 438 s → 273 s for the project). Safe because every file builds its
          // own app and database, the server keeps per-app state in WeakMaps keyed by the app or the
          // database, and no test changes process.env, globals or module mocks.
          isolate: false,
        },
      },
      "apps/web/vitest.config.ts",
    ],
  },
});
