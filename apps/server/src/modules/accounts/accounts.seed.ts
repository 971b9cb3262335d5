import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { addSeeder } from "../../db/seed.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { createPlayerLedgerAccounts } from "../ledger/player-accounts.repository.ts";
import { createUserWithCodes } from "./session.service.ts";
import { findUserByPhone } from "./users.repository.ts";

/** The demo accounts of api.md "Demo mode" (their balances are funded by the money module's seeder). */
export const DEMO_ACCOUNTS = [
  // The first demo operator is an admin too (game settings, catalogue, content, operator accounts).
  { label: "operator (admin)", role: "admin", phone: "09400000001", password: "demo-operator-1", name: "Demo Operator 1" },
  { label: "operator", role: "operator", phone: "09400000002", password: "demo-operator-2", name: "Demo Operator 2" },
  { label: "player (funded)", role: "player", phone: "09500000001", password: "demo-player-1", name: "Demo Player 1" },
  { label: "player (funded)", role: "player", phone: "09500000002", password: "demo-player-2", name: "Demo Player 2" },
] as const;

/**
 * Demo mode only, idempotent: creates the missing demo accounts (players at level 2, approved, so
 * every feature is open) with their ledger accounts; an account that exists is left as it is.
 */
addSeeder(async (db, config, report) => {
  if (config.mode !== "demo") return;
  for (const account of DEMO_ACCOUNTS) {
    const existing = await findUserByPhone(db, account.phone);
    if (existing) {
      await createPlayerLedgerAccounts(db, existing.id);
      // A demo database made before the roles were split keeps working.
      if (existing.role !== account.role) await db.update(users).set({ role: account.role }).where(eq(users.id, existing.id));
    } else {
      const passwordHash = await hashPassword(account.password);
      const player = account.role === "player";
      await db.transaction(async (tx) => {
        const id = await createUserWithCodes(tx, {
          phone: account.phone,
          name: account.name,
          passwordHash,
          referredBy: null,
          role: account.role,
          lvl2: player ? 2 : 1,
          lvl2Status: player ? "approved" : "none",
        });
        await createPlayerLedgerAccounts(tx, id);
      });
    }
    report.accounts.push({ role: account.label, phone: account.phone, password: account.password });
  }
});
