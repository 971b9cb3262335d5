/**
 * `npm run audit:ledger`: runs the ledger invariants I1–I8 (reliability.md) against the database of
 * DATABASE_URL, or the embedded database in DATA_DIR (stop the server first: the embedded database
 * is single-process; while it runs, operators use GET /api/admin/ledger/audit instead).
 * Exit code 0 when clean, 1 on violations, 2 when the audit could not run. `--json` prints the report.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, loadConfig } from "../config/env.ts";
import { migrationsApplied, openDatabase } from "../db/client.ts";
import { auditLedger } from "../modules/ledger/audit.ts";

async function main(): Promise<number> {
  const json = process.argv.includes("--json");
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
  if (!config.databaseUrl && (config.dataDir === "memory" || !existsSync(join(config.dataDir, "pglite")))) {
    console.error(`No database to audit: set DATABASE_URL, or DATA_DIR to the folder of the embedded database (now ${config.dataDir}).`);
    return 2;
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    if (!(await migrationsApplied(database))) {
      console.error("The database is not migrated; start the server once first.");
      return 2;
    }
    const report = await auditLedger(database.db);
    if (json) {
      console.log(JSON.stringify(report, null, 2));
    } else {
      const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded database in ${config.dataDir}`;
      console.log(`Ledger audit of the ${where}: ${report.ok ? "clean" : `${report.violations.length} violation(s)`}`);
      for (const v of report.violations) console.log(`  ✗ ${v.invariant}  ${v.detail}`);
      for (const s of report.skipped) console.log(`  – ${s.invariant} skipped: ${s.detail}`);
    }
    return report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error("The ledger audit could not run:", err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
