import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runRush } from "../../bench/lib/rush.mjs";
import { findProgram, rootDir } from "../../scripts/lib/cluster.mjs";

/**
 * A short draw-time rush behind nginx on real PostgreSQL: 300 players on WebSockets, 2 compiled
 * instances, PgBouncer when installed (else the instances connect to PostgreSQL directly), slips in
 * the last 15 s before a 2D cut-off, one instance killed with SIGKILL at 5/6 of it. Its sockets
 * reconnect through nginx to the other and resume, slips in flight are retried with their
 * Idempotency-Keys, and once the cut-off has passed the draw is made due and the surviving instance's
 * scheduler reveals and settles it. Nothing may be lost or doubled: every acknowledged slip is in the
 * database once and no other is, every balance is what the players were told, every socket shows the
 * result and its final balance, the ledger auditor is clean. Every wait is on a condition, each
 * bounded; no figure is timed. Needs TEST_DATABASE_URL (a PostgreSQL server where a database may be
 * created), nginx and `npm run build`.
 */
const pgbouncer = Boolean(findProgram("pgbouncer"));
const missing = [
  !process.env.TEST_DATABASE_URL && "TEST_DATABASE_URL is not set (a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres)",
  !findProgram("nginx") && "nginx is not installed (apt-get install -y nginx-light)",
  !existsSync(join(rootDir, "apps/server/dist/main.js")) && "the server is not compiled (npm run build)",
].filter(Boolean);
if (missing.length > 0) console.log(`\nCluster journey SKIPPED: ${missing.join("; ")}.\n`);
else if (!pgbouncer)
  console.log(
    "\nCluster journey without PgBouncer (not installed: apt-get install -y pgbouncer): instances connect to PostgreSQL directly.\n",
  );

describe.skipIf(missing.length > 0)("an instance killed during the draw-time rush, behind nginx", () => {
  it("loses and doubles nothing, and every socket catches up", async () => {
    const out = await runRush({
      players: 300,
      windowS: 15,
      instances: 2,
      fault: "instance",
      pgbouncer,
      adminUrl: process.env.TEST_DATABASE_URL,
      log: (line) => process.stderr.write(`[cluster] ${line}\n`),
    });
    // The fault happened, slips went through and some sockets had to reconnect.
    expect(out.fault?.what).toMatch(/killed with SIGKILL/);
    expect(out.slips.accepted).toBeGreaterThan(0);
    expect(out.sockets_reconnected).toBeGreaterThan(0);
    expect(out.draw.settled_in_time).toBe(true);
    expect({ ...out.checks, auditor_sample: undefined }).toEqual({
      lost_acknowledged_slips: 0,
      slips_in_database_never_acknowledged: 0,
      doubled_acknowledgements: 0,
      slips_without_answer: 0,
      player_balance_mismatches: 0,
      sockets_without_result: 0,
      sockets_with_wrong_final_balance: 0,
      winners_without_balance: 0,
      auditor_violations: 0,
      auditor_sample: undefined,
    });
    expect(out.clean).toBe(true);
  });
});
