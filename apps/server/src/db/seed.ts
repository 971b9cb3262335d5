import type { Config } from "../config/env.ts";
import type { Db } from "./client.ts";

/**
 * Seeds what the site needs to run. Every seeder is idempotent (safe on each start):
 * it inserts what is missing and never overwrites what operators changed.
 */
export interface SeedReport {
  /** Demo accounts to print at start-up (demo mode only). */
  accounts: { role: string; phone: string; password: string }[];
}

export type Seeder = (db: Db, config: Config, report: SeedReport) => Promise<void>;

/** Seeders run in this order; each module adds its own. */
const seeders: Seeder[] = [];

export function addSeeder(seeder: Seeder): void {
  seeders.push(seeder);
}

export async function seedDatabase(db: Db, config: Config): Promise<SeedReport> {
  const report: SeedReport = { accounts: [] };
  for (const seeder of seeders) await seeder(db, config, report);
  return report;
}
