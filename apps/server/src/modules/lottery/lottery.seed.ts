import { addSeeder } from "../../db/seed.ts";
import { createSystemAccounts } from "../ledger/ledger.repository.ts";
import { lotteryHouseCodes } from "./betting.service.ts";

/**
 * Every mode, every start: the lottery's house shards exist (balance 0) before the first slip. A slip
 * whose shard is missing is handed back by `bet_place` (HOUSE_ACCOUNT) to the general path, which
 * creates the account while holding the slip's rows; at a new deployment's first draw-time rush that
 * made the batches around it wait (docs/decisions/0028). Idempotent and safe with two instances
 * starting at once (an existing code is left as it is).
 */
addSeeder(async (db) => {
  await createSystemAccounts(db, lotteryHouseCodes());
});
