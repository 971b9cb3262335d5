/**
 * A Vitest reporter that writes the run's unhandled errors (rejections and exceptions caught outside
 * any test) to the file named by SHWE_UNHANDLED_FILE, so scripts/test.mjs can repeat them in its
 * final lines: the place a CI log is read from.
 */
import { writeFileSync } from "node:fs";

export default class UnhandledErrorsReporter {
  onTestRunEnd(_modules, unhandledErrors) {
    const file = process.env.SHWE_UNHANDLED_FILE;
    if (!file || unhandledErrors.length === 0) return;
    const lines = unhandledErrors.map((e, i) => {
      const where = [e.VITEST_TEST_PATH, e.VITEST_TEST_NAME].filter(Boolean).join(" › ");
      const stack = String(e.stack ?? "")
        .split("\n")
        .slice(0, 8)
        .join("\n    ");
      return `#${i + 1} ${e.name ?? "Error"}: ${e.message ?? String(e)}${where ? `\n    during: ${where}` : ""}\n    ${stack}`;
    });
    writeFileSync(file, lines.join("\n"));
  }
}
