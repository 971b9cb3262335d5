import { commitSeed, newSeed, yangonDate } from "@shwe/domain";
import { addSeeder } from "../../db/seed.ts";
import { readMoneySettings } from "../ledger/money-settings.repository.ts";
import { insertCampaign } from "./pocket.repository.ts";

/** The demo campaign: budget 1,000,000, 100 to 5,000 kyat per claim. */
export const DEMO_POCKET_TERMS = { budget: 1_000_000, minAmount: 100, maxAmount: 5_000 } as const;
/** Days (from today) that get a demo campaign, so a demo site left running still has one tomorrow. */
const DEMO_DAYS = 7;

/**
 * Demo mode only, idempotent: a campaign for today and the next days where none exists (an
 * operator's campaign is never changed). The level needed follows the `lvl2.required_actions`
 * setting (level 2 by default; the demo players are level 2).
 */
addSeeder(async (db, config) => {
  if (config.mode !== "demo") return;
  const settings = await readMoneySettings(db);
  const minLevel = settings.lvl2RequiredActions.includes("pocket_money") ? 2 : 1;
  const start = Date.now();
  for (let i = 0; i < DEMO_DAYS; i++) {
    const day = yangonDate(start + i * 86_400_000);
    const seed = newSeed();
    await insertCampaign(db, { ...DEMO_POCKET_TERMS, minLevel, day, seed, commitment: await commitSeed(seed), createdBy: null });
  }
});
