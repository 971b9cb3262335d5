import { addSeeder } from "../../db/seed.ts";
import { insertRewardsIfNone } from "./points.repository.ts";

/** Demo rewards: 10 kyat a point, a little more for the larger ones. Inserted only while there are none. */
export const DEMO_POINT_REWARDS = [
  { name: "1,000 Ks", points: 100, amount: 1_000, sort: 1 },
  { name: "5,500 Ks", points: 500, amount: 5_500, sort: 2 },
  { name: "12,000 Ks", points: 1_000, amount: 12_000, sort: 3 },
  { name: "65,000 Ks", points: 5_000, amount: 65_000, sort: 4 },
] as const;

addSeeder(async (db) => {
  await insertRewardsIfNone(db, DEMO_POINT_REWARDS);
});
