import { addSeeder } from "../../db/seed.ts";
import { seedReferralShare } from "./referral/provider-settings.repository.ts";

/** The referral share setting (default 5 %), so operators see and can change it. */
addSeeder(async (db) => {
  await seedReferralShare(db);
});
