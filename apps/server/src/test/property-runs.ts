/**
 * How many cases an equivalence property runs (the one-call money paths against the general ones).
 *
 * - `npm test`: `numRuns` as written in the test.
 * - `npm run test:deep` (env DEEP=1): DEEP_FACTOR times as many, a nightly-sized run.
 * - A failure's message carries fast-check's seed and path (`{ seed: …, path: "…" }`); run the
 *   failing test again with env FC_SEED=<seed> (and FC_PATH=<path>) to replay exactly that case.
 */
export const DEEP_FACTOR = 25;

export interface PropertyRuns {
  numRuns: number;
  seed?: number;
  path?: string;
  endOnFailure?: boolean;
}

export function propertyRuns(numRuns: number, env: NodeJS.ProcessEnv = process.env): PropertyRuns {
  const deep = env.DEEP !== undefined && env.DEEP !== "" && env.DEEP !== "0";
  const runs: PropertyRuns = { numRuns: deep ? numRuns * DEEP_FACTOR : numRuns };
  const seed = env.FC_SEED === undefined || env.FC_SEED === "" ? undefined : Number(env.FC_SEED);
  if (seed !== undefined) {
    if (!Number.isInteger(seed)) throw new Error(`FC_SEED must be an integer, not ${env.FC_SEED}`);
    runs.seed = seed;
    if (env.FC_PATH) runs.path = env.FC_PATH;
    runs.endOnFailure = true;
  }
  return runs;
}

/** A test's own time limit under DEEP=1 grows with its runs. */
export function propertyTimeout(ms: number, env: NodeJS.ProcessEnv = process.env): number {
  const deep = env.DEEP !== undefined && env.DEEP !== "" && env.DEEP !== "0";
  return deep ? ms * DEEP_FACTOR : ms;
}
