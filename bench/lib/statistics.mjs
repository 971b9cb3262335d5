import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { machineInfo, resultsDir } from "./setup.mjs";

/** Figures and result files: rounding, percentiles, and the JSON file each benchmark writes. */

export const round = (n, digits = 1) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

/** The middle value (the upper of the two middle ones for an even count); `values` is not reordered. */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/**
 * A result file. `rows`: one per figure {metric, figure, unit, reference, reference_unit, ratio, target, pass};
 * the runner turns every file's rows into the README table.
 */
export function writeResult(name, data) {
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify({ name, machine: machineInfo(), ...data }, null, 2)}\n`);
  return file;
}
