/**
 * Registers every module's seeder, in order. Importing this file is what makes `seedDatabase`
 * seed the site (main.ts and the test helpers import it).
 */
import "../modules/content/content.seed.ts";
import "../modules/catalogue/catalogue.seed.ts";
import "../modules/accounts/accounts.seed.ts";
import "../modules/cash/cash.seed.ts";
import "../modules/providers/providers.seed.ts";
import "../modules/rewards/points.seed.ts";
import "../modules/rewards/pocket.seed.ts";
import "../modules/support/support.seed.ts";
import "../modules/market/market.seed.ts";
import "../modules/lottery/lottery.seed.ts";
import "../modules/lottery/results.seed.ts";
