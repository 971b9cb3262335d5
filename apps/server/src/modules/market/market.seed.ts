import { addSeeder } from "../../db/seed.ts";
import { seedDemoFeedUrl } from "../lottery/market-feed.service.ts";
import { DEMO_FEED_PATH } from "./market.routes.ts";

/**
 * Demo mode: the 2D and crypto 2D games' result feeds point at the built-in feed simulator (served
 * in-process, market.module.ts), so the live block moves offline. An operator's feed is kept.
 */
addSeeder(async (db, config) => {
  if (config.mode !== "demo") return;
  const origin = `http://127.0.0.1:${config.port}`;
  await seedDemoFeedUrl(db, "2D", `${origin}${DEMO_FEED_PATH}/set`);
  await seedDemoFeedUrl(db, "C2D", `${origin}${DEMO_FEED_PATH}/crypto`);
});
