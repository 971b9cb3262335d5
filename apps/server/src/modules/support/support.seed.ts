import { addSeeder } from "../../db/seed.ts";
import { seedCannedAnswers } from "./support.service.ts";

/** Demo mode only, idempotent: a few canned answers in each language when there are none. */
addSeeder(async (db, config) => {
  if (config.mode !== "demo") return;
  await seedCannedAnswers({ db });
});
